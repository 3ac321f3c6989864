import { ROLES } from "../../app/domain/permissions";
import type { AddressInfo } from "node:net";
import { type ServerType, serve } from "@hono/node-server";
import { and, eq, sql } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MONTH_RANGE_PROBLEMS } from "../../app/domain/campaign-report";
import { FUNNEL_QUERY_PROBLEMS } from "../../app/domain/funnel";
import { INBOX_FILTER_PROBLEMS, LEAD_LOOKUP_PROBLEM } from "../../app/domain/inbox-filter";
import type { Database, DatabaseHandle } from "../../server/platform/db/client";
import { leadEvents } from "../../server/platform/db/schema";
import { addStaff } from "../../server/staff/accounts.server";
import { STAFF_FORM_REFUSALS } from "../../server/staff/form-post.server";
import { insertLeads, sampleQuote } from "../../server/staff/leads/sample-leads";
import { createTestApp, hasBuild, loadBuild } from "../support/app";
import { openTestDatabase, testDatabaseKinds } from "../support/database";
import { type Send, signInStaff, type StaffSignedIn } from "../support/staff-sign-in";

// Issue 26, item 5: the staff console answered 500 to a body that is not a form, a NUL
// in a field or a search, an impossible day, a broken page cursor; and its CSV export
// could end after its header row. Each is now a 4xx whose reason the page shows, and an
// export that fails once begun is cut off, never ended as if complete.

const SITE = "http://localhost:3000";
const STAFF_EMAIL = "ann@firm.example";

/** The database, except that the inbox's query fails while `failing.on` (an outage mid-export). */
function failingInbox(db: Database) {
  const failing = { on: false };
  const dialect = (db as unknown as { dialect: { sqlToQuery(q: unknown): { sql: string } } }).dialect;
  const proxy = new Proxy(db, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (key !== "execute" || typeof value !== "function") return value;
      return (query: Parameters<Database["execute"]>[0]) => {
        if (failing.on && dialect.sqlToQuery(query).sql.includes("cursor_key")) {
          // Late enough that the header row has gone out first.
          return new Promise((_, reject) =>
            setTimeout(() => reject(new Error("the database went away mid-export")), 200),
          );
        }
        return value.call(target, query);
      };
    },
  });
  return { db: proxy, failing };
}

describe.skipIf(!hasBuild).each(testDatabaseKinds())(
  "the staff console's answers to what it cannot take, on %s",
  (kind) => {
    let database: DatabaseHandle;
    let build: ServerBuild | undefined;
    let site: ReturnType<typeof createTestApp>;
    let failing: { on: boolean };
    let staff: StaffSignedIn;
    let leadId: string;

    const send: Send = async (path, init) => site.app.request(`${SITE}${path}`, init);
    const get = (path: string, headers: Record<string, string> = {}) =>
      send(path, { headers: { Cookie: staff.cookie, ...headers } });
    const post = (path: string, body: BodyInit, type: string | undefined, cookie = staff.cookie) =>
      send(path, {
        method: "POST",
        headers: { Origin: SITE, ...(cookie ? { Cookie: cookie } : {}), ...(type ? { "Content-Type": type } : {}) },
        body,
      });
    const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
    const URLENCODED = "application/x-www-form-urlencoded";

    beforeAll(async () => {
      database = await openTestDatabase(kind);
      build = await loadBuild();
      const broken = failingInbox(database.db);
      failing = broken.failing;
      site = createTestApp({ ...database, db: broken.db }, {}, { build });
      const { token } = await addStaff(database.db, { email: STAFF_EMAIL, name: "Ann Adviser", roles: [...ROLES] });
      staff = await signInStaff(send, { origin: SITE, enrolPath: `/staff/enrol?token=${token}`, email: STAFF_EMAIL });
      const ids = await insertLeads(database.db, {
        quotes: [sampleQuote({ createdAt: new Date("2028-02-29T12:00:00Z") }), sampleQuote({})],
        enquiries: [],
        contacts: [],
      });
      leadId = ids.quotes[0] as string;
    }, 60_000);
    afterAll(async () => {
      await database?.close();
    });

    describe("a body that is not a form", () => {
      it.each([
        ["JSON", "application/json", JSON.stringify({ intent: "note", note: "hello" })],
        ["plain text", "text/plain", "intent=note&note=hello"],
        ["XML", "application/xml", "<note>hello</note>"],
        ["no type at all", undefined, "intent=note&note=hello"],
      ])(
        "%s to a lead's actions, the enrolment, the sign-in and data requests: 415 with the reason",
        async (_, type, body) => {
          for (const path of [
            `/staff/leads/quote/${leadId}`,
            "/staff/enrol?token=nope",
            "/staff/sign-in",
            "/staff/requests",
          ]) {
            const response = await post(path, body, type);
            expect(response.status, path).toBe(415);
            expect(await response.text(), path).toContain(STAFF_FORM_REFUSALS[415]);
          }
        },
      );

      it("a form that cannot be read (a multipart body cut short): 400 with the reason", async () => {
        const body = '--b\r\nContent-Disposition: form-data; name="intent"\r\n\r\nnote\r\n--b\r\nContent-Disp';
        for (const path of [`/staff/leads/quote/${leadId}`, "/staff/enrol?token=nope", "/staff/sign-in"]) {
          const response = await post(path, body, "multipart/form-data; boundary=b");
          expect(response.status, path).toBe(400);
          expect(await response.text(), path).toContain(STAFF_FORM_REFUSALS[400]);
        }
      });
    });

    describe("a NUL character", () => {
      it("in a note: 400 with the reason, and no note stored", async () => {
        const response = await post(
          `/staff/leads/quote/${leadId}`,
          form({ intent: "note", note: "Call back\u0000" }),
          URLENCODED,
        );
        expect(response.status).toBe(400);
        expect(await response.text()).toContain(STAFF_FORM_REFUSALS.nul);
        const notes = await database.db
          .select()
          .from(leadEvents)
          .where(and(eq(leadEvents.leadId, leadId), eq(leadEvents.type, "note")));
        expect(notes).toEqual([]);
      });

      it("in the sign-in email, signed in or not: 400 with the reason", async () => {
        for (const cookie of ["", staff.cookie]) {
          const response = await post(
            "/staff/sign-in",
            form({ email: `${STAFF_EMAIL}\u0000`, password: staff.password, code: "123456" }),
            URLENCODED,
            cookie,
          );
          expect(response.status).toBe(400);
          expect(await response.text()).toContain(STAFF_FORM_REFUSALS.nul);
        }
      });

      it("in the enrolment's fields: 400 with the reason", async () => {
        const response = await post(
          "/staff/enrol?token=nope",
          form({ token: "no\u0000pe", intent: "password" }),
          URLENCODED,
        );
        expect(response.status).toBe(400);
      });

      it.each([
        ["the search", "/staff?q=ann%00", INBOX_FILTER_PROBLEMS.text],
        ["the campaign", "/staff?campaign=spring%00", INBOX_FILTER_PROBLEMS.text],
        ["the export's search", "/staff/export?q=%00", INBOX_FILTER_PROBLEMS.text],
        ["the funnel's campaign", "/staff/funnel?campaign=%00", FUNNEL_QUERY_PROBLEMS.campaign],
      ])("in %s: 400 with the reason", async (_, path, reason) => {
        const response = await get(path);
        expect(response.status).toBe(400);
        expect(await response.text()).toContain(reason);
      });

      it("in the audit log's filter: 400", async () => {
        for (const path of ["/staff/audit?person=x%00", "/staff/audit?action=%00", "/staff/audit?lead=%00"]) {
          expect((await get(path)).status, path).toBe(400);
        }
      });
    });

    describe("the audit log's lead filter", () => {
      it.each(["AA04048A", "aa04048a", " AA04048A ", "00000000-0000-4000-8000-000000000000"])(
        "takes a reference or an id (%o): 200",
        async (lead) => {
          const response = await get(`/staff/audit?lead=${encodeURIComponent(lead)}`);
          expect(response.status).toBe(200);
          await response.arrayBuffer();
        },
      );

      it.each(["Archer", "AA04048", "AA04048AB", "AA04048G"])(
        "refuses what is not a reference (%o): 400 with the reason, never every row",
        async (lead) => {
          const response = await get(`/staff/audit?lead=${encodeURIComponent(lead)}`);
          expect(response.status).toBe(400);
          expect(await response.text()).toContain(LEAD_LOOKUP_PROBLEM);
        },
      );

      it("finds a lead's rows by its reference", async () => {
        await get(`/staff/leads/quote/${leadId}`).then((r) => r.arrayBuffer());
        const html = await (await get(`/staff/audit?lead=${leadId.slice(0, 8).toUpperCase()}`)).text();
        expect(html).toContain("Viewed a lead");
        expect(html).toContain(`/staff/leads/quote/${leadId}`);
      });
    });

    describe("a lead that is not held", () => {
      it("answers 404 with the console's own page, in its frame, pointing to the audit log", async () => {
        const gone = "abcdef12-0000-4000-8000-000000000000";
        const response = await get(`/staff/leads/quote/${gone}`);
        expect(response.status).toBe(404);
        const html = await response.text();
        expect(html).toContain("There is no lead ABCDEF12");
        expect(html).toContain('href="/staff/audit?lead=ABCDEF12"');
        expect(html).toMatch(/Signed in as (<!-- -->)?Ann Adviser/);
        expect(html).not.toContain("Oops! Page not found");
      });

      it("a kind that is no lead's answers the console's page too", async () => {
        const response = await get(`/staff/leads/loan/${leadId}`);
        expect(response.status).toBe(404);
        expect(await response.text()).toMatch(/Signed in as (<!-- -->)?Ann Adviser/);
      });
    });

    describe("days", () => {
      it.each([
        ["/staff?from=2026-02-30", INBOX_FILTER_PROBLEMS.from],
        ["/staff?to=2026-02-29", INBOX_FILTER_PROBLEMS.to],
        ["/staff?from=2026-13-01", INBOX_FILTER_PROBLEMS.from],
        ["/staff/funnel?from=2026-02-30&to=2026-02-31", FUNNEL_QUERY_PROBLEMS.from],
        ["/staff/funnel?to=2026-02-31", FUNNEL_QUERY_PROBLEMS.to],
        ["/staff/funnel/export?from=2026-02-30&to=2026-02-31", FUNNEL_QUERY_PROBLEMS.from],
        ["/staff/funnel/calls?from=2026-02-30&to=2026-02-31", FUNNEL_QUERY_PROBLEMS.from],
        ["/staff/funnel/campaigns/conversions?to=2026-02-30", FUNNEL_QUERY_PROBLEMS.to],
        ["/staff/funnel/campaigns?from=2026-13", MONTH_RANGE_PROBLEMS.from],
        ["/staff/funnel/campaigns/export?to=26-01", MONTH_RANGE_PROBLEMS.to],
      ])("an impossible day, %s: 400 with the reason", async (path, reason) => {
        const response = await get(path);
        expect(response.status).toBe(400);
        expect(await response.text()).toContain(reason);
      });

      it.each([
        ["/staff/funnel?from=2026-02-30&to=2026-03-31&campaign=google%2Fspring", "from", "2026-02-30"],
        ["/staff/funnel/calls?from=2026-02-01&to=2026-02-31", "to", "2026-02-31"],
        ["/staff/funnel/campaigns?from=2026-13&to=2026-12", "from", "2026-13"],
      ])(
        "a report's page refusing %s keeps what was typed, the message beside its field",
        async (path, field, typed) => {
          const response = await get(path);
          expect(response.status).toBe(400);
          const html = await response.text();
          const other = field === "from" ? "to" : "from";
          const input = (name: string) => new RegExp(`<input[^>]*\\bname="${name}"[^>]*>`).exec(html)?.[0] ?? "";
          expect(input(field)).toContain(`value="${typed}"`);
          expect(input(field)).toContain('aria-invalid="true"');
          // A month field carries its hint too (how to type a month where the browser has no picker).
          expect(input(field)).toMatch(new RegExp(`aria-describedby="(?:${field}-hint )?${field}-error"`));
          expect(html).toMatch(new RegExp(`id="${field}-error"[^>]*>.*is not a`));
          expect(input(other)).toContain(`value="${new URL(path, "http://x").searchParams.get(other)}"`);
          expect(input(other)).not.toContain("aria-invalid");
          // No figures for a period that is not one.
          expect(html).not.toContain("<table");
          expect(html).toMatch(/Signed in as (<!-- -->)?Ann Adviser/);
        },
      );

      it.each([
        "/staff?from=2028-02-29&to=2028-02-29",
        "/staff?from=0001-01-01&to=9999-12-31",
        "/staff/funnel?from=2028-02-29&to=2028-03-01",
        "/staff/funnel?from=0001-01-01&to=9999-12-31",
        "/staff/funnel/export?from=2026-02-28&to=2026-02-28",
        "/staff/funnel/calls?from=0001-01-01&to=9999-12-31",
        "/staff/export?from=2028-02-29&to=2028-02-29",
      ])("a real day, the first and last the calendar has among them: 200 (%s)", async (path) => {
        const response = await get(path);
        expect(response.status).toBe(200);
        await response.arrayBuffer();
      });

      it("a leap day's lead is found by that day", async () => {
        const response = await get("/staff/export?from=2028-02-29&to=2028-02-29");
        expect(await response.text()).toContain(leadId);
      });
    });

    describe("page cursors", () => {
      it.each([
        ["a number for a received time", `/staff?after=1~${"0".repeat(8)}-0000-4000-8000-000000000000`],
        [
          "a time when sorted by amount",
          `/staff?sort=amount&after=2026-11-01T10:00:00Z~${"0".repeat(8)}-0000-4000-8000-000000000000`,
        ],
        ["an id of dashes", `/staff?after=2026-11-01T10:00:00Z~${"-".repeat(36)}`],
        ["no id", "/staff?after=2026-11-01T10:00:00Z"],
      ])("%s: 400 with the reason", async (_, path) => {
        const response = await get(path);
        expect(response.status).toBe(400);
        expect(await response.text()).toContain(INBOX_FILTER_PROBLEMS.after);
      });

      it("the cursors the inbox writes itself still turn the page, by time and by amount", async () => {
        for (const sort of ["", "sort=amount&"]) {
          const { rows } = (await database.db.execute(
            sql.raw(
              `select id, loan_amount, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at from quotes order by created_at desc limit 1`,
            ),
          )) as unknown as { rows: { id: string; loan_amount: number; at: string }[] };
          const first = rows[0];
          if (!first) throw new Error("no lead");
          const key = sort ? String(first.loan_amount) : first.at;
          const response = await get(`/staff?${sort}after=${encodeURIComponent(`${key}~${first.id}`)}`);
          expect(response.status).toBe(200);
          await response.arrayBuffer();
        }
      });
    });

    describe("the CSV export", () => {
      it("checks its filter before the first byte: an impossible day is a 400 with the reason, not a 200", async () => {
        const response = await get("/staff/export?from=2026-02-30");
        expect(response.status).toBe(400);
        expect(response.headers.get("Content-Type")).not.toContain("text/csv");
        expect(await response.text()).toContain(INBOX_FILTER_PROBLEMS.from);
      });

      it("a broken cursor in an export's link is a 400 too", async () => {
        expect((await get(`/staff/export?after=1~${leadId}`)).status).toBe(400);
      });

      describe("served over HTTP, as the server serves it", () => {
        let server: ServerType;
        let baseUrl: string;
        beforeAll(async () => {
          await new Promise<void>((resolve) => {
            server = serve({ fetch: site.app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve());
          });
          baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
        });
        afterAll(async () => {
          await new Promise((resolve) => server.close(resolve));
        });

        it.each(["identity", "gzip"])(
          "a failure after the header row cuts the download off (%s): the client sees an error, never an ending",
          async (encoding) => {
            const complete = await fetch(`${baseUrl}/staff/export`, {
              headers: { Cookie: staff.cookie, "Accept-Encoding": encoding },
            });
            expect(complete.status).toBe(200);
            expect(await complete.text()).toContain(leadId);

            failing.on = true;
            try {
              const response = await fetch(`${baseUrl}/staff/export`, {
                headers: { Cookie: staff.cookie, "Accept-Encoding": encoding },
              });
              expect(response.status).toBe(200);
              await expect(response.text()).rejects.toThrow();
            } finally {
              failing.on = false;
            }
          },
        );
      });
    });
  },
);
