import { E2E_PORT } from "./e2e-paths";

/**
 * The rows of a table in the e2e server's database, oldest first (snake_case columns),
 * read through the test-only window e2e-server.ts opens beside the server.
 */
export async function storedRows<T = Record<string, unknown>>(
  table:
    | "quotes"
    | "personal_enquiries"
    | "contact_messages"
    | "profiles"
    | "users"
    | "accounts"
    | "sessions"
    | "jobs"
    | "audit_log"
    | "lead_needs",
): Promise<T[]> {
  const response = await fetch(`http://127.0.0.1:${E2E_PORT + 1000}/${table}`);
  if (!response.ok) throw new Error(`could not read ${table}: ${response.status}`);
  return (await response.json()) as T[];
}

/**
 * A staff member made as `npm run staff -- add` makes one, holding the roles that work the
 * console (Adviser, Manager, Compliance) unless `roles` names some; answers the enrolment
 * link's path.
 */
export async function addStaffMember(email: string, name: string, roles?: string[]): Promise<string> {
  const query = new URLSearchParams({ email, name, ...(roles ? { roles: roles.join(",") } : {}) });
  const response = await fetch(`http://127.0.0.1:${E2E_PORT + 1000}/staff/add?${query}`);
  if (!response.ok) throw new Error(`could not add ${email}: ${response.status}`);
  return response.text();
}

/** Ages the code a staff member last entered past the step-up's five minutes (e2e-server.ts). */
export async function staleCode(email: string): Promise<void> {
  const response = await fetch(
    `http://127.0.0.1:${E2E_PORT + 1000}/staff/stale-code?${new URLSearchParams({ email })}`,
  );
  if (!response.ok) throw new Error(`could not age ${email}'s code: ${response.status}`);
}

/**
 * Runs the retention job's `kinds` rules as if the clock read `at` (e2e-server.ts), leaving
 * the rest of the shared database alone; answers how many rows each rule deleted.
 */
export async function runRetentionAt(at: Date, kinds: string[]): Promise<Record<string, number>> {
  const query = new URLSearchParams({ at: at.toISOString(), kinds: kinds.join(",") });
  const response = await fetch(`http://127.0.0.1:${E2E_PORT + 1000}/retention?${query}`);
  if (!response.ok) throw new Error(`could not run retention: ${response.status}`);
  return (await response.json()) as Record<string, number>;
}

/** Every row of every table in the e2e server's database, as text, one a line (e2e-server.ts). */
export async function databaseDump(): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${E2E_PORT + 1000}/dump`);
  if (!response.ok) throw new Error(`could not dump the database: ${response.status}`);
  return response.text();
}

/** Records a backup that succeeded `hours` ago in the e2e server's database (e2e-server.ts). */
export async function recordBackup(hours: number): Promise<void> {
  const response = await fetch(`http://127.0.0.1:${E2E_PORT + 1000}/backups/record?hours=${hours}`);
  if (!response.ok) throw new Error(`could not record a backup: ${response.status}`);
}
