import { DrizzleQueryError } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { capturedLog } from "../../tests/support/log";
import { createOutageLog, isConnectionFailure } from "./outage";

const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });

describe("telling a connection failure from a bad request", () => {
  it.each([
    ["a refused connection", refused, true],
    [
      "the same, wrapped by Drizzle with the query and its parameters",
      new DrizzleQueryError("insert …", ["a@b.c"], refused),
      true,
    ],
    [
      "PostgreSQL shutting down (57P01)",
      Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }),
      true,
    ],
    ["a connection exception (class 08)", Object.assign(new Error("connection failure"), { code: "08006" }), true],
    ["node-postgres giving up on a connection", new Error("timeout exceeded when trying to connect"), true],
    ["node-postgres giving up on an answer", new Error("Query read timeout"), true],
    [
      "PostgreSQL ending a statement at its statement_timeout (57014)",
      Object.assign(new Error("canceling statement due to statement timeout"), { code: "57014" }),
      true,
    ],
    [
      "a statement cancelled on request (57014)",
      Object.assign(new Error("canceling statement due to user request"), { code: "57014" }),
      false,
    ],
    [
      "a unique violation (23505)",
      Object.assign(new Error("duplicate key value violates unique constraint"), { code: "23505" }),
      false,
    ],
    [
      "bad input (22P02)",
      Object.assign(new Error('invalid input syntax for type integer: "abc"'), { code: "22P02" }),
      false,
    ],
    ["a plain bug", new TypeError("x is undefined"), false],
  ])("%s → %s", (_, error, expected) => {
    expect(isConnectionFailure(error)).toBe(expected);
  });
});

describe("every cause of an outage, by code and by message", () => {
  const coded = (code: string) => Object.assign(new Error("some failure"), { code });

  it.each([
    "ECONNREFUSED",
    "ECONNRESET",
    "ETIMEDOUT",
    "EPIPE",
    "ENOTFOUND",
    "EAI_AGAIN",
    "EHOSTUNREACH",
    "ENETUNREACH",
    "ECONNECTION",
    "ESOCKET",
    "53300",
    "08000",
    "57P03",
  ])("code %s is a connection failure", (code) => {
    expect(isConnectionFailure(coded(code))).toBe(true);
  });

  it.each(["EACCES", "53200", "42P01", "58030", "57014", "P0001"])("code %s is not", (code) => {
    expect(isConnectionFailure(coded(code))).toBe(false);
  });

  it.each([
    "Connection terminated unexpectedly",
    "timeout exceeded when trying to connect",
    "Query read timeout",
    "terminating connection due to idle-session timeout",
    "Connection error",
    "Cannot use a pool after calling end on the pool",
    "Database timed out",
  ])("the message '%s' is a connection failure", (message) => {
    expect(isConnectionFailure(new Error(message))).toBe(true);
  });

  it("reads a code only as text, and a message only from an Error", () => {
    expect(isConnectionFailure({ code: 8006 })).toBe(false);
    expect(isConnectionFailure({ message: "Connection terminated" })).toBe(false);
    expect(isConnectionFailure(undefined)).toBe(false);
    expect(isConnectionFailure("ECONNREFUSED")).toBe(false);
  });

  it("looks through up to eight wrappers, and survives a cause that loops", () => {
    const wrapped = (depth: number) => {
      let error: unknown = refused;
      for (let i = 0; i < depth; i++) error = new Error(`wrapper ${i}`, { cause: error });
      return error;
    };
    expect(isConnectionFailure(wrapped(7))).toBe(true);
    expect(isConnectionFailure(wrapped(8))).toBe(false);
    const looped = new Error("outer") as Error & { cause?: unknown };
    looped.cause = new Error("inner", { cause: looped });
    expect(isConnectionFailure(looped)).toBe(false);
  });
});

describe("the outage log", () => {
  it("counts the time away from the first failure, not from the clock's zero", () => {
    const { log, lines } = capturedLog();
    let now = 1_000_000;
    const outage = createOutageLog(log, "mail", { reportEveryMs: 60_000, now: () => now });
    outage.failed(refused);
    now += 60_000;
    outage.failed(refused);
    now += 5_000;
    outage.succeeded();
    expect(lines.map((l) => [l.msg, l.downForMs ?? null])).toEqual([
      ["mail unavailable", null],
      ["mail still unavailable", 60_000],
      ["mail back", 65_000],
    ]);
  });

  it("writes one line when a service goes, a count while it stays away, and one when it is back", () => {
    const { log, lines } = capturedLog();
    let now = 0;
    const outage = createOutageLog(log, "database", { reportEveryMs: 60_000, now: () => now });
    outage.succeeded();
    expect(lines).toHaveLength(0);
    for (let second = 0; second < 150; second++) {
      now = second * 1_000;
      outage.failed(refused);
    }
    expect(outage.down).toBe(true);
    now = 150_000;
    outage.succeeded();
    outage.succeeded();
    expect(outage.down).toBe(false);
    expect(lines.map((l) => [l.msg, l.failures ?? null])).toEqual([
      ["database unavailable", null],
      ["database still unavailable", 61],
      ["database still unavailable", 121],
      ["database back", 150],
    ]);
    // The cause, through the logger's error serializer: the code and the driver's words, no address.
    expect(lines[0]?.err).toEqual({
      type: "Error",
      code: "ECONNREFUSED",
      message: "connect ECONNREFUSED [address]:5432",
    });
    expect(lines[3]?.downForMs).toBe(150_000);
  });

  describe("the count, on the minute", () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it("is written every minute while the service stays away, though nothing fails in between", async () => {
      vi.useFakeTimers({ now: 0 });
      const { log, lines } = capturedLog();
      const outage = createOutageLog(log, "mail");
      outage.failed(refused);
      // Mail waits for its retries: failures come at 70 s and 140 s, not on the minute.
      await vi.advanceTimersByTimeAsync(70_000);
      outage.failed(refused);
      await vi.advanceTimersByTimeAsync(70_000);
      outage.failed(refused);
      await vi.advanceTimersByTimeAsync(44_000);
      outage.succeeded();
      await vi.advanceTimersByTimeAsync(300_000);
      expect(lines.map((l) => [l.msg, l.downForMs ?? null, l.failures ?? null])).toEqual([
        ["mail unavailable", null, null],
        ["mail still unavailable", 60_000, 1],
        ["mail still unavailable", 120_000, 2],
        ["mail still unavailable", 180_000, 3],
        ["mail back", 184_000, 3],
      ]);
    });

    it("starts again with the next outage, and none is left waiting once the service is back", async () => {
      vi.useFakeTimers({ now: 0 });
      const { log, lines } = capturedLog();
      const outage = createOutageLog(log, "database");
      outage.failed(refused);
      await vi.advanceTimersByTimeAsync(30_000);
      outage.succeeded();
      expect(vi.getTimerCount()).toBe(0);
      await vi.advanceTimersByTimeAsync(10_000);
      outage.failed(refused);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(lines.map((l) => [l.msg, l.downForMs ?? null])).toEqual([
        ["database unavailable", null],
        ["database back", 30_000],
        ["database unavailable", null],
        ["database still unavailable", 60_000],
      ]);
      outage.succeeded();
    });
  });
});
