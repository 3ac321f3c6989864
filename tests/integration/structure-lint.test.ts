import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { cruise, type IForbiddenRuleType } from "dependency-cruiser";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT } from "../support/server-process";

// `npm run lint` holds the structure README's "How it is built" draws: a feature imports
// no other feature, server/platform imports no concern, and a concern reaches another
// only through the modules it names as its entry (.dependency-cruiser.cjs). Each rule is
// shown refusing an example, and letting its allowed neighbour through, in a small tree
// of its own shaped like the project's.

const { forbidden } = createRequire(import.meta.url)(path.join(ROOT, ".dependency-cruiser.cjs")) as {
  forbidden: IForbiddenRuleType[];
};
const trees: string[] = [];
afterAll(() => {
  for (const dir of trees) fs.rmSync(dir, { recursive: true, force: true });
});

/** The rules broken by a tree of the given files (path → source). */
async function violationsOf(files: Record<string, string>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "structure-"));
  trees.push(dir);
  for (const [file, source] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), source);
  }
  const folders = [...new Set(Object.keys(files).map((file) => file.split("/")[0] as string))];
  const result = await cruise(folders, { validate: true, ruleSet: { forbidden }, baseDir: dir });
  if (typeof result.output === "string") throw new Error("a cruise answers with its result");
  return result.output.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`);
}

describe("the structure, held by the linter", () => {
  it("refuses a feature importing another feature, and lets it import a component", async () => {
    expect(
      await violationsOf({
        "app/features/accounts/list.ts":
          'import { y } from "../eligibility/flow";\nimport { c } from "../../components/c";\nexport const x = y + c;\n',
        "app/features/eligibility/flow.ts": "export const y = 1;\n",
        "app/components/c.ts": "export const c = 1;\n",
      }),
    ).toEqual(["features-import-no-feature: app/features/accounts/list.ts → app/features/eligibility/flow.ts"]);
  });

  it("refuses a page importing a route or a feature importing a page, and lets a page import features", async () => {
    expect(
      await violationsOf({
        "app/pages/loans.tsx":
          'import { r } from "../routes/apply";\nimport { y } from "../features/eligibility/flow";\nimport { z } from "../features/calculators/island";\nexport const x = r + y + z;\n',
        "app/routes/apply.tsx": "export const r = 1;\n",
        "app/features/eligibility/flow.ts": 'import { h } from "../../pages/home";\nexport const y = h;\n',
        "app/features/calculators/island.ts": "export const z = 1;\n",
        "app/pages/home.tsx": "export const h = 1;\n",
      }),
    ).toEqual([
      "features-import-down: app/features/eligibility/flow.ts → app/pages/home.tsx",
      "pages-import-down: app/pages/loans.tsx → app/routes/apply.tsx",
    ]);
  });

  it("refuses server/platform importing a concern or the composition, and lets it import itself", async () => {
    expect(
      await violationsOf({
        "server/platform/outbox.ts":
          'import { q } from "../staff/leads/reminders.server";\nimport { s } from "../start";\nimport { l } from "./logger";\nexport const p = q + s + l;\n',
        "server/platform/logger.ts": "export const l = 1;\n",
        "server/staff/leads/reminders.server.ts": "export const q = 1;\n",
        "server/start.ts": "export const s = 1;\n",
      }),
    ).toEqual([
      "platform-imports-no-concern: server/platform/outbox.ts → server/staff/leads/reminders.server.ts",
      "platform-imports-no-concern: server/platform/outbox.ts → server/start.ts",
    ]);
  });

  it("refuses a concern reaching into another past its entry, and lets it through the entry", async () => {
    expect(
      await violationsOf({
        "server/privacy/retention.ts":
          'import { i } from "../staff/leads/inbox.server";\nimport { s } from "../staff/session.server";\nexport const r = i + s;\n',
        "server/staff/leads/inbox.server.ts": "export const i = 1;\n",
        "server/staff/session.server.ts": "export const s = 1;\n",
      }),
    ).toEqual(["staff-reached-through-its-entry: server/privacy/retention.ts → server/staff/leads/inbox.server.ts"]);
  });
});
