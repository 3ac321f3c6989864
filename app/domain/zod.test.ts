import { afterEach, expect, it, vi } from "vitest";
import { z } from "./zod";

// The site's Content-Security-Policy forbids eval: a schema that compiled its parser with
// `new Function` would be a CSP violation in every browser that ran it.
afterEach(() => {
  vi.unstubAllGlobals();
});

it("parses objects without compiling code at run time", () => {
  const compiled = vi.fn(() => {
    throw new EvalError("refused by the Content-Security-Policy");
  });
  vi.stubGlobal("Function", compiled);
  const answers = z.object({ amount: z.number().int(), purpose: z.enum(["home-improvements", "other"]) });
  for (let i = 0; i < 3; i++)
    expect(answers.parse({ amount: 50_000, purpose: "other" })).toEqual({ amount: 50_000, purpose: "other" });
  expect(compiled).not.toHaveBeenCalled();
});
