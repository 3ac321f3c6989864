import { describe, expect, it } from "vitest";
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, isAuditAction } from "./audit-actions";
import {
  INBOX_FILTER_PROBLEMS,
  type InboxFilter,
  inboxFilterProblem,
  inboxSearchParams,
  parseInboxFilter,
  parseLeadLookup,
  searchTerm,
} from "./inbox-filter";
import { byRule } from "../../tests/support/by-rule";

// The staff inbox's filter lives in the URL (issue 10: a filtered view can be shared).
// What a URL asks for, what a bad value becomes (left out of the filter, so the query
// always runs; a page refuses some of them first: inboxFilterProblem), and the way back
// from a filter to its URL.

const parse = (query: string) => parseInboxFilter(new URLSearchParams(query));
const NOTHING: InboxFilter = {
  statuses: [],
  kind: undefined,
  from: undefined,
  to: undefined,
  assignee: undefined,
  campaign: undefined,
  minAmount: undefined,
  maxAmount: undefined,
  flag: undefined,
  q: undefined,
  sort: "received",
  dir: "desc",
  after: undefined,
};
const ID = "0b9a7c1e-5d2f-4e8a-9c3b-1f2e3d4c5b6a";

describe("parseInboxFilter", () => {
  it("reads an empty query as every lead, newest first", () => {
    expect(parse("")).toEqual(NOTHING);
  });

  it.each(
    byRule([
      {
        rule: "statuses, several, in order",
        query: "status=new&status=completed",
        want: { statuses: ["new", "completed"] },
      },
      {
        rule: "an unknown status is dropped, the rest kept",
        query: "status=lost&status=contacted",
        want: { statuses: ["contacted"] },
      },
      { rule: "kind", query: "kind=personal-enquiry", want: { kind: "personal-enquiry" } },
      { rule: "an unknown kind is left out", query: "kind=mortgage", want: {} },
      {
        rule: "dates as UK days",
        query: "from=2026-11-01&to=2026-11-30",
        want: { from: "2026-11-01", to: "2026-11-30" },
      },
      { rule: "dates trimmed", query: "from=%202026-11-01%20", want: { from: "2026-11-01" } },
      { rule: "a date not in YYYY-MM-DD is left out", query: "from=1/11/2026&to=2026-11-1", want: {} },
      { rule: "a date with more after it is left out", query: "from=2026-11-01x", want: {} },
      { rule: "assignee: unassigned", query: "assignee=unassigned", want: { assignee: "unassigned" } },
      { rule: "assignee: mine", query: "assignee=mine", want: { assignee: "mine" } },
      { rule: "assignee: a staff member's id", query: `assignee=${ID}`, want: { assignee: { id: ID } } },
      { rule: "assignee: anything else is left out", query: "assignee=ann", want: {} },
      { rule: "assignee: blank is left out", query: "assignee=%20", want: {} },
      { rule: "campaign, trimmed", query: "campaign=%20spring%20", want: { campaign: "spring" } },
      { rule: "campaign of spaces is left out", query: "campaign=%20%20", want: {} },
      {
        rule: "campaign kept to 100 characters",
        query: `campaign=${"c".repeat(101)}`,
        want: { campaign: "c".repeat(100) },
      },
      {
        rule: "amount range in whole pounds",
        query: "min=0&max=100000000",
        want: { minAmount: 0, maxAmount: 100_000_000 },
      },
      { rule: "an amount over £100m is left out", query: "min=100000001", want: {} },
      { rule: "a negative amount is left out", query: "max=-1", want: {} },
      { rule: "pence are left out", query: "min=10.5", want: {} },
      { rule: "an amount that is not a number is left out", query: "min=lots", want: {} },
      { rule: "a blank amount is left out (not read as 0)", query: "min=&max=%20", want: {} },
      { rule: "triage flag", query: "flag=ltv-over-100", want: { flag: "ltv-over-100" } },
      { rule: "an unknown flag is left out", query: "flag=vip", want: {} },
      { rule: "search, trimmed", query: "q=%20patel%20", want: { q: "patel" } },
      { rule: "search of spaces is left out", query: "q=%20%20", want: {} },
      { rule: "search kept to 100 characters", query: `q=${"a".repeat(101)}`, want: { q: "a".repeat(100) } },
      { rule: "sort by amount", query: "sort=amount", want: { sort: "amount" } },
      { rule: "sort by name, A to Z", query: "sort=name", want: { sort: "name", dir: "asc" } },
      { rule: "sort by name, Z to A", query: "sort=name&dir=desc", want: { sort: "name", dir: "desc" } },
      { rule: "any other sort is by received time", query: "sort=surname", want: {} },
      { rule: "waiting over a day", query: "waiting=1", want: { waiting: true } },
      { rule: "waiting is 1 or nothing", query: "waiting=yes", want: {} },
      {
        rule: "a name cursor: n and the name's bytes in hex",
        query: `sort=name&after=n736d697468206a6f~${ID}`,
        want: { sort: "name", dir: "asc", after: { key: "n736d697468206a6f", id: ID } },
      },
      {
        rule: "an empty name's cursor",
        query: `sort=name&after=n~${ID}`,
        want: { sort: "name", dir: "asc", after: { key: "n", id: ID } },
      },
      {
        rule: "a name cursor of odd hex is left out",
        query: `sort=name&after=n736~${ID}`,
        want: { sort: "name", dir: "asc" },
      },
      {
        rule: "a name cursor without its n is left out",
        query: `sort=name&after=7365~${ID}`,
        want: { sort: "name", dir: "asc" },
      },
      {
        rule: "the page cursor: sort key and id",
        query: `after=2026-11-01T10:00:00.123456Z~${ID}`,
        want: { after: { key: "2026-11-01T10:00:00.123456Z", id: ID } },
      },
      { rule: "a cursor without its id is left out", query: "after=2026-11-01T10:00:00Z", want: {} },
      {
        rule: "a cursor whose id is not a uuid is left out",
        query: "after=5~not-an-id-not-an-id-not-an-id-not-an",
        want: {},
      },
      { rule: "a cursor with an empty key is left out", query: `after=~${ID}`, want: {} },
      { rule: "a received-time cursor whose key is a number is left out", query: `after=1~${ID}`, want: {} },
      {
        rule: "a received-time cursor on an impossible day is left out",
        query: `after=2026-02-29T10:00:00.000000Z~${ID}`,
        want: {},
      },
      {
        rule: "a received-time cursor on a leap day is kept",
        query: `after=2028-02-29T23:59:59.999999Z~${ID}`,
        want: { after: { key: "2028-02-29T23:59:59.999999Z", id: ID } },
      },
      {
        rule: "an amount cursor: a whole number",
        query: `sort=amount&after=25000~${ID}`,
        want: { sort: "amount", after: { key: "25000", id: ID } },
      },
      {
        rule: "an amount cursor of -1 (a lead without an amount)",
        query: `sort=amount&after=-1~${ID}`,
        want: { sort: "amount", after: { key: "-1", id: ID } },
      },
      {
        rule: "an amount cursor of the largest amount the database holds",
        query: `sort=amount&after=2147483647~${ID}`,
        want: { sort: "amount", after: { key: "2147483647", id: ID } },
      },
      {
        rule: "an amount cursor one past it is left out",
        query: `sort=amount&after=2147483648~${ID}`,
        want: { sort: "amount" },
      },
      { rule: "an amount cursor below -1 is left out", query: `sort=amount&after=-2~${ID}`, want: { sort: "amount" } },
      {
        rule: "an amount cursor with pence is left out",
        query: `sort=amount&after=10.5~${ID}`,
        want: { sort: "amount" },
      },
      {
        rule: "an amount cursor with a leading zero is left out",
        query: `sort=amount&after=01~${ID}`,
        want: { sort: "amount" },
      },
      {
        rule: "an amount cursor whose key is a time is left out",
        query: `sort=amount&after=2026-11-01T10:00:00Z~${ID}`,
        want: { sort: "amount" },
      },
      {
        rule: "a cursor whose id has the shape but not the hex of a uuid is left out",
        query: `after=2026-11-01T10:00:00Z~${"-".repeat(36)}`,
        want: {},
      },
      { rule: "an impossible From day is left out", query: "from=2026-02-30", want: {} },
      { rule: "an impossible To day is left out", query: "to=2026-02-31", want: {} },
      { rule: "month 13 is left out", query: "from=2026-13-01", want: {} },
      {
        rule: "a leap day is kept",
        query: "from=2028-02-29&to=2028-02-29",
        want: { from: "2028-02-29", to: "2028-02-29" },
      },
      { rule: "29 February of a common year is left out", query: "from=2026-02-29", want: {} },
      { rule: "a search with a NUL is left out", query: "q=a%00b", want: {} },
      { rule: "a campaign with a NUL is left out", query: "campaign=spring%00", want: {} },
    ]),
  )("%s", (_, { query, want }) => {
    expect(parse(query)).toEqual({ ...NOTHING, ...want });
  });
});

describe("inboxFilterProblem: what the inbox and its export refuse (issue 26)", () => {
  it.each(
    byRule([
      { rule: "nothing asked", query: "", want: undefined },
      { rule: "real days", query: "from=2026-02-28&to=2028-02-29", want: undefined },
      { rule: "blank days", query: "from=&to=%20", want: undefined },
      { rule: "a day with spaces around it", query: "from=%202026-11-01%20", want: undefined },
      { rule: "30 February", query: "from=2026-02-30", want: INBOX_FILTER_PROBLEMS.from },
      { rule: "29 February of a common year", query: "to=2026-02-29", want: INBOX_FILTER_PROBLEMS.to },
      { rule: "2100 is not a leap year", query: "from=2100-02-29", want: INBOX_FILTER_PROBLEMS.from },
      { rule: "month 13", query: "to=2026-13-01", want: INBOX_FILTER_PROBLEMS.to },
      { rule: "day 32", query: "to=2026-12-32", want: INBOX_FILTER_PROBLEMS.to },
      { rule: "a day written another way", query: "from=1/11/2026", want: INBOX_FILTER_PROBLEMS.from },
      { rule: "the From day is named first", query: "from=2026-02-30&to=2026-02-31", want: INBOX_FILTER_PROBLEMS.from },
      { rule: "a received-time cursor", query: `after=2026-11-01T10:00:00.123456Z~${ID}`, want: undefined },
      { rule: "an amount cursor when sorted by amount", query: `sort=amount&after=25000~${ID}`, want: undefined },
      { rule: "a number as a received-time cursor", query: `after=1~${ID}`, want: INBOX_FILTER_PROBLEMS.after },
      {
        rule: "a time as an amount cursor",
        query: `sort=amount&after=2026-11-01T10:00:00Z~${ID}`,
        want: INBOX_FILTER_PROBLEMS.after,
      },
      { rule: "a cursor without its id", query: "after=2026-11-01T10:00:00Z", want: INBOX_FILTER_PROBLEMS.after },
      {
        rule: "a cursor on an impossible day",
        query: `after=2026-02-30T00:00:00Z~${ID}`,
        want: INBOX_FILTER_PROBLEMS.after,
      },
      { rule: "a search with a NUL", query: "q=ann%00", want: INBOX_FILTER_PROBLEMS.text },
      { rule: "a campaign with a NUL", query: "campaign=%00", want: INBOX_FILTER_PROBLEMS.text },
      { rule: "a search with other control characters", query: "q=a%01%1Fb", want: undefined },
      {
        rule: "an unknown status, kind, flag or sort is left out, not refused",
        query: "status=x&kind=y&flag=z&sort=w",
        want: undefined,
      },
      { rule: "an amount that is not one is left out, not refused", query: "min=lots&max=-1", want: undefined },
    ]),
  )("%s", (_, { query, want }) => {
    expect(inboxFilterProblem(new URLSearchParams(query))).toBe(want);
  });

  it("passes every query whose filter it gives back unchanged", () => {
    for (const query of [`after=2026-11-01T10:00:00.123456Z~${ID}`, `sort=amount&after=-1~${ID}`, "from=2028-02-29"]) {
      const params = new URLSearchParams(query);
      expect(inboxFilterProblem(params)).toBeUndefined();
      expect(inboxSearchParams(parseInboxFilter(params)).toString()).toBe(params.toString());
    }
  });
});

describe("inboxSearchParams", () => {
  it.each([
    "",
    "status=new&status=in-progress",
    `kind=contact&from=2026-01-01&to=2026-01-31&assignee=${ID}`,
    "assignee=mine&campaign=spring sale&min=10000&max=250000&flag=duplicate&q=07700 900123&sort=amount",
    `assignee=unassigned&sort=amount&after=25000~${ID}`,
    `after=2026-11-01T10:00:00.123456Z~${ID}`,
    `sort=amount&dir=asc&after=-1~${ID}`,
    "dir=asc",
    "sort=name",
    "waiting=1&sort=name&dir=desc",
    `sort=name&after=n736d697468~${ID}`,
  ])("gives back the query a filter came from: %s", (query) => {
    const params = new URLSearchParams(query);
    expect(inboxSearchParams(parseInboxFilter(params)).toString()).toBe(params.toString());
  });

  it("reads the direction: asc the other way, anything else newest or largest first", () => {
    expect(parse("dir=asc").dir).toBe("asc");
    expect(parse("dir=desc").dir).toBe("desc");
    expect(parse("dir=sideways").dir).toBe("desc");
  });

  it("writes an amount of 0 (a real bound, not an empty one)", () => {
    expect(inboxSearchParams({ ...NOTHING, minAmount: 0 }).toString()).toBe("min=0");
  });

  it("leaves the default sort out of the URL", () => {
    expect(inboxSearchParams({ ...NOTHING, sort: "received" }).has("sort")).toBe(false);
  });
});

describe("searchTerm: what was typed in the search box", () => {
  it.each(
    byRule([
      {
        rule: "with @: an email prefix, lower case",
        q: " Jane.Smith@Example ",
        want: { by: "email", value: "jane.smith@example" },
      },
      { rule: "a lone @ is still an email search", q: "@", want: { by: "email", value: "@" } },
      {
        rule: "digits: a phone prefix, spaces ignored",
        q: "07700 900 123",
        want: { by: "phone", digits: "07700900123" },
      },
      { rule: "dashes and brackets ignored", q: "(0117) 496-0000", want: { by: "phone", digits: "01174960000" } },
      { rule: "+44 read as 0", q: "+44 7700 900123", want: { by: "phone", digits: "07700900123" } },
      { rule: "four digits are a phone prefix", q: "0770", want: { by: "phone", digits: "0770" } },
      { rule: "three digits are not", q: "077", want: { by: "name", value: "077" } },
      { rule: "+ and digits other than 44 kept as typed", q: "+353 1 234", want: { by: "phone", digits: "+3531234" } },
      {
        rule: "eight hex characters with a digit: a reference",
        q: "1A2B3C4D",
        want: { by: "reference", prefix: "1a2b3c4d" },
      },
      {
        rule: "eight digits are a phone prefix and a reference",
        q: "12345678",
        want: { by: "phone", digits: "12345678", reference: "12345678" },
      },
      {
        rule: "eight digits with a space are a phone prefix only",
        q: "1234 5678",
        want: { by: "phone", digits: "12345678" },
      },
      { rule: "nine digits are a phone prefix only", q: "123456789", want: { by: "phone", digits: "123456789" } },
      {
        rule: "eight hex letters without a digit: a name and a reference",
        q: "deadbeef",
        want: { by: "name", value: "deadbeef", reference: "deadbeef" },
      },
      {
        rule: "a reference with no digit, as quoted in capitals, is still a reference",
        q: " ABCDEFAB ",
        want: { by: "name", value: "abcdefab", reference: "abcdefab" },
      },
      { rule: "eight letters not all hex: a name", q: "abcdefgh", want: { by: "name", value: "abcdefgh" } },
      { rule: "seven hex characters: a name", q: "1a2b3c4", want: { by: "name", value: "1a2b3c4" } },
      { rule: "nine hex characters: a name", q: "1a2b3c4d5", want: { by: "name", value: "1a2b3c4d5" } },
      {
        rule: "a name, lower case, inner spaces collapsed",
        q: "  Ann   Archer ",
        want: { by: "name", value: "ann archer" },
      },
    ]),
  )("%s", (_, { q, want }) => {
    expect(searchTerm(q)).toEqual(want);
  });
});

describe("parseLeadLookup: the audit log's lead filter", () => {
  const ID = "0b9a7c1e-5d2f-4e8a-9c3b-1f2e3d4c5b6a";
  it.each(
    byRule([
      { rule: "empty is no filter", text: "", want: undefined },
      { rule: "spaces alone are no filter", text: "   ", want: undefined },
      { rule: "absent is no filter", text: null, want: undefined },
      { rule: "the reference as quoted", text: "AA04048A", want: { by: "reference", prefix: "aa04048a" } },
      {
        rule: "a reference in lower case, spaces around",
        text: " aa04048a ",
        want: { by: "reference", prefix: "aa04048a" },
      },
      { rule: "a reference of letters alone", text: "ABCDEFAB", want: { by: "reference", prefix: "abcdefab" } },
      { rule: "a reference of digits alone", text: "50812660", want: { by: "reference", prefix: "50812660" } },
      { rule: "a full id", text: ID, want: { by: "id", id: ID } },
      { rule: "a full id in capitals", text: ID.toUpperCase(), want: { by: "id", id: ID } },
      { rule: "seven characters are not a reference", text: "AA04048", want: "invalid" },
      { rule: "nine characters are not a reference", text: "AA04048A1", want: "invalid" },
      { rule: "a character outside hex is not", text: "AA04048G", want: "invalid" },
      { rule: "a name is not a lead", text: "Archer", want: "invalid" },
      { rule: "an id cut short is not", text: ID.slice(0, 30), want: "invalid" },
    ]),
  )("%s", (_, { text, want }) => {
    expect(parseLeadLookup(text)).toEqual(want);
  });
});

describe("audit actions", () => {
  it("each has a label of its own, and nothing else is an action", () => {
    expect(new Set(Object.values(AUDIT_ACTION_LABELS)).size).toBe(AUDIT_ACTIONS.length);
    for (const action of AUDIT_ACTIONS) expect(isAuditAction(action)).toBe(true);
    for (const other of ["lead.delete", "", "LEAD.VIEW", 1, null, undefined, ["lead.view"]]) {
      expect(isAuditAction(other)).toBe(false);
    }
  });

  it.each([
    ["staff.sign-in", "Signed in"],
    ["staff.sign-in-failed", "Failed sign-in"],
    ["lead.view", "Viewed a lead"],
    ["lead.status", "Changed a status"],
    ["lead.note", "Added a note"],
    ["lead.assign", "Assigned a lead"],
    ["leads.export", "Exported leads"],
    ["retention.run", "Deleted data past its retention period"],
    ["data.lookup", "Looked up what is held about a person"],
    ["data.access", "Answered an access request"],
    ["data.erasure", "Answered an erasure request"],
  ] as const)("%s reads '%s' in the console", (action, label) => {
    expect(AUDIT_ACTION_LABELS[action]).toBe(label);
  });
});
