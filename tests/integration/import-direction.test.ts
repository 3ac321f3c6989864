import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { cruise, type IForbiddenRuleType } from "dependency-cruiser";
import { describe, expect, it } from "vitest";
import { byRule } from "../support/by-rule";

// `npm run lint` refuses an import against the layers (.dependency-cruiser.cjs): here a
// small tree with one import in it is checked by the project's own rules, so each rule
// is seen to fail what it should, with its message, and to let the right way through.

const require = createRequire(import.meta.url);
const { forbidden } = require("../../.dependency-cruiser.cjs") as { forbidden: IForbiddenRuleType[] };

/** The rules a tree of `files` (path → source) breaks, with the report `npm run lint` prints. */
async function check(files: Record<string, string>) {
  const root = mkdtempSync(path.join(tmpdir(), "layers-"));
  try {
    for (const [file, source] of Object.entries(files)) {
      mkdirSync(path.join(root, path.dirname(file)), { recursive: true });
      writeFileSync(path.join(root, file), source);
    }
    mkdirSync(path.join(root, "app"), { recursive: true });
    mkdirSync(path.join(root, "server"), { recursive: true });
    const result = await cruise(["app", "server"], {
      ruleSet: { forbidden },
      validate: true,
      baseDir: root,
      tsPreCompilationDeps: true,
      outputType: "err-long",
    });
    return { report: String(result.output), exitCode: result.exitCode };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

const exporting = "export const value = 1;\n";
const importing = (from: string) => `import { value } from "${from}";\nexport const used = value;\n`;
const messageOf = (name: string) => forbidden.find((rule) => rule.name === name)?.comment ?? "";

describe("imports flow one way: routes → features → components → content → domain; server → domain", () => {
  it.each(
    byRule<{ rule: string; files: Record<string, string>; broken: string }>([
      {
        rule: "the domain imports no feature",
        files: { "app/domain/rates.ts": importing("../features/quick-check/flow"), "app/features/quick-check/flow.ts": exporting },
        broken: "domain-imports-no-layer",
      },
      {
        rule: "the domain imports nothing of the server",
        files: { "app/domain/leads.ts": importing("../../server/db/schema"), "server/db/schema.ts": exporting },
        broken: "domain-imports-no-layer",
      },
      {
        rule: "the domain imports no React",
        files: { "app/domain/finance.ts": importing("react") },
        broken: "domain-imports-no-framework",
      },
      {
        rule: "content imports no component",
        files: { "app/content/legal.ts": importing("../components/claims"), "app/components/claims.ts": exporting },
        broken: "content-imports-domain-only",
      },
      {
        rule: "a component imports no feature",
        files: { "app/components/site-header.tsx": importing("../features/accounts/menu"), "app/features/accounts/menu.tsx": exporting },
        broken: "components-import-down",
      },
      {
        rule: "a feature imports no route",
        files: { "app/features/contact/form.tsx": importing("../../routes/contact-us"), "app/routes/contact-us.tsx": exporting },
        broken: "features-import-down",
      },
      {
        rule: "a feature imports nothing of the server, not even a .server.ts module",
        files: { "app/features/contact/form.tsx": importing("../../../server/leads.server"), "server/leads.server.ts": exporting },
        broken: "features-import-down",
      },
      {
        rule: "the server imports no feature",
        files: { "server/auth.ts": importing("../app/features/accounts/messages"), "app/features/accounts/messages.ts": exporting },
        broken: "server-imports-domain",
      },
      {
        rule: "the server imports no content",
        files: { "server/emails/quote.ts": importing("../../app/content/marketing"), "app/content/marketing.ts": exporting },
        broken: "server-imports-domain",
      },
      {
        rule: "a route reaches the server only through a .server.ts module",
        files: { "app/routes/account.tsx": importing("../../server/accounts"), "server/accounts.ts": exporting },
        broken: "routes-reach-server-through-dot-server",
      },
      {
        rule: "server modules do not import each other in a circle, types included",
        files: {
          "server/services.ts": 'import type { Auth } from "./auth";\nexport type Services = { auth?: Auth };\n',
          "server/auth.ts": 'import type { Services } from "./services";\nexport type Auth = { services: Services };\n',
        },
        broken: "no-circular",
      },
    ]),
  )("%s", async (_, { files, broken }) => {
    const { report } = await check(files);
    expect(report).toContain(`${broken}:`);
    // The report carries the rule's message, which says what to do instead.
    expect(messageOf(broken)).not.toBe("");
    expect(report.replace(/\s+/g, " ")).toContain(messageOf(broken).replace(/\s+/g, " "));
  });

  it("lets every import that goes the right way through", async () => {
    const { report, exitCode } = await check({
      "app/routes/contact-us.tsx":
        'import { used as form } from "../features/contact/form";\n' +
        'import { used as send } from "../../server/contact.server";\n' +
        "export const page = [form, send];\n",
      "server/contact.server.ts": importing("../app/domain/schemas"),
      "server/app.ts": importing("../app/config.server"),
      "app/config.server.ts": exporting,
      "app/features/contact/form.tsx": importing("../../components/ui/field"),
      "app/components/ui/field.tsx": importing("../../content/marketing"),
      "app/content/marketing.ts": importing("../domain/rates"),
      "app/domain/rates.ts": exporting,
      "app/domain/schemas.ts": importing("./rates"),
    });
    expect(report).not.toMatch(/error|warn/);
    expect(exitCode).toBe(0);
  });
});
