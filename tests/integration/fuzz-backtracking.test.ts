import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLES } from "../../app/domain/permissions";
import { openDatabase } from "../../server/platform/db/client";
import { addStaff } from "../../server/staff/accounts.server";
import { insertLeads, sampleContact, sampleEnquiry, sampleQuote } from "../../server/staff/leads/sample-leads";
import { hasBuild } from "../support/app";
import { createScratchDatabase, seedEmbeddedDatabase } from "../support/database";
import { routeFiles, routeName } from "../support/route-files";
import { type ServerProcess, startServerProcess } from "../support/server-process";
import { overHttp, signInStaff } from "../support/staff-sign-in";

/**
 * Every route, asked for with paths, query values and form fields made of a long run of
 * one kind of character ended by another: the input on which a backtracking regular
 * expression takes exponential time (a path check once held the event loop for ever on
 * a lead's id with a quote after it, decision 261). Nothing is timed: each request must
 * be answered, without a 5xx, and /healthz must answer after each route's runs.
 */

/** Runs of one class ended by another. Short enough to fit a URL's query or a form's body whole. */
function runs(length: number): string[] {
  const half = Math.floor(length / 2);
  return [
    `${"a".repeat(length)}'`,
    `${"7".repeat(length)}x`,
    `${"a-".repeat(half)}!`,
    `${"a.".repeat(half)}%`,
    `${"a/".repeat(half)}'`,
    `${"a@".repeat(half)} `,
    `${" ".repeat(length)}x`,
  ];
}

/** Each route file's path, with its parameters filled in (a new route is tried without anyone adding it here). */
function routePaths(leadId: string): string[] {
  return routeFiles()
    .map(routeName)
    .map((name) =>
      `/${name
        .replace(/\[\.\]/g, "~")
        .split(".")
        .map((segment) =>
          segment === "_index"
            ? ""
            : segment === "$kind"
              ? "quote"
              : segment === "$id"
                ? leadId
                : segment === "$"
                  ? "anything"
                  : segment.replace(/_$/, ""),
        )
        .filter(Boolean)
        .join("/")}`.replace(/~/g, "."),
    );
}

const QUERY_KEYS = ["q", "from", "to", "status", "kind", "flag", "person", "lead", "action", "done", "token", "before"];
const FIELDS = [
  "intent",
  "email",
  "password",
  "confirm",
  "code",
  "name",
  "first_name",
  "last_name",
  "phone",
  "message",
  "subject",
  "note",
  "loan_amount",
  "property_value",
  "postcode",
  "to",
  "version",
  "assignee",
  "offerAmount",
  "offerRate",
  "completedOn",
  "commission",
  "token",
  "from",
];

describe("the paths tried", () => {
  it("reads each route file's path, a route folder's (its route.tsx) by the folder's name", () => {
    const paths = routePaths("ID");
    expect(paths).toContain("/staff/leads/quote/ID");
    expect(paths).toContain("/staff/people/quote/ID");
    expect(paths).toContain("/robots.txt");
    expect(paths.filter((p) => p.includes(".server") || p.endsWith("/route"))).toEqual([]);
  });
});

describe.skipIf(!hasBuild)("requests shaped to make an expression backtrack", () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "fuzz-backtracking-"));
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
  let server: ServerProcess;
  let cookie = "";
  let stepperCookie = "";
  let routes: string[] = [];

  beforeAll(async () => {
    if (process.env.TEST_DATABASE_URL) scratch = await createScratchDatabase();
    // The embedded database migrated already, as after a first start (decision 371).
    else await seedEmbeddedDatabase(dataDir);
    const setup = await openDatabase(scratch ? { url: scratch.url } : { dataDir: path.join(dataDir, "pglite") });
    let invite: string;
    let stepperInvite: string;
    let quote: string;
    try {
      await setup.migrate();
      // Every role: each console route is asked for as far as its answer goes.
      invite = (await addStaff(setup.db, { email: "ann@firm.example", name: "Ann Adviser", roles: [...ROLES] })).token;
      // Wrong codes at the step-up end the session that sent them (decision 336): its posts
      // come from a session of their own, so Ann's lasts the whole run.
      stepperInvite = (await addStaff(setup.db, { email: "sid@firm.example", name: "Sid Stepper", roles: [...ROLES] }))
        .token;
      const ids = await insertLeads(setup.db, {
        quotes: [sampleQuote({ email: "jane@seeded.example" })],
        enquiries: [sampleEnquiry({ email: "sam@seeded.example" })],
        contacts: [sampleContact({ email: "pat@seeded.example" })],
      });
      quote = ids.quotes[0] as string;
    } finally {
      await setup.close();
    }
    server = await startServerProcess({
      DATA_DIR: dataDir,
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
      RATE_LIMIT_SCALE: "100000",
    });
    cookie = (
      await signInStaff(overHttp(server.baseUrl), {
        origin: server.baseUrl,
        enrolPath: `/staff/enrol?token=${invite}`,
        email: "ann@firm.example",
      })
    ).cookie;
    stepperCookie = (
      await signInStaff(overHttp(server.baseUrl), {
        origin: server.baseUrl,
        enrolPath: `/staff/enrol?token=${stepperInvite}`,
        email: "sid@firm.example",
      })
    ).cookie;
    routes = routePaths(quote);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Sends the request: it must be answered, without a 5xx. */
  async function answered(url: string, init: RequestInit, failures: string[]) {
    const response = await fetch(`${server.baseUrl}${url}`, { redirect: "manual", ...init }).catch((error) => {
      failures.push(`${init.method ?? "GET"} ${url.slice(0, 80)}: ${String(error.cause ?? error)}`);
      return null;
    });
    if (!response) return;
    await response.arrayBuffer();
    if (response.status >= 500) failures.push(`${response.status} ${init.method ?? "GET"} ${url.slice(0, 80)}`);
  }

  /** Asks /healthz after a route's runs: the server must still answer (one still matching would hold it). */
  async function stillAnswering(route: string, failures: string[]) {
    const health = await fetch(`${server.baseUrl}/healthz`);
    await health.arrayBuffer();
    if (health.status !== 200) failures.push(`/healthz answered ${health.status} after the runs on ${route}`);
  }

  it("answers a lead's id with a quote after it, and /healthz right after", async () => {
    const hung = await fetch(`${server.baseUrl}/staff/lenders/0b9f6a2e-7c1d-4e8f-9a3b-5c6d7e8f9a0b'`, {
      headers: { Cookie: cookie },
      redirect: "manual",
    });
    expect(hung.status).toBe(404);
    await hung.arrayBuffer();
    const anonymous = await fetch(`${server.baseUrl}/${"a".repeat(40)}'`);
    expect(anonymous.status).toBe(404);
    await anonymous.arrayBuffer();
    expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
  });

  it("answers every route's path with each run after it, the console's signed in", async () => {
    const failures: string[] = [];
    expect(routes.length).toBeGreaterThan(45);
    for (const route of routes) {
      for (const run of runs(3_000)) {
        const url = `${route === "/" ? "" : route}/${encodeURI(run).replace(/%25/g, "%")}`;
        await answered(url, route.startsWith("/staff") ? { headers: { Cookie: cookie } } : {}, failures);
      }
      await stillAnswering(route, failures);
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it("answers every route's query values and form fields made of the runs", async () => {
    const failures: string[] = [];
    for (const route of routes) {
      for (const run of runs(500)) {
        const query = new URLSearchParams(QUERY_KEYS.map((key) => [key, run]));
        await answered(`${route}?${query}`, { headers: { Cookie: cookie } }, failures);
        // Signing out would leave the rest of the routes asked for without a session.
        if (route.endsWith("/sign-out")) continue;
        await answered(
          route,
          {
            method: "POST",
            headers: {
              Cookie: route.endsWith("/step-up") ? stepperCookie : cookie,
              Origin: server.baseUrl,
              "Content-Type": "application/x-www-form-urlencoded",
            },
            body: new URLSearchParams(FIELDS.map((field) => [field, run])).toString(),
          },
          failures,
        );
      }
      await stillAnswering(route, failures);
    }
    expect(failures).toEqual([]);
  }, 300_000);
});
