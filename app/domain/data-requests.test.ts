import { describe, expect, it } from "vitest";
import { FIRST_NAME_REQUIRED, LAST_NAME_REQUIRED } from "./account-messages";
import { FIRST_NAME_TOO_LONG, LAST_NAME_TOO_LONG, UK_PHONE_INVALID } from "./messages";
import {
  CORRECTION_REQUEST_MAX_LENGTH,
  CORRECTION_REQUEST_PROBLEMS,
  dataRequestDueBy,
  dataRequestDueDay,
  dataRequestReference,
  readAccountDetails,
  readCorrectionRequest,
} from "./data-requests";

// The month a correction request is answered in (UK GDPR article 12(3), as the ICO counts
// it), by table: the same date next month, the month's end where there is none, moved past
// weekends and the firm's nation's bank holidays, counted from the UK day it came in.

describe("the day a correction request is due", () => {
  it.each([
    ["an ordinary weekday", "2026-03-10T10:00:00Z", "england-and-wales", "2026-04-10"],
    ["due on Good Friday, moved past Easter Monday", "2026-03-03T10:00:00Z", "england-and-wales", "2026-04-07"],
    ["31 January, to February's last day", "2025-01-31T12:00:00Z", "england-and-wales", "2025-02-28"],
    ["31 January, February's last day a Saturday", "2026-01-31T12:00:00Z", "england-and-wales", "2026-03-02"],
    ["31 January in a leap year", "2028-01-31T12:00:00Z", "england-and-wales", "2028-02-29"],
    [
      "30 January, February having no 30th (a Monday, 2 March's Saturday moved on)",
      "2026-01-30T12:00:00Z",
      "england-and-wales",
      "2026-03-02",
    ],
    ["due on a Saturday, moved to Monday", "2026-09-12T09:00:00Z", "england-and-wales", "2026-10-12"],
    ["December into January, past New Year's Day", "2025-12-01T09:00:00Z", "england-and-wales", "2026-01-02"],
    ["due on St Andrew's Day in Scotland", "2026-10-30T09:00:00Z", "scotland", "2026-12-01"],
    ["the same day in England", "2026-10-30T09:00:00Z", "england-and-wales", "2026-11-30"],
    ["due on St Patrick's Day in Northern Ireland", "2026-02-17T09:00:00Z", "northern-ireland", "2026-03-18"],
    ["23:30 UTC in summer is the next UK day", "2026-06-30T23:30:00Z", "england-and-wales", "2026-08-03"],
    ["23:30 UTC in winter is the same UK day", "2026-11-30T23:30:00Z", "england-and-wales", "2026-12-30"],
  ] as const)("%s", (_, received, nation, due) => {
    expect(dataRequestDueDay(new Date(received), nation)).toBe(due);
  });

  it("ends at the close of the due day, UK time, in summer and winter (1 January 2027 a Friday: Monday the 4th)", () => {
    expect(dataRequestDueBy(new Date("2026-03-10T10:00:00Z"), "england-and-wales").toISOString()).toBe(
      "2026-04-10T23:00:00.000Z",
    );
    expect(dataRequestDueBy(new Date("2026-12-01T10:00:00Z"), "england-and-wales").toISOString()).toBe(
      "2027-01-05T00:00:00.000Z",
    );
  });
});

describe("a correction request's words", () => {
  const refused = (problem: string, details: string) => ({
    ok: false,
    problems: { details: problem },
    values: { details },
  });
  it.each([
    ["", refused(CORRECTION_REQUEST_PROBLEMS.empty, "")],
    ["   \n ", refused(CORRECTION_REQUEST_PROBLEMS.empty, "   \n ")],
    [undefined, refused(CORRECTION_REQUEST_PROBLEMS.empty, "")],
    ["\u0000", refused(CORRECTION_REQUEST_PROBLEMS.empty, "\u0000")],
    ["Line one\r\nline\u0007 two", { ok: true, value: "Line one\nline two" }],
    ["  My income is £52,000, not £25,000. ", { ok: true, value: "My income is £52,000, not £25,000." }],
    ["x".repeat(CORRECTION_REQUEST_MAX_LENGTH), { ok: true, value: "x".repeat(CORRECTION_REQUEST_MAX_LENGTH) }],
    [
      "x".repeat(CORRECTION_REQUEST_MAX_LENGTH + 1),
      refused(CORRECTION_REQUEST_PROBLEMS.tooLong, "x".repeat(CORRECTION_REQUEST_MAX_LENGTH + 1)),
    ],
  ])("%j", (value, expected) => {
    expect(readCorrectionRequest(value)).toEqual(expected);
  });

  it("is named by its reference", () => {
    expect(dataRequestReference("0b7b3c3e-1c1f-4a39-9a53-1d1f2a3b4c5d")).toBe("R-0B7B3C3E");
  });
});

describe("a borrower's own name and phone, corrected on /account", () => {
  const read = (values: Record<string, string>) => readAccountDetails((field) => values[field]);
  it.each([
    [
      { firstName: " Jane ", lastName: "Smith", phone: "07700 900123" },
      { firstName: "Jane", lastName: "Smith", phone: "07700 900123" },
    ],
    [
      { firstName: "Jane", lastName: "Smith", phone: "" },
      { firstName: "Jane", lastName: "Smith", phone: null },
    ],
    [
      { firstName: "Jane", lastName: "Smith-Jones", phone: "+44 7700 900123" },
      { firstName: "Jane", lastName: "Smith-Jones", phone: "+44 7700 900123" },
    ],
    [
      { firstName: "J".repeat(255), lastName: "S".repeat(255), phone: "" },
      { firstName: "J".repeat(255), lastName: "S".repeat(255), phone: null },
    ],
  ])("%j is kept as %j", (values, details) => {
    expect(read(values)).toEqual({ ok: true, value: details });
  });

  it.each([
    [{ firstName: "", lastName: "Smith", phone: "" }, { firstName: FIRST_NAME_REQUIRED }],
    [{ firstName: "Jane", lastName: "  ", phone: "" }, { lastName: LAST_NAME_REQUIRED }],
    [{ firstName: "Jane", lastName: "Smith", phone: "0123" }, { phone: UK_PHONE_INVALID }],
    [
      { firstName: "J".repeat(256), lastName: "", phone: "12" },
      { firstName: FIRST_NAME_TOO_LONG, lastName: LAST_NAME_REQUIRED, phone: UK_PHONE_INVALID },
    ],
    [{ firstName: "Jane", lastName: "S".repeat(256), phone: "" }, { lastName: LAST_NAME_TOO_LONG }],
  ])("%j is refused at each field in the forms' words", (values, problems) => {
    expect(read(values)).toEqual({ ok: false, problems, values });
  });

  it("reads a field that is not text (a file, a repeated field) as left empty", () => {
    expect(readAccountDetails((field) => (field === "phone" ? 7700900123 : "Jane"))).toEqual({
      ok: true,
      value: { firstName: "Jane", lastName: "Jane", phone: null },
    });
  });
});
