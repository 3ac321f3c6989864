import { describe, expect, it } from "vitest";
import { byRule } from "../tests/support/by-rule";
import { ConfigError, readConfig } from "./config.server";

describe("SITE_URL, the address put in emails and canonical links", () => {
  it.each([
    { rule: "unset: the default port on this machine", env: {}, expected: "http://localhost:3000" },
    { rule: "unset: follows PORT", env: { PORT: "4630" }, expected: "http://localhost:4630" },
    {
      rule: "unset: follows a named HOST",
      env: { HOST: "127.0.0.1", PORT: "4630" },
      expected: "http://127.0.0.1:4630",
    },
    {
      rule: "unset: a wildcard HOST (0.0.0.0) is reached as localhost",
      env: { HOST: "0.0.0.0" },
      expected: "http://localhost:3000",
    },
    {
      rule: "unset: a wildcard IPv6 HOST (::) is reached as localhost",
      env: { HOST: "::" },
      expected: "http://localhost:3000",
    },
    { rule: "unset: an IPv6 HOST is bracketed", env: { HOST: "::1", PORT: "8080" }, expected: "http://[::1]:8080" },
    { rule: "empty counts as unset", env: { SITE_URL: "", PORT: "4630" }, expected: "http://localhost:4630" },
    {
      rule: "set: wins over PORT",
      env: { SITE_URL: "https://loans.example/", PORT: "4630" },
      expected: "https://loans.example",
    },
  ])("$rule", ({ env, expected }) => {
    const config = readConfig(env);
    expect(config.siteUrl).toBe(expected);
    expect(config.site.siteUrl).toBe(expected);
  });
});

describe("claims a reader could check (D17)", () => {
  const rating = {
    REVIEW_RATING: "4.8",
    REVIEW_COUNT: "1234",
    REVIEW_SITE: "Trustpilot",
    REVIEW_URL: "https://uk.trustpilot.com/review/harbourside-loans.example",
    REVIEW_DATE: "November 2026",
  };
  it.each([
    { rule: "unset: no claim is made", env: {}, expected: { lenderPanel: null, rating: null } },
    {
      rule: "a panel size with its source is made",
      env: { LENDER_PANEL_SIZE: "20+", LENDER_PANEL_SOURCE: "our panel list, November 2026" },
      expected: { lenderPanel: { size: "20+", source: "our panel list, November 2026" }, rating: null },
    },
    {
      rule: "a panel size without a source is not",
      env: { LENDER_PANEL_SIZE: "20+" },
      expected: { lenderPanel: null, rating: null },
    },
    {
      rule: "a rating with site, count, date and link is made",
      env: rating,
      expected: {
        lenderPanel: null,
        rating: { score: "4.8", count: 1234, site: "Trustpilot", url: rating.REVIEW_URL, date: "November 2026" },
      },
    },
    {
      rule: "a rating without its link is not",
      env: { ...rating, REVIEW_URL: "" },
      expected: { lenderPanel: null, rating: null },
    },
  ])("$rule", ({ env, expected }) => {
    expect(readConfig(env).site.claims).toEqual(expected);
  });
});

describe("opening hours and bank holidays, the call-backs' configuration", () => {
  it("defaults to Monday to Friday, 9:00 to 17:00, with England and Wales's bank holidays", () => {
    const config = readConfig({});
    expect(config.site.openingHours).toBe("Monday to Friday, 9:00 to 17:00");
    expect(config.callbacks).toEqual({
      hours: [{ days: ["monday", "tuesday", "wednesday", "thursday", "friday"], opens: 540, closes: 1020 }],
      nation: "england-and-wales",
    });
    expect(config.site.openingPeriods).toEqual(config.callbacks.hours);
  });

  it("marks a new lead on Today after 30 minutes of opening hours unless FIRST_CALL_TARGET_MINUTES says otherwise", () => {
    expect(readConfig({}).firstCallTargetMinutes).toBe(30);
    expect(readConfig({ FIRST_CALL_TARGET_MINUTES: "15" }).firstCallTargetMinutes).toBe(15);
  });

  it("takes no nightly backup unless BACKUP_DIR is set, and keeps 14 unless BACKUP_KEEP says otherwise", () => {
    expect(readConfig({}).backup).toEqual({ dir: null, keep: 14 });
    expect(readConfig({ BACKUP_DIR: "/var/backups/loans", BACKUP_KEEP: "28" }).backup).toEqual({
      dir: "/var/backups/loans",
      keep: 28,
    });
  });

  it("prints the configured hours from the same value the call-backs use", () => {
    const config = readConfig({ OPENING_HOURS: "Mon-Fri 08:30-17:30; Sat 10:00-13:00", BANK_HOLIDAYS: "scotland" });
    expect(config.site.openingHours).toBe("Monday to Friday, 8:30 to 17:30; Saturday, 10:00 to 13:00");
    expect(config.callbacks.hours).toHaveLength(2);
    expect(config.callbacks.nation).toBe("scotland");
  });

  it("counts the firm's days by the call-backs' nation unless FIRM_NATION sets its own", () => {
    expect(readConfig({ BANK_HOLIDAYS: "scotland" }).firm.nation).toBe("scotland");
    expect(readConfig({}).firm.nation).toBe("england-and-wales");
    const apart = readConfig({ BANK_HOLIDAYS: "scotland", FIRM_NATION: "northern-ireland" });
    expect([apart.callbacks.nation, apart.firm.nation]).toEqual(["scotland", "northern-ireland"]);
    expect(() => readConfig({ FIRM_NATION: "wales" })).toThrow(/FIRM_NATION/);
  });

  it.each(
    byRule([
      { rule: "hours that cannot be read stop the start", env: { OPENING_HOURS: "9 till 5" }, name: "OPENING_HOURS" },
      {
        rule: "closing before opening stops the start",
        env: { OPENING_HOURS: "Mon-Fri 17:00-09:00" },
        name: "OPENING_HOURS",
      },
      { rule: "a nation the UK does not have stops the start", env: { BANK_HOLIDAYS: "wales" }, name: "BANK_HOLIDAYS" },
      {
        rule: "a first-call target that is not a number stops the start",
        env: { FIRST_CALL_TARGET_MINUTES: "half an hour" },
        name: "FIRST_CALL_TARGET_MINUTES",
      },
      {
        rule: "a first-call target of no time stops the start",
        env: { FIRST_CALL_TARGET_MINUTES: "0" },
        name: "FIRST_CALL_TARGET_MINUTES",
      },
      {
        rule: "a first-call target in part-minutes stops the start",
        env: { FIRST_CALL_TARGET_MINUTES: "7.5" },
        name: "FIRST_CALL_TARGET_MINUTES",
      },
      {
        rule: "keeping no backups stops the start",
        env: { BACKUP_KEEP: "0" },
        name: "BACKUP_KEEP",
      },
      {
        rule: "a number of backups that is not whole stops the start",
        env: { BACKUP_KEEP: "two weeks" },
        name: "BACKUP_KEEP",
      },
    ]),
  )("%s, naming the variable", (_, { env, name }) => {
    expect(() => readConfig(env)).toThrow(ConfigError);
    expect(() => readConfig(env)).toThrow(new RegExp(`^Invalid configuration:\\n  ${name}: `));
  });
});
