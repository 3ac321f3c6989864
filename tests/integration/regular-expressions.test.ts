import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { byRule } from "../support/by-rule";

// Every regular expression in app/ and server/ is checked by eslint-plugin-regexp for
// matching time that can grow faster than its input (eslint.config.js, decision 261): a
// path check with a nested quantifier once held the event loop for ever on one request.

const root = path.resolve(import.meta.dirname, "../..");
const eslint = new ESLint({ cwd: root });

/** The rules a source file at `filePath` breaks, as ESLint names them. */
async function broken(source: string, filePath: string) {
  const [result] = await eslint.lintText(source, { filePath: path.join(root, filePath) });
  return (result?.messages ?? []).map((message) => message.ruleId);
}

describe("regular expressions", () => {
  it("none in app/ or server/ can take super-linear time", async () => {
    const results = await eslint.lintFiles(["app", "server"]);
    const problems = results.flatMap((result) =>
      result.messages.map((m) => `${path.relative(root, result.filePath)}:${m.line} ${m.ruleId}: ${m.message}`),
    );
    expect(results.length).toBeGreaterThan(300);
    expect(problems).toEqual([]);
  }, 120_000);

  it.each(
    byRule([
      {
        rule: "a nested quantifier is refused (the path check that hung the site)",
        source: "export const plain = /^\\/(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\\/?)*$/;",
        file: "server/example.ts",
        expected: ["regexp/no-super-linear-backtracking"],
      },
      {
        rule: "two quantifiers that trade characters are refused",
        source: "export const money = /^(\\d+\\.?\\d*|\\.\\d+)$/;",
        file: "app/domain/example.ts",
        expected: ["regexp/no-super-linear-backtracking"],
      },
      {
        rule: "an unanchored scan that restarts at every character is refused",
        source: 'export const trim = (s: string) => s.replace(/\\/+$/, "");',
        file: "server/example.ts",
        expected: ["regexp/no-super-linear-move"],
      },
      {
        rule: "in a test, a scan over the test's own strings is let through",
        source: 'export const trim = (s: string) => s.replace(/\\/+$/, "");',
        file: "server/example.test.ts",
        expected: [],
      },
      {
        rule: "in a test, backtracking is still refused",
        source: "export const plain = /^(?:a+)+$/;",
        file: "server/example.test.ts",
        expected: ["regexp/no-super-linear-backtracking"],
      },
      {
        rule: "a linear expression passes",
        source: "export const id = /^[0-9a-f]{8}-[0-9a-f]{4}$/;",
        file: "app/domain/example.ts",
        expected: [],
      },
      {
        rule: "a .tsx file is read too",
        source: "export const A = () => <p>{/^(?:a+)+$/.test('a') ? 1 : 0}</p>;",
        file: "app/components/example.tsx",
        expected: ["regexp/no-super-linear-backtracking"],
      },
    ]),
  )("%s", async (_rule, { source, file, expected }) => {
    expect(await broken(source, file)).toEqual(expected);
  });
});
