import { describe, expect, it } from "vitest";
import { capturingLogger } from "../../tests/support/app";
import { byRule } from "../../tests/support/by-rule";
import { errorSummary, loggedPath, redactMessage } from "./logger";

// What may reach the log (no personal data, no client address): errors cut to what is
// safe to keep, and the fields that must never be written blanked.

describe("redactMessage", () => {
  it.each(
    byRule([
      { rule: "a plain message is kept", raw: "connection refused", expected: "connection refused" },
      { rule: "only the first line", raw: "first line\nsecond: jane@example.com", expected: "first line" },
      { rule: "only the first line, Windows endings too", raw: "first\r\nsecond", expected: "first" },
      {
        rule: "a query's parameters go",
        raw: "Failed query: insert ... params: Jane,Doe,07700",
        expected: "Failed query: insert ... params: [redacted]",
      },
      { rule: "PARAMS in any case", raw: "Query PARAMS: a,b", expected: "Query params: [redacted]" },
      {
        rule: "double-quoted values go",
        raw: 'invalid input "Jane Doe" for name',
        expected: 'invalid input "[redacted]" for name',
      },
      { rule: "single-quoted values go", raw: "value 'Jane' too long", expected: 'value "[redacted]" too long' },
      { rule: "an escaped quote stays inside its value", raw: 'bad "Ja\\"ne" here', expected: 'bad "[redacted]" here' },
      { rule: "every quoted value goes", raw: "'a' and 'b'", expected: '"[redacted]" and "[redacted]"' },
      {
        rule: "an email address goes",
        raw: "no user jane.doe+x@example.co.uk found",
        expected: "no user [email] found",
      },
      { rule: "an address inside brackets goes", raw: "to <jane@example.com>", expected: "to <[email]>" },
      { rule: "an IPv4 address goes", raw: "limit for 203.0.113.7 reached", expected: "limit for [address] reached" },
      { rule: "an IPv6 address goes", raw: "limit for 2001:db8::1 reached", expected: "limit for [address] reached" },
      { rule: "a version number is not an address", raw: "pg 15.4 said no", expected: "pg 15.4 said no" },
      { rule: "cut to 300 characters", raw: "x".repeat(400), expected: "x".repeat(300) },
      {
        rule: "a URL's query string goes (a search's email, a link's token)",
        raw: "GET /staff/export?q=someone%40example.com&from=2026-02-30 failed",
        expected: "GET /staff/export?[redacted] failed",
      },
      {
        rule: "a whole URL's query string goes too",
        raw: "redirect to http://localhost:3000/api/auth/verify-email?token=eyJhbGciOi.x.y&callbackURL=%2Fauth",
        expected: "redirect to http://localhost:3000/api/auth/verify-email?[redacted]",
      },
      {
        rule: "a reset link's token goes",
        raw: "no user for /api/auth/reset-password/xXgfO7vmzncUYtnoFU8O16GK",
        expected: "no user for /api/auth/reset-password/[token]",
      },
      {
        rule: "an email address written with %40 goes",
        raw: "no jane%40example.com here",
        expected: "no [email] here",
      },
      { rule: "a package's name is not an address", raw: "no module @react-router/dev", expected: "no module @react-router/dev" },
      { rule: "a word ending in @ is not an address", raw: "sent to jane@ alone", expected: "sent to jane@ alone" },
      { rule: "a word with two @ goes whole", raw: "to a@b@example.com now", expected: "to [email] now" },
      { rule: "an address after = goes with its key", raw: "bad email=jane@example.com here", expected: "bad [email] here" },
      { rule: "a UK mobile number goes", raw: "call 07700 900481 now", expected: "call [phone] now" },
      { rule: "a number with +44 goes", raw: "call +44 7700 900456", expected: "call [phone]" },
      { rule: "a date is not a phone number", raw: "out of range: 2026-02-30", expected: "out of range: 2026-02-30" },
    ]),
  )("%s", (_rule, { raw, expected }) => {
    expect(redactMessage(raw)).toBe(expected);
  });
});

describe("loggedPath", () => {
  it.each(
    byRule([
      { rule: "a plain path is kept", raw: "/staff/leads/quote/4f1c", expected: "/staff/leads/quote/4f1c" },
      {
        rule: "a reset link's token goes",
        raw: "/api/auth/reset-password/xXgfO7vmzncUYtnoFU8O16GK",
        expected: "/api/auth/reset-password/[token]",
      },
      { rule: "a query string goes", raw: "/staff/enrol?token=abc", expected: "/staff/enrol" },
      { rule: "a fragment goes", raw: "/auth#secret", expected: "/auth" },
      { rule: "an email address in a path goes", raw: "/jane.doe@example.com/", expected: "/[email]/" },
      { rule: "an encoded one too", raw: "/u/jane%40example.com", expected: "/u/[email]" },
      { rule: "cut to 200 characters", raw: `/${"a".repeat(300)}`, expected: `/${"a".repeat(199)}` },
      { rule: "a value that is not text", raw: 42, expected: "42" },
    ]),
  )("%s", (_rule, { raw, expected }) => {
    expect(loggedPath(raw)).toBe(expected);
  });

  it("is how every logged path is written", () => {
    const { log, text } = capturingLogger();
    log.info({ path: "/api/auth/reset-password/xXgfO7vmzncUYtnoFU8O16GK?callbackURL=%2Fauth" }, "request");
    expect(JSON.parse(text()).path).toBe("/api/auth/reset-password/[token]");
  });
});

describe("errorSummary", () => {
  it("names the error and keeps its safe message", () => {
    expect(errorSummary(new TypeError("bad thing"))).toEqual({ type: "TypeError", message: "bad thing" });
  });

  it("takes the SQLSTATE from the innermost cause, and says the outer first line then the inner message", () => {
    const database = Object.assign(new Error('duplicate key "jane@example.com"'), { code: "23505" });
    const query = new Error("Failed query: insert into quotes\nparams: Jane,Doe", { cause: database });
    expect(errorSummary(query)).toEqual({
      type: "Error",
      code: "23505",
      message: 'Failed query: insert into quotes: duplicate key "[redacted]"',
    });
  });

  it("keeps an outer code when the inner error has none", () => {
    const inner = new Error("socket hang up");
    const outer = Object.assign(new Error("request failed", { cause: inner }), { code: "ECONNRESET" });
    expect(errorSummary(outer)).toEqual({
      type: "Error",
      code: "ECONNRESET",
      message: "request failed: socket hang up",
    });
  });

  it("ignores a code that is not text", () => {
    expect(errorSummary(Object.assign(new Error("odd"), { code: 42 }))).toEqual({ type: "Error", message: "odd" });
  });

  it("follows causes five deep and no further", () => {
    let error = new Error("level 6");
    for (let level = 5; level >= 1; level--) error = new Error(`level ${level}`, { cause: error });
    expect(errorSummary(error).message).toBe("level 1: level 5");
  });

  it("summarises a thrown value that is not an Error, redacted too", () => {
    expect(errorSummary("no route to 10.0.0.1")).toEqual({ type: "string", message: "no route to [address]" });
    expect(errorSummary(undefined)).toEqual({ type: "undefined", message: "undefined" });
  });
});

describe("createLogger", () => {
  it("blanks personal fields wherever they sit, and writes errors as their summary", () => {
    const { log, text } = capturingLogger();
    log.info(
      {
        email: "jane@example.com",
        phone: "07700 900123",
        name: "Jane",
        firstName: "Jane",
        lastName: "Doe",
        lead: { email: "jane@example.com", phone: "07700 900123", password: "secret" },
        req: { headers: { cookie: "session=abc", authorization: "Bearer abc" } },
        err: new Error("for jane@example.com"),
      },
      "a line",
    );
    const line = JSON.parse(text().split("\n")[0] ?? "{}");
    expect(line).toMatchObject({
      email: "[redacted]",
      phone: "[redacted]",
      name: "[redacted]",
      firstName: "[redacted]",
      lastName: "[redacted]",
      lead: { email: "[redacted]", phone: "[redacted]", password: "[redacted]" },
      req: { headers: { cookie: "[redacted]", authorization: "[redacted]" } },
      err: { type: "Error", message: "for [email]" },
      msg: "a line",
    });
    expect(line).not.toHaveProperty("pid");
    expect(line).not.toHaveProperty("hostname");
  });
});
