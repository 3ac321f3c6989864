import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { ROOT } from "../support/server-process";

// `npm run lint` refuses a console route that asks the guard, checks a post's site or
// reads its form by hand instead of through its one wrapper (eslint.config.js).

const eslint = new ESLint({ cwd: ROOT });
const problemsOf = async (code: string, file: string) =>
  (await eslint.lintText(code, { filePath: `${ROOT}/app/routes/${file}` }))
    .flatMap((result) => result.messages)
    .map((message) => message.ruleId);

describe("a console route through its wrapper, held by the linter", () => {
  it.each([
    ['import { requirePermission } from "../../server/staff/guard.server";', "the guard asked by hand"],
    ['import { staffFormPost } from "../../server/staff/form-post.server";', "the form read by hand"],
    ['import { isSameSitePost } from "../../server/platform/form-post.server";', "the post's site checked by hand"],
  ])("refuses %s (%s)", async (line) => {
    expect(await problemsOf(`${line}\nexport const x = 1;\n`, "staff.example.tsx")).toContain("no-restricted-imports");
  });

  it("refuses the same in any file of a route's folder, a level deeper", async () => {
    const line = 'import { requirePermission } from "../../../server/staff/guard.server";\nexport const x = 1;\n';
    expect(await problemsOf(line, "staff.example.$id/route.tsx")).toContain("no-restricted-imports");
    expect(await problemsOf(line, "staff.example.$id/save.server.ts")).toContain("no-restricted-imports");
  });

  it("lets a route use the wrapper, and the door read its own form", async () => {
    expect(
      await problemsOf(
        'import { consoleAction } from "../../server/staff/console-route.server";\nexport const x = consoleAction;\n',
        "staff.example.tsx",
      ),
    ).toEqual([]);
    expect(
      await problemsOf(
        'import { staffFormPost } from "../../server/staff/form-post.server";\nexport const x = staffFormPost;\n',
        "staff_.sign-in.tsx",
      ),
    ).toEqual([]);
  });
});

describe("a borrower's page through its one guard, held by the linter", () => {
  it("refuses an account page asking for the session by hand, and lets it use requireBorrower", async () => {
    const by = (name: string) => `import { ${name} } from "../../server/borrowers/accounts.server";\nexport const x = ${name};\n`;
    expect(await problemsOf(by("currentSession"), "account.example.tsx")).toContain("no-restricted-imports");
    expect(await problemsOf(by("requireBorrower"), "account.example.tsx")).toEqual([]);
    // The sign-in page asks whether someone is signed in, to send them on: not a guard.
    expect(await problemsOf(by("currentSession"), "auth.tsx")).toEqual([]);
  });
});
