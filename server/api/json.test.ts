import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { byRule } from "../../tests/support/by-rule";
import { fromOurPages, isWellFormedJson, JSON_ONLY, NOT_FROM_OUR_PAGES, NOT_UNICODE, parseJsonBody } from "./json";

// The JSON API's front door (server/api/json.ts): who may post, in what media type, and
// what a body must be before any schema sees it.

const SITE = "http://localhost:3000";
const LONE = "A\ud800";

/** `value` wrapped in `depth` arrays: depth 1 is `[value]`. */
const nested = (value: unknown, depth: number): unknown => (depth === 0 ? value : nested([value], depth - 1));

describe("isWellFormedJson", () => {
  it.each(
    byRule([
      { rule: "a plain string", value: "Jane", expected: true },
      { rule: "numbers, booleans and null", value: [1, true, null], expected: true },
      { rule: "a lone surrogate in a string", value: LONE, expected: false },
      { rule: "a surrogate pair is text (an emoji)", value: "\ud83d\ude00", expected: true },
      { rule: "a lone surrogate in an array", value: ["ok", LONE], expected: false },
      { rule: "a lone surrogate in an object's value", value: { name: LONE }, expected: false },
      { rule: "a lone surrogate in an object's key", value: { [LONE]: "x" }, expected: false },
      { rule: "a lone surrogate deep inside", value: { a: [{ b: [LONE] }] }, expected: false },
      { rule: "a value inside 33 arrays is read through", value: nested("x", 33), expected: true },
      { rule: "a lone surrogate inside 33 arrays is found", value: nested(LONE, 33), expected: false },
      { rule: "34 arrays are too deep to trust", value: nested("x", 34), expected: false },
      { rule: "so is an object inside 33 arrays", value: nested({ a: "x" }, 33), expected: false },
    ]),
  )("%s", (_rule, { value, expected }) => {
    expect(isWellFormedJson(value)).toBe(expected);
  });
});

describe("fromOurPages and parseJsonBody", () => {
  const schema = z.object({ amount: z.number().min(1, "Too small"), person: z.object({ name: z.string() }) });
  const app = new Hono().post("/", fromOurPages(SITE), async (c) => {
    const body = await parseJsonBody(c, schema);
    return body.ok ? c.json({ got: body.data }) : body.response;
  });
  const post = (body: string, headers: Record<string, string> = {}) =>
    app.request(`${SITE}/`, {
      method: "POST",
      headers: { Origin: SITE, "Sec-Fetch-Site": "same-origin", "Content-Type": "application/json", ...headers },
      body,
    });
  const answer = async (response: Response) => ({ status: response.status, body: await response.json() });

  it("takes JSON from our pages whatever the media type's case and parameters", async () => {
    const body = JSON.stringify({ amount: 5, person: { name: "Jane" } });
    expect(await answer(await post(body, { "Content-Type": "Application/JSON ; charset=UTF-8" }))).toEqual({
      status: 200,
      body: { got: { amount: 5, person: { name: "Jane" } } },
    });
  });

  it("refuses another site's post with 403 and says why", async () => {
    const response = await post("{}", { Origin: "https://elsewhere.example", "Sec-Fetch-Site": "cross-site" });
    expect(await answer(response)).toEqual({ status: 403, body: { error: NOT_FROM_OUR_PAGES } });
  });

  it("refuses a body that is not JSON by its media type with 415, a missing type too", async () => {
    for (const type of ["text/plain", "application/x-www-form-urlencoded", ""]) {
      expect(await answer(await post("{}", { "Content-Type": type })), type).toEqual({
        status: 415,
        body: { error: JSON_ONLY },
      });
    }
  });

  it("answers malformed JSON, text that is not Unicode and a schema's refusal with 400, each saying which", async () => {
    expect(await answer(await post("{nope"))).toEqual({
      status: 400,
      body: { error: "Request body must be valid JSON" },
    });
    expect(await answer(await post('{"person":{"name":"A\\ud800"}}'))).toEqual({
      status: 400,
      body: { error: NOT_UNICODE },
    });
    expect(await answer(await post(JSON.stringify({ amount: 0, person: {} })))).toEqual({
      status: 400,
      body: {
        error: "Invalid request: amount: Too small; person.name: Invalid input: expected string, received undefined",
        issues: [
          { path: "amount", message: "Too small" },
          { path: "person.name", message: "Invalid input: expected string, received undefined" },
        ],
      },
    });
  });
});
