import { randomUUID } from "node:crypto";
import { PgDialect } from "drizzle-orm/pg-core";
import type { SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SAVE_UNCERTAIN, SERVICE_BUSY } from "../../app/domain/messages";
import { createTestApp, postJson } from "../../tests/support/app";
import { capturedLog } from "../../tests/support/log";
import { openTestDatabase } from "../../tests/support/database";
import { validEnquiry, validQuote } from "../../tests/support/leads";
import { RETRY_AFTER_SECONDS } from "../app";
import type { Database, DatabaseHandle } from "../platform/db/client";
import { failedBeforeSending, outageAnswer, writeFailure } from "../platform/outage";

// A lead's answer when the database fails under its write (issue 27, item 3). A write
// that never reached the database was not made: "nothing was saved yet". A write sent
// and never answered (the database hung or went mid-statement) may have been committed:
// the answer must not say it was not, and says that sending again is safe (the
// submission key stores a lead once).

const coded = (code: string, message = "some failure") => Object.assign(new Error(message), { code });

describe("a lead's write that failed for want of the database", () => {
  it("PostgreSQL ending the insert at its statement_timeout: rolled back, so nothing was saved", () => {
    const ended = coded("57014", "canceling statement due to statement timeout");
    expect(outageAnswer(writeFailure(ended))).toEqual({ error: SERVICE_BUSY });
    // Cancelled for another reason, it is no outage at all: the error stays as it is.
    const cancelled = coded("57014", "canceling statement due to user request");
    expect(writeFailure(cancelled)).toBe(cancelled);
  });

  it.each([
    ["a refused connection", coded("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:5432"), true],
    ["no connection from the pool in time", new Error("timeout exceeded when trying to connect"), true],
    ["too many connections (53300)", coded("53300"), true],
    ["a server still starting (57P03)", coded("57P03"), true],
    ["no answer to the statement", new Error("Query read timeout"), false],
    ["the connection lost mid-statement", new Error("Connection terminated unexpectedly"), false],
    ["a reset connection", coded("ECONNRESET"), false],
    [
      "the server shutting down under it (57P01)",
      coded("57P01", "terminating connection due to administrator command"),
      false,
    ],
  ])("%s: failed before it was sent → %s", (_, error, notSent) => {
    expect(failedBeforeSending(error)).toBe(notSent);
    const answer = outageAnswer(writeFailure(error));
    if (notSent) {
      expect(answer).toEqual({ error: SERVICE_BUSY });
    } else {
      expect(answer).toEqual({ error: SAVE_UNCERTAIN, saved: "unknown" });
    }
  });

  it("leaves an error that is not the database's absence as it is", () => {
    const bug = new TypeError("x is undefined");
    expect(writeFailure(bug)).toBe(bug);
    const unique = coded("23505", "duplicate key value violates unique constraint");
    expect(writeFailure(unique)).toBe(unique);
  });

  it("says a lead whose fate is unknown may have been received and may be sent again, never that nothing was saved", () => {
    expect(SAVE_UNCERTAIN).toMatch(/may have been received/);
    expect(SAVE_UNCERTAIN).toMatch(/sending them again is safe/);
    expect(SAVE_UNCERTAIN).not.toMatch(/nothing was saved|not saved|was not received/i);
  });
});

describe("the lead endpoints' answer when the database fails under the lead's write", () => {
  let database: DatabaseHandle;
  /** The error the lead's insert fails with, or none: every other statement runs. */
  let insertFails: Error | undefined;
  const dialect = new PgDialect();

  beforeAll(async () => {
    database = await openTestDatabase("pglite");
  });
  afterAll(async () => {
    await database.close();
  });

  /** The test database, but the statement that stores a lead (db/lead-insert.ts) fails as told. */
  function failingInsert(): DatabaseHandle {
    const db = new Proxy(database.db, {
      get(target, property, receiver) {
        if (property !== "execute") return Reflect.get(target, property, receiver);
        return (query: SQL) => {
          if (insertFails && dialect.sqlToQuery(query).sql.includes("jsonb_populate_recordset")) {
            return Promise.reject(insertFails);
          }
          return target.execute(query);
        };
      },
    }) as Database;
    return { ...database, db };
  }

  it.each([
    ["quotes", validQuote],
    ["enquiries", validEnquiry],
  ] as const)(
    "/api/%s: 503 saying it may have been received when the write got no answer; 201 and stored once when sent again",
    async (path, body) => {
      const { log, lines } = capturedLog();
      const { app } = createTestApp(failingInsert(), {}, { log });
      const submissionKey = randomUUID();
      const lead = postJson(body({ submission_key: submissionKey }), "198.51.100.27");

      insertFails = new Error("Query read timeout");
      const uncertain = await app.request(`/api/${path}`, lead);
      expect(uncertain.status).toBe(503);
      expect(uncertain.headers.get("Retry-After")).toBe(String(RETRY_AFTER_SECONDS));
      expect(await uncertain.json()).toEqual({ error: SAVE_UNCERTAIN, saved: "unknown" });
      // The outage's line names the driver's cause, not the wrapper that marks the write as unknown.
      expect(lines.find((line) => line.msg === "database unavailable")?.err).toMatchObject({
        message: "Query read timeout",
      });

      insertFails = coded("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:5432");
      const refused = await app.request(`/api/${path}`, lead);
      expect(refused.status).toBe(503);
      expect(await refused.json()).toEqual({ error: SERVICE_BUSY });

      insertFails = undefined;
      const again = await app.request(`/api/${path}`, lead);
      expect(again.status).toBe(201);
      const { id } = (await again.json()) as { id: string };
      const once = await app.request(`/api/${path}`, lead);
      expect(await once.json()).toEqual({ id });
    },
  );
});
