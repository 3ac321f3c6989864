import { ROLES } from "../../app/domain/permissions";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addStaff } from "../../server/staff/accounts.server";
import { pgliteTarget, postgresTarget, type Target } from "../support/faults";
import { validQuote } from "../support/leads";
import { ensureBuild, type ServerProcess, startServerProcess } from "../support/server-process";
import { enrolStaff, signInStaff } from "../support/staff-http";
import { startTcpProxy, type TcpProxy } from "../support/tcp-proxy";
import { testDatabaseKinds } from "../support/database";

/**
 * Issue 26, item 3: every line the production server prints (stdout and stderr) goes
 * through its logger, and no line holds a visitor's or a staff member's email, phone
 * or name, a password, or a token that signs in (a reset link, a confirmation link, an
 * enrolment link, an authenticator key). The real process runs a borrower's sign-up,
 * confirmation, password reset and lead; a staff member's enrolment, sign-in and an
 * export with a bad filter; then the database goes away (PostgreSQL: refused through a
 * proxy) or the server stops with it (PGlite). Then every line is searched.
 */

const BORROWER = {
  firstName: "Quillonby",
  lastName: "Marchetti",
  email: "quillonby.logcheck@example.com",
  phone: "07700 900481",
  password: "Harbour-lantern-8131",
  newPassword: "Quayside-ledger-5927",
};
const STAFF = { name: "Ottoline Varga", email: "ottoline.logcheck@firm.example", password: "Staff-ledger-cobble-77" };
const EXPORTED = "someone.logcheck@example.com";

/** Each message the server has written to its mail folder so far. */
function mailIn(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith(".eml"))
    .sort()
    .map((f) => readFileSync(path.join(dir, f), "utf8"));
}

/** The first link matching `pattern` in a message to `to`, waiting for the outbox to write it. */
async function linkFromMail(dir: string, to: string, pattern: RegExp, skip = 0): Promise<string> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const found = mailIn(dir)
      .filter((raw) => raw.includes(to))
      .map((raw) =>
        raw
          .replace(/=\r?\n/g, "")
          .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
      )
      .map((text) => pattern.exec(text)?.[0])
      .filter((link): link is string => Boolean(link));
    if (found.length > skip) return (found[skip] as string).replace(/&amp;/g, "&");
    if (Date.now() > deadline) throw new Error(`no email to ${to} with a link matching ${pattern}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const form = (fields: Record<string, string>, cookie?: string): RequestInit => ({
  method: "POST",
  headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
  body: new URLSearchParams(fields).toString(),
  redirect: "manual",
});

/** Never throws: during an outage some requests are refused or answered 5xx, which is fine here. */
async function attempt(url: string, init?: RequestInit) {
  try {
    const response = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(15_000), ...init });
    await response.arrayBuffer().catch(() => undefined);
    return response.status;
  } catch {
    return "no answer";
  }
}

describe.each(testDatabaseKinds())("what the server prints, on %s", (kind) => {
  let target: Target;
  let proxy: TcpProxy | undefined;
  let server: ServerProcess;
  let mailDir: string;
  let enrolPath: string;
  const secrets = new Map<string, string>();

  beforeAll(async () => {
    ensureBuild();
    target = kind === "postgres" ? await postgresTarget() : await pgliteTarget();
    // The staff member is made first, as `npm run staff -- add` does (with PGlite, only
    // while no server holds the database).
    const database = await target.open();
    await database.migrate();
    const { token } = await addStaff(database.db, { email: STAFF.email, name: STAFF.name, roles: [...ROLES] });
    await database.close();
    enrolPath = `/staff/enrol?token=${token}`;
    secrets.set("enrolment token", token);

    let databaseUrl = "";
    if (target.url) {
      const url = new URL(target.url);
      proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
      databaseUrl = proxy.via(target.url);
    }
    server = await startServerProcess({
      ...target.env,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: "debug",
      RATE_LIMIT_SCALE: "1000",
    });
    mailDir = path.join(target.env.DATA_DIR as string, "mail");
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    await proxy?.close();
    await target?.cleanup();
  });

  it("holds no email, phone, name, password or token in any line", { timeout: 180_000 }, async () => {
    const base = server.baseUrl;

    // A borrower signs up, confirms, forgets the password and sets a new one from the emailed link.
    const signUp = await fetch(
      `${base}/auth`,
      form({
        intent: "sign-up",
        firstName: BORROWER.firstName,
        lastName: BORROWER.lastName,
        email: BORROWER.email,
        password: BORROWER.password,
      }),
    );
    expect(signUp.status).toBe(200);
    const confirm = await linkFromMail(
      mailDir,
      BORROWER.email,
      /https?:\/\/\S+?\/api\/auth\/verify-email\?token=[\w.-]+&callbackURL=[\w%.-]+/,
    );
    secrets.set("confirmation token", new URL(confirm).searchParams.get("token") ?? "");
    expect((await fetch(confirm, { redirect: "manual" })).status).toBe(302);

    const forgot = await fetch(`${base}/auth/forgot-password`, form({ email: BORROWER.email }));
    expect(forgot.status).toBe(200);
    const reset = await linkFromMail(
      mailDir,
      BORROWER.email,
      /https?:\/\/\S+?\/api\/auth\/reset-password\/[\w-]+\?callbackURL=[\w%.-]+/,
    );
    const resetToken = new URL(reset).pathname.split("/").pop() ?? "";
    secrets.set("reset token", resetToken);
    const followed = await fetch(reset, { redirect: "manual" });
    expect(followed.status).toBe(302);
    const landing = new URL(followed.headers.get("location") ?? "", base);
    expect(landing.pathname).toBe("/auth/reset-password");
    expect((await fetch(landing)).status).toBe(200);
    const setPassword = await fetch(
      `${base}/auth/reset-password`,
      form({ token: resetToken, password: BORROWER.newPassword }),
    );
    expect(setPassword.status).toBe(302);
    const signIn = await fetch(
      `${base}/auth`,
      form({ intent: "sign-in", email: BORROWER.email, password: BORROWER.newPassword }),
    );
    expect(signIn.status).toBe(302);

    // The borrower leaves a lead (name, email and phone).
    const lead = await fetch(`${base}/api/quotes`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(
        validQuote({
          email: BORROWER.email,
          first_name: BORROWER.firstName,
          last_name: BORROWER.lastName,
          phone: BORROWER.phone,
        }),
      ),
    });
    expect(lead.status).toBe(201);

    // A staff member enrols from the link, signs in, and exports with a filter the database refuses.
    const staff = await enrolStaff(base, enrolPath, STAFF.email, STAFF.password);
    secrets.set("authenticator key", staff.key);
    const cookie = await signInStaff(base, staff);
    await attempt(`${base}/staff/export?q=${encodeURIComponent(EXPORTED)}&from=2026-02-30`, { headers: { cookie } });
    await attempt(`${base}/staff?q=${encodeURIComponent(EXPORTED)}&from=2026-02-30`, { headers: { cookie } });

    // The database goes away while the borrower and the staff member carry on.
    if (proxy) await proxy.refuse();
    const during = async () => {
      await attempt(`${base}/auth`, form({ intent: "sign-in", email: BORROWER.email, password: BORROWER.newPassword }));
      await attempt(`${base}/auth/forgot-password`, form({ email: BORROWER.email }));
      const json = (body: unknown): RequestInit => ({
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      await attempt(`${base}/api/auth/sign-in/email`, json({ email: BORROWER.email, password: BORROWER.newPassword }));
      await attempt(
        `${base}/api/auth/request-password-reset`,
        json({ email: BORROWER.email, redirectTo: "/auth/reset-password" }),
      );
      await attempt(`${base}/api/quotes`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(
          validQuote({ email: BORROWER.email, first_name: BORROWER.firstName, phone: BORROWER.phone }),
        ),
      });
      await attempt(`${base}/staff/export?q=${encodeURIComponent(EXPORTED)}`, { headers: { cookie } });
      await attempt(`${base}/healthz`);
    };
    if (proxy) {
      await during();
      // The outbox meets the outage too, at its next poll.
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      await proxy.restore();
      await attempt(`${base}/healthz`);
      await server.stop();
    } else {
      // PGlite lives in the server's process: the database stops when the server does.
      const requests = during();
      await new Promise((resolve) => setTimeout(resolve, 20));
      await server.stop();
      await requests;
    }

    const log = server.log();
    const lines = log.split("\n").filter((line) => line.trim() !== "");
    expect(lines.length).toBeGreaterThan(10);
    const searched: [string, string][] = [
      ["borrower's email", BORROWER.email.split("@")[0] as string],
      ["borrower's first name", BORROWER.firstName],
      ["borrower's last name", BORROWER.lastName],
      ["borrower's phone", BORROWER.phone.replace(/\D/g, "").slice(-6)],
      ["borrower's password", BORROWER.password],
      ["borrower's new password", BORROWER.newPassword],
      ["staff member's email", STAFF.email.split("@")[0] as string],
      ["staff member's name", STAFF.name.split(" ")[0] as string],
      ["staff member's surname", STAFF.name.split(" ")[1] as string],
      ["staff member's password", STAFF.password],
      ["exported filter's email", EXPORTED.split("@")[0] as string],
      ...[...secrets].map(([what, value]): [string, string] => [what, value]),
    ];
    const hits = searched.flatMap(([what, value]) =>
      lines
        .filter((line) => line.toLowerCase().includes(value.toLowerCase()))
        .map((line) => `${what}: ${line.slice(0, 400)}`),
    );
    expect(hits).toEqual([]);
    // Every line is one of the logger's JSON lines: nothing printed around it.
    const raw = lines.filter((line) => {
      try {
        return typeof JSON.parse(line).level !== "number";
      } catch {
        return true;
      }
    });
    expect(raw.map((line) => line.slice(0, 300))).toEqual([]);
  });
});
