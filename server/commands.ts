import type { AppConfig } from "../app/config.server";
import { may, ROLE_LABELS } from "../app/domain/permissions";
import { takeBackup } from "./platform/backup/backup";
import type { Database } from "./platform/db/client";
import { formatRetentionReport, retentionDryRun, runRetention } from "./privacy/retention";
import { addStaff, disableStaff, ENROL_LINK_HOURS, listStaff, StaffAccountError } from "./staff/accounts.server";
import { seedExamplePanel } from "./staff/lender-panel/example-panel";
import { seedLeads } from "./staff/seed";

// The firm's commands (`npm run staff -- add|list|disable`, `npm run seed -- --leads N|--panel`,
// `npm run retention [-- --dry-run]`, `npm run backup [-- <folder>]`), run on a database: by the command line itself
// (server/cli.ts) when it can open the database, or by the running server when the
// command line hands the work to it over the control socket (decision 165).

export const USAGE = `Usage:
  npm run staff -- add <email> "<full name>"   make an administrator (or re-enrol a member, adding the role) and print a one-time link
  npm run staff -- list                        list staff members and their roles
  npm run staff -- disable <email>             stop a staff member signing in, and end their sessions (never the last administrator)
  npm run seed -- --leads <count>              add made-up leads (for trying the console; never on a live database)
  npm run seed -- --panel                      add an example lender panel of made-up lenders ("Example Lender A"…)
  npm run retention -- --dry-run               show what is past its retention period, per kind, without deleting
  npm run retention                            delete it now (the server also does this once a day)
  npm run backup [-- <folder>]                 write a backup of the whole database to the folder (BACKUP_DIR unless given)
  npm run restore -- <file> [--replace]        put a backup back into an empty DATA_DIR or database (--replace: empty it first)`;

/** What a command printed, and how it ended (the command line's exit code). */
export interface CommandResult {
  code: number;
  out: string[];
  err: string[];
}

/** Whether `argv` (`["staff", "add", email, name]`, `["retention", "--dry-run"]`…) is a command at all. */
export function commandProblem(argv: readonly unknown[]): string | null {
  if (!argv.every((a) => typeof a === "string")) return USAGE;
  const [command, ...args] = argv as string[];
  if (command === "retention") return args.some((a) => a !== "--dry-run") ? USAGE : null;
  if (command === "backup") return args.length <= 1 && !args[0]?.startsWith("-") ? null : USAGE;
  if (command === "seed") return seedOptions(args) ? null : USAGE;
  if (command !== "staff") return USAGE;
  const [action, ...rest] = args;
  if (action === "list") return rest.length === 0 ? null : USAGE;
  if (action === "add") return rest.length === 2 && rest[0] && rest[1] ? null : USAGE;
  if (action === "disable") return rest.length === 1 && rest[0] ? null : USAGE;
  return USAGE;
}

/** `--leads N`, `--panel`, or both, in either order; null for anything else. */
function seedOptions(args: readonly string[]): { leads: number | null; panel: boolean } | null {
  let leads: number | null = null;
  let panel = false;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "--panel" && !panel) panel = true;
    else if (args[i] === "--leads" && leads === null && /^\d+$/.test(args[i + 1] ?? "")) leads = Number(args[++i]);
    else return null;
  }
  return leads !== null || panel ? { leads, panel } : null;
}

/**
 * Runs one command on `db`; `siteUrl` makes the enrolment link, `mailDir` is the mail
 * folder retention clears and a backup of the embedded database holds, `databaseUrl`
 * says which database a backup dumps. Never throws for a refusal the person can act on.
 */
export async function runCommand(
  db: Database,
  config: Pick<AppConfig, "siteUrl"> & Partial<Pick<AppConfig, "mailDir" | "databaseUrl" | "backup">>,
  argv: readonly unknown[],
): Promise<CommandResult> {
  const out: string[] = [];
  const err: string[] = [];
  const problem = commandProblem(argv);
  if (problem) return { code: 1, out, err: [problem] };
  const [command, action = "", ...rest] = argv as string[];
  try {
    if (command === "backup") {
      const dir = action || config.backup?.dir;
      if (!dir) return { code: 1, out, err: ["Say where to write it: npm run backup -- <folder>, or set BACKUP_DIR."] };
      const settings = { databaseUrl: config.databaseUrl, mailDir: config.mailDir };
      try {
        const { file, bytes, durationMs } = await takeBackup(db, settings, dir, "command");
        out.push(`Wrote ${file} (${megabytes(bytes)}) in ${(durationMs / 1000).toFixed(1)} s.`);
      } catch (error) {
        return { code: 1, out, err: [`The backup failed: ${error instanceof Error ? error.message : String(error)}`] };
      }
    } else if (command === "retention") {
      if (action === "--dry-run") {
        out.push(`Past its retention period (nothing deleted):\n${formatRetentionReport(await retentionDryRun(db))}`);
      } else {
        const deleted = await runRetention(db, new Date(), { mailDir: config.mailDir });
        const total = Object.values(deleted).reduce((a, b) => a + b, 0);
        out.push(`Deleted ${total} rows past their retention period; the audit log records the run.`);
      }
    } else if (command === "seed") {
      const options = seedOptions([action, ...rest]) ?? { leads: null, panel: false };
      if (options.panel) {
        const added = await seedExamplePanel(db);
        out.push(
          `Added ${added} example lender products (made-up lenders, marked "(example)"); edit them at /staff/lenders.`,
        );
      }
      if (options.leads !== null) {
        const count = options.leads;
        // Made-up leads go to those who work leads (decision 270), as assignment does.
        const staff = (await listStaff(db)).filter((m) => !m.disabled && may(m.roles, "leads.work")).map((m) => m.id);
        await seedLeads(db, count, { assignees: staff, seed: Date.now() });
        out.push(`Added ${count} made-up leads.`);
      }
    } else if (action === "add") {
      const [email = "", name = ""] = rest;
      const { token, created } = await addStaff(db, { email, name });
      const address = email.trim().toLowerCase();
      out.push(
        created
          ? `Made staff member ${address}, an administrator: add the rest of the team, and roles, at /staff/team.`
          : `Re-enrolling staff member ${address}, who holds the Administrator role.`,
      );
      out.push(
        `Send them this link (it works once, for ${ENROL_LINK_HOURS} hours) to set a password and an authenticator app:`,
      );
      out.push(`${config.siteUrl}/staff/enrol?token=${token}`);
    } else if (action === "list") {
      const staff = await listStaff(db);
      if (staff.length === 0) out.push("No staff members yet.");
      for (const member of staff) {
        const state = member.disabled ? "disabled" : member.enrolled ? "active" : "waiting to enrol";
        const roles = member.roles.map((role) => ROLE_LABELS[role]).join(", ") || "no roles";
        out.push(`${member.email}\t${member.name}\t${roles}\t${state}`);
      }
    } else {
      const [email = ""] = rest;
      await disableStaff(db, email);
      out.push(`Disabled ${email.trim().toLowerCase()}: they can no longer sign in, and their sessions have ended.`);
    }
  } catch (error) {
    if (error instanceof StaffAccountError) return { code: 1, out, err: [error.message] };
    throw error;
  }
  return { code: 0, out, err };
}

const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;
