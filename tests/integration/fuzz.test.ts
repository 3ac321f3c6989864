import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LEAD_STATUSES, TRIAGE_FLAGS } from "../../app/domain/leads";
import { may, type Permission, ROLES, type Role } from "../../app/domain/permissions";
import { openDatabase } from "../../server/platform/db/client";
import { addStaff } from "../../server/staff/accounts.server";
import { seedExamplePanel } from "../../server/staff/lender-panel/example-panel";
import { defaultPromotionFigures } from "../../app/domain/promotions";
import { draftPromotion } from "../../server/promotions/promotions.server";
import { insertLeads, sampleContact, sampleEnquiry, sampleQuote } from "../../server/staff/leads/sample-leads";
import { createScratchDatabase, seedEmbeddedDatabase } from "../support/database";
import { hasBuild } from "../support/app";
import { type ServerProcess, startServerProcess } from "../support/server-process";
import { overHttp, signInStaff } from "../support/staff-sign-in";

/**
 * Issue 12's acceptance: generated malformed bodies, content types and headers sent to
 * every write endpoint and page action of the running server (the real process on the
 * last build). Every request carries personal-looking values made for it; none may come
 * back as a 5xx, none may be stored, and none may appear in the server's log.
 *
 * Issue 26: the staff console too, with a signed-in staff member's session: its pages
 * and downloads with generated queries, its actions with generated bodies. None may be
 * a 5xx, and a CSV answered 200 must arrive whole (a failure once it has begun cuts the
 * connection, which the client sees as an error). Each request is a member of one role
 * (DECISIONS D25), and no role reaches a page its permissions do not name.
 */

const RUNS = 1200;
const STAFF_RUNS = 500;
/** The leads the console's runs work on, told apart from anything a request might store. */
const SEEDED = "@seeded.example";
/** Where a request could leave a row; the server's own daily retention job is not one. */
const STORED_TABLES = {
  quotes: `email not like '%${SEEDED}'`,
  personal_enquiries: `email not like '%${SEEDED}'`,
  contact_messages: `email not like '%${SEEDED}'`,
  users: "true",
  profiles: "true",
  jobs: "kind <> 'retention'",
  funnel_counts: "true",
};

const WRITE_TARGETS = [
  "/api/quotes",
  "/api/enquiries",
  "/api/contact",
  "/api/funnel",
  "/api/auth/sign-up/email",
  "/api/auth/sign-in/email",
  "/api/auth/request-password-reset",
  "/api/auth/reset-password",
  "/api/auth/update-user",
  "/api/auth/send-verification-email",
  "/auth",
  "/auth.data",
  "/auth?from=%2Faccount",
  "/account",
  "/auth/forgot-password",
  "/auth/reset-password?token=abc",
  "/contact-us",
  "/make-a-complaint",
  // What would help (DECISIONS D28): the thank-you page's needs form, with and without a lead.
  "/thank-you",
  "/thank-you?ref=00000000-0000-4000-8000-000000000000",
  "/apply",
  "/loan-application",
  "/apply-personal",
  "/loans",
  "/",
  "/no-such-page",
];

/** A value that reads as someone's, unique to its request, so the log can be searched for it. */
const personal = fc.stringMatching(/^[a-z]{6}[0-9]{4}$/).map((s) => `pv${s}`);

/** Names of what every object inherits: a lookup in a plain object by one finds a function or the prototype. */
const OWN_MACHINERY = ["__proto__", "constructor", "toString", "prototype", "hasOwnProperty"] as const;

/** Whole numbers past what a 32-bit integer column holds, and past a double's exact integers. */
const PAST_INT32 = ["2147483648", "99999999999999999999"] as const;

/** One form of a console page, as a browser would send it: its own values, and which of its fields hold numbers. */
interface PageForm {
  method: "get" | "post";
  action: string;
  fields: [string, string][];
  numbers: string[];
  intents: string[];
}

const attribute = (tag: string, name: string) =>
  new RegExp(`\\s${name}="([^"]*)"`, "i")
    .exec(tag)?.[1]
    ?.replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");

/**
 * The forms a console page draws (React's server rendering, read by its markup), each with
 * the values it holds as drawn (every box ticked): a field counts as a number where the page asks for one
 * (`inputmode` numeric or decimal, `type="number"`) or holds one (a version).
 */
function formsIn(html: string, page: string): PageForm[] {
  const forms: PageForm[] = [];
  for (const match of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/gi)) {
    const open = match[1] ?? "";
    const inner = match[2] ?? "";
    const fields: [string, string][] = [];
    const numbers: string[] = [];
    const intents: string[] = [];
    for (const [tag] of inner.matchAll(/<(input|textarea|select|button)\b[^>]*>/gi)) {
      const name = attribute(tag, "name");
      if (!name) continue;
      const type = (attribute(tag, "type") ?? "").toLowerCase();
      const value = attribute(tag, "value") ?? "";
      if (/^<button/i.test(tag)) {
        if (name === "intent") intents.push(value);
        continue;
      }
      // Every box ticked and each group's first choice taken, so a form's own checks pass and
      // what it does with the number is reached.
      if (type === "radio" && fields.some(([k]) => k === name)) continue;
      if (type === "submit") continue;
      fields.push([name, value]);
      const mode = (attribute(tag, "inputmode") ?? "").toLowerCase();
      if (mode === "numeric" || mode === "decimal" || type === "number" || /^\d+$/.test(value)) numbers.push(name);
    }
    if (numbers.length === 0) continue;
    const method = (attribute(open, "method") ?? "get").toLowerCase() === "post" ? "post" : "get";
    forms.push({ method, action: attribute(open, "action") || page, fields, numbers, intents });
  }
  return forms;
}

/** Text that has broken servers before: lone surrogates, NUL, bidi and zero-width characters, markup, huge. */
const nastyText = fc.oneof(
  fc.string(),
  fc.string({ unit: "binary" }),
  fc.constantFrom(...OWN_MACHINERY),
  fc.constantFrom(
    "\ud800",
    "\udc00x",
    "a\u0000b",
    "\u202e\u2066",
    "\u200b\u200c\ufeff",
    "<script>",
    "%00",
    "' or 1=1 --",
    "/.//evil.example",
    "x".repeat(40_000),
  ),
);
const nastyValue = fc.oneof(
  nastyText,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.object({ maxDepth: 2 }),
);

/** Defects that make any lead, message or account refused, whatever else is right in it. */
const defect = fc.constantFrom<Record<string, unknown>>(
  { consent: false, loan_amount: "lots", loanAmount: -1, email: "not-an-email", message: "" },
  { email: "a\u0000@example.com", phone: "12" },
  { homeowner_status: "castle", homeownerStatus: "castle", subject: "", password: "short" },
  // A form post turns a lone surrogate into U+FFFD, a real character: the short password still refuses it.
  { first_name: "\ud800", firstName: "\ud800", name: "\ud800", password: "1234567", consent: "no" },
  { property_value: 1.5, propertyValue: "x", email: 42, password: "password123", newPassword: "password123" },
  { callbackURL: "/.//evil.example", redirectTo: "//evil.example", email: "" },
);

const leadLike = fc
  .record({
    who: personal,
    where: personal,
    phoneDigits: fc.stringMatching(/^[0-9]{9}$/),
    extra: fc.dictionary(fc.string({ maxLength: 12 }), nastyValue, { maxKeys: 4 }),
    defect,
    swap: fc.option(
      fc.tuple(fc.constantFrom("first_name", "email", "phone", "name", "message", "lastName"), nastyValue),
    ),
  })
  .map(({ who, where, phoneDigits, extra, defect, swap }) => {
    const body: Record<string, unknown> = {
      ...soundLead(who, where, phoneDigits),
      ...extra,
      ...(swap ? { [swap[0]]: swap[1] } : {}),
      ...defect,
    };
    return { body, secrets: [who, where, `07${phoneDigits}`] };
  });

/** Answers every form and endpoint could take, as one body: each reads its own fields. */
function soundLead(who: string, where: string, phoneDigits: string): Record<string, unknown> {
  return {
    first_name: who,
    firstName: who,
    last_name: "Smith",
    lastName: "Smith",
    name: `${who} Smith`,
    email: `${where}@example.com`,
    phone: `07${phoneDigits}`,
    password: `${who}-Quay-7`,
    loan_purpose: "debt-consolidation",
    homeowner_status: "mortgage",
    credit_history: "good",
    loan_amount: 50_000,
    property_value: 250_000,
    mortgage_balance: 100_000,
    loanType: "homeowner",
    loanAmount: 40_000,
    subject: "About a loan for my home",
    message: `Please call me, ${who}, about borrowing.`,
    intent: "sign-up",
    adjustments: "email",
    "needs-note": `My son ${who} speaks for me.`,
    health: "A hearing loss",
    "health-consent": "yes",
  };
}

const encodings = [
  "json",
  "json-charset",
  "urlencoded",
  "multipart",
  "multipart-broken",
  "text",
  "xml",
  "octet",
  "none",
  "random",
] as const;

const requestCase = fc.record({
  target: fc.constantFrom(...WRITE_TARGETS),
  lead: leadLike,
  encoding: fc.constantFrom(...encodings),
  rawJson: fc.oneof(
    fc.constant(null),
    fc.constantFrom("null", "[]", "{", '"x"', "1e999", '{"__proto__":{"a":1}}'),
    fc.json(),
  ),
  randomType: fc.string({ maxLength: 40 }),
  origin: fc.constantFrom(undefined, "SITE", "https://evil.example", "null", "http://127.0.0.1:1"),
  fetchSite: fc.constantFrom(undefined, "same-origin", "cross-site", "same-site", "none"),
  forwardedFor: fc.option(
    fc.oneof(
      fc.ipV4(),
      fc.string({ maxLength: 30 }).filter((s) => !/[\r\n]/.test(s) && /^[\x20-\x7e]*$/.test(s)),
    ),
  ),
  method: fc.constantFrom("POST", "POST", "POST", "PUT", "PATCH", "DELETE"),
});

type Case = typeof requestCase extends fc.Arbitrary<infer T> ? T : never;

/** The seeded leads and the pending invitation the staff runs aim at (filled in before they run). */
const seeded = { quote: "", enquiry: "", contact: "", inviteToken: "" };

/** A day as a person or a hand-edited link might write it: real, impossible, or not a day at all. */
const staffDay = fc.oneof(
  fc.constantFrom(
    "2026-02-28",
    "2026-02-29",
    "2026-02-30",
    "2026-02-31",
    "2028-02-29",
    "2100-02-29",
    "2026-13-01",
    "2026-00-10",
    "2026-12-32",
    "0000-01-01",
    "0001-01-01",
    "9999-12-31",
    "1/11/2026",
    " 2026-11-01 ",
  ),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
);
/** A page cursor (`key~id`): the inbox's own, or one broken in any part. */
const staffCursor = fc.oneof(
  fc
    .tuple(
      fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
      fc.uuid(),
    )
    .map(([k, id]) => `${k}~${id}`),
  fc
    .tuple(
      fc.oneof(
        fc.integer().map(String),
        fc.constantFrom("1", "-1", "2147483648", "2026-02-30T00:00:00Z", ""),
        nastyText,
      ),
      fc.oneof(fc.uuid(), fc.constant("-".repeat(36)), nastyText),
    )
    .map(([k, id]) => `${k}~${id}`),
  fc.constantFrom("2026-11-01T10:00:00.123456Z~42", "2026-02-30T10:00:00Z~1", "1~2"),
);
const staffValue = fc.oneof(
  nastyText,
  staffDay,
  staffCursor,
  personal,
  fc.constantFrom(
    ...LEAD_STATUSES,
    ...TRIAGE_FLAGS,
    "quote",
    "contact",
    "personal-enquiry",
    "amount",
    "mine",
    "unassigned",
    "lead.view",
    "0",
    "-1",
    "1e999",
  ),
);
const STAFF_QUERY_NAMES = [
  "from",
  "to",
  "after",
  "before",
  "q",
  "campaign",
  "status",
  "kind",
  "flag",
  "sort",
  "assignee",
  "min",
  "max",
  "person",
  "lead",
  "action",
  "email",
  "done",
  "token",
  "erased",
  "enrolled",
  "signedOut",
  "permission",
  "period",
  "letter",
  "outcome",
] as const;
const staffQuery = fc.dictionary(fc.constantFrom(...STAFF_QUERY_NAMES), staffValue, { maxKeys: 5 });
const leadPath = fc.oneof(
  fc
    .constantFrom("quote", "personal-enquiry", "contact")
    .map((kind) => () => `/staff/leads/${kind}/${seeded[kind === "personal-enquiry" ? "enquiry" : kind]}`),
  fc
    .tuple(
      fc.constantFrom("quote", "contact", "nope", "%00", "quote.data"),
      fc.oneof(
        fc.uuid(),
        fc.constantFrom("x", "%00", "1~2", "'", "..%2F..%2Fetc"),
        fc.stringMatching(/^[a-z0-9-]{0,40}$/),
      ),
    )
    .map(
      ([kind, id]) =>
        () =>
          `/staff/leads/${kind}/${id}`,
    ),
);
const STAFF_PAGES = [
  "/staff",
  "/staff.data",
  "/staff/export",
  "/staff/audit",
  "/staff/funnel",
  "/staff/funnel/export",
  "/staff/funnel/calls",
  "/staff/funnel/campaigns",
  "/staff/funnel/campaigns/export",
  "/staff/funnel/campaigns/conversions",
  "/staff/today",
  "/staff/lenders",
  "/staff/lenders/new",
  "/staff/lenders/not-a-product",
  "/staff/people/quote/not-a-lead",
  "/staff/people/nope/x",
  "/staff/people/account/%00",
  "/staff/requests",
  "/staff/requests/export",
  "/staff/team",
  "/staff/access-review",
  "/staff/step-up",
  "/staff/refused",
  "/staff/complaints",
  "/staff/complaints/new",
  "/staff/complaints/report",
  "/staff/complaints/export",
  "/staff/complaints/00000000-0000-4000-8000-000000000000",
  "/staff/complaints/%00",
  "/staff/outcomes",
  "/staff/outcomes/export",
  "/staff/outcomes?quarter=2026-Q5",
  "/staff/outcomes/export?quarter=2026-Q3",
  "/staff/promotions",
  "/staff/promotions/history",
  "/staff/promotions/1",
  "/staff/sign-in",
  "/staff/enrol",
];
const staffPath = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...STAFF_PAGES).map((p) => () => p) },
  { weight: 1, arbitrary: leadPath },
);

/** A page or download of the console asked for with a generated query. */
const staffGet = fc.record({ path: staffPath, query: staffQuery }).map(({ path, query }) => {
  const params = new URLSearchParams(query);
  if (path() === "/staff/enrol" && !params.has("token")) params.set("token", seeded.inviteToken);
  return {
    kind: "get" as const,
    target: () => `${path()}${params.size > 0 ? `?${params}` : ""}`,
    secrets: [] as string[],
  };
});

/** The fields of any console form, each right, wrong or missing. */
const staffFieldValues = {
  intent: fc.oneof(
    fc.constantFrom("status", "assign", "note", "password", "code"),
    fc.constantFrom("add", "link", "roles", "disable", "enable", "send", "close", "reopen", "referral"),
    fc.constantFrom("case-start", "case-offer", "case-complete", "case-decline", "case-commission"),
    // A correction (docs/decisions/300) and the inbox's changes of many leads (301).
    fc.constantFrom("correct", "bulk-assign", "bulk-status", "bulk-export"),
    // A needs record (DECISIONS D28).
    fc.constantFrom("needs"),
    fc.constantFrom("preview", "draft", "approve", "reject"),
    nastyText,
  ),
  to: fc.oneof(fc.constantFrom(...LEAD_STATUSES), nastyText),
  version: fc.oneof(fc.constantFrom("0", "1", "2", "-1", "2147483648", "1e999", "NaN", ""), nastyText),
  assignee: fc.oneof(fc.uuid(), fc.constant(""), nastyText),
  // A correction request marked answered (docs/decisions/303).
  request: fc.oneof(fc.uuid(), fc.constant(""), nastyText),
  note: nastyText,
  email: fc.oneof(fc.constantFrom("ann@firm.example", "ann@firm.example\u0000", ""), nastyText),
  confirm: nastyText,
  password: fc.oneof(fc.constantFrom("Quay-side-ledger-42", "short"), nastyText),
  code: fc.oneof(fc.stringMatching(/^[0-9]{6}$/), nastyText),
  token: fc.oneof(fc.constant("INVITE"), nastyText),
  from: fc.oneof(fc.constantFrom("/staff", "//evil.example", "/staff/leads"), nastyText),
  // A lead's case with a lender (docs/decisions/230).
  caseVersion: fc.oneof(fc.constantFrom("0", "1", "-1", "1e999", ""), nastyText),
  productId: fc.oneof(fc.uuid(), nastyText),
  offerAmount: fc.oneof(fc.constantFrom("50000", "£50,000", "0", "1e999", "99999999999"), nastyText),
  offerRate: fc.oneof(fc.constantFrom("7.19", "100.01", "-1"), nastyText),
  offerTerm: fc.oneof(fc.constantFrom("60", "0", "481"), nastyText),
  completedAmount: fc.oneof(fc.constantFrom("50000", "2147483648"), nastyText),
  completedOn: fc.oneof(fc.constantFrom("2026-11-20", "2026-02-30", "9999-12-31", "0000-01-01"), nastyText),
  commission: fc.oneof(fc.constantFrom("", "1000", "0.001", "1e999"), nastyText),
  commissionReason: nastyText,
  declinedReason: fc.oneof(fc.constantFrom("affordability", "other", "lender-declined"), nastyText),
  declinedNote: nastyText,
  newCommission: fc.oneof(fc.constantFrom("800", "0", "-1", "1e999"), nastyText),
  changeReason: nastyText,
  // The team (never a real member's id: nobody is disabled or re-linked by the run).
  member: fc.oneof(fc.uuid(), nastyText),
  roles: fc.oneof(fc.constantFrom("adviser", "manager", "compliance", "administrator", ""), nastyText),
  name: nastyText,
  // A complaint (docs/decisions/262).
  kind: fc.oneof(fc.constantFrom("acknowledgement", "summary-resolution", "final-response", "holding"), nastyText),
  subject: nastyText,
  body: nastyText,
  channel: fc.oneof(fc.constantFrom("phone", "email", "letter", "web-form"), nastyText),
  receivedDay: fc.oneof(fc.constantFrom("2026-11-20", "2026-02-30", "9999-12-31"), nastyText),
  receivedTime: fc.oneof(fc.constantFrom("10:00", "24:00", "9:5"), nastyText),
  about: fc.oneof(fc.constantFrom("lead", "website", "other"), nastyText),
  words: nastyText,
  outcome: fc.oneof(fc.constantFrom("upheld", "rejected"), nastyText),
  redress: fc.oneof(fc.constantFrom("0", "£1,250.50", "-1", "1e999"), nastyText),
  category: nastyText,
  rootCause: nastyText,
  referredOn: fc.oneof(fc.constantFrom("2026-11-20", "2026-02-30", "9999-12-31"), nastyText),
  result: fc.oneof(fc.constantFrom("pending", "in-our-favour"), nastyText),
  // A correction and the changes of many leads.
  phone: fc.oneof(fc.constantFrom("07700 900999", "0123", ""), nastyText),
  propertyValue: fc.oneof(fc.constantFrom("300000", "£1,000,000,000,000", "-5", ""), nastyText),
  homeownerStatus: fc.oneof(fc.constantFrom("outright", "tenant", ""), nastyText),
  lead: fc.oneof(fc.constantFrom("quote::1", "contact:x:1", "nope:1:1", ""), nastyText),
  all: fc.oneof(fc.constant("page"), nastyText),
  shown: nastyText,
  "bulk-assignee": fc.oneof(fc.uuid(), fc.constant(""), nastyText),
  "bulk-to": fc.oneof(fc.constantFrom(...LEAD_STATUSES), nastyText),
  // A needs record (DECISIONS D28).
  needsVersion: fc.oneof(fc.constantFrom("0", "1", "-1", "2147483648", "1e999", ""), nastyText),
  drivers: fc.oneof(fc.constantFrom("health", "life-events", "resilience", "capability", ""), nastyText),
  adjustments: fc.oneof(fc.constantFrom("email", "set-time", "someone-else", "more-time", "in-writing"), nastyText),
  "needs-note": nastyText,
  source: fc.oneof(fc.constantFrom("call", "email", "borrower"), nastyText),
  // A promotion draft and its approval (DECISIONS D27); the intents are above or generated.
  "rateTable.0.maxLtv": fc.oneof(fc.constantFrom("60", "101", "", "-1", "1e999"), nastyText),
  "rateTable.0.good": fc.oneof(fc.constantFrom("5.69", "0", "", "50.01"), nastyText),
  "examples.headline.amount": fc.oneof(fc.constantFrom("50000", "£50,000", "", "1e999"), nastyText),
  "examples.headline.rateBasis": fc.oneof(fc.constantFrom("annual", "monthly", "", "__proto__"), nastyText),
  "claims.lenderPanel.size": nastyText,
  summary: nastyText,
  publishDay: fc.oneof(fc.constantFrom("2099-03-01", "2026-02-30", ""), nastyText),
  publishTime: fc.oneof(fc.constantFrom("00:00", "24:00", ""), nastyText),
  reason: nastyText,
};
const staffFields = fc.record(staffFieldValues, { requiredKeys: [] });
const STAFF_FIELD_NAMES = Object.keys(staffFieldValues);
/** Every intent a lead's page posts (docs/decisions/230 for the case's). */
const LEAD_INTENTS = [
  "status",
  "assign",
  "note",
  "call",
  "next-action",
  "case-start",
  "case-offer",
  "case-complete",
  "case-decline",
  "case-commission",
  "correct",
  "needs",
];

const STAFF_POST_TARGETS = [
  "/staff/sign-in",
  "/staff/requests",
  "/staff/requests/answer",
  "/staff/enrol",
  "/staff/enrol?token=nope",
  "/staff/funnel",
  "/staff/export",
  "/staff/audit",
  "/staff/lenders/new",
  "/staff/lenders/not-a-product",
  "/staff/team",
  "/staff/step-up",
  "/staff/complaints/new",
  "/staff/complaints/00000000-0000-4000-8000-000000000000",
  "/staff/complaints/not-a-complaint",
  "/staff/promotions",
  "/staff/promotions/1",
  "/staff",
];
const staffPost = fc
  .record({
    target: fc.oneof(
      { weight: 3, arbitrary: leadPath },
      {
        weight: 2,
        arbitrary: fc
          .constantFrom(...STAFF_POST_TARGETS)
          .map((p) => () => (p === "/staff/enrol" ? `${p}?token=${seeded.inviteToken}` : p)),
      },
    ),
    fields: staffFields,
    who: personal,
    encoding: fc.constantFrom(...encodings, "urlencoded", "urlencoded", "multipart"),
    rawJson: fc.oneof(fc.constant(null), fc.constantFrom("null", "[]", "{", '"x"', "1e999"), fc.json()),
    randomType: fc.string({ maxLength: 40 }),
    origin: fc.constantFrom("SITE", "SITE", "SITE", "SITE", undefined, "https://evil.example", "null"),
    fetchSite: fc.constantFrom(undefined, undefined, "same-origin", "cross-site", "none"),
    forwardedFor: fc.option(fc.ipV4()),
    method: fc.constantFrom("POST", "POST", "POST", "POST", "PUT", "PATCH", "DELETE"),
  })
  .map(({ target, fields, who, ...rest }) => {
    // A personal-looking value in the note or the search, to look for in the log afterwards.
    const body: Record<string, unknown> = { note: `Called ${who} back`, ...fields };
    if (body.token === "INVITE") body.token = seeded.inviteToken;
    return { kind: "post" as const, target, request: { ...rest, lead: { body, secrets: [who] } } };
  });

/** A console request, made by a member of one role. */
const staffCase = fc.record({ request: fc.oneof(staffGet, staffPost), who: fc.constantFrom(...ROLES) });

/** The request a case describes: its body encoded (or garbled) as its content type says. */
function buildRequest(c: Omit<Case, "target">, siteOrigin: string): { init: RequestInit; secrets: string[] } {
  const headers: Record<string, string> = {};
  let body: BodyInit | undefined;
  const fields = Object.fromEntries(
    Object.entries(c.lead.body).map(([k, v]) => [k, typeof v === "string" ? v : (JSON.stringify(v) ?? "")]),
  );
  switch (c.encoding) {
    case "json":
    case "json-charset":
      headers["Content-Type"] = c.encoding === "json" ? "application/json" : "application/json; charset=utf-8";
      body = c.rawJson !== null && c.rawJson.length % 3 === 0 ? c.rawJson : JSON.stringify(c.lead.body);
      break;
    case "urlencoded":
      headers["Content-Type"] = "application/x-www-form-urlencoded";
      body = new URLSearchParams(fields).toString();
      break;
    case "multipart":
    case "multipart-broken": {
      headers["Content-Type"] = "multipart/form-data; boundary=fuzzboundary";
      const parts = Object.entries(fields).map(
        ([k, v]) => `--fuzzboundary\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
      );
      body = c.encoding === "multipart" ? `${parts.join("")}--fuzzboundary--\r\n` : parts.join("").slice(0, -7);
      break;
    }
    case "text":
      headers["Content-Type"] = "text/plain";
      body = JSON.stringify(c.lead.body);
      break;
    case "xml":
      headers["Content-Type"] = "application/xml";
      body = `<lead>${Object.entries(fields)
        .map(([k, v]) => `<f n="${k}">${v}</f>`)
        .join("")}</lead>`;
      break;
    case "octet":
      headers["Content-Type"] = "application/octet-stream";
      body = new Blob([JSON.stringify(c.lead.body)]);
      break;
    case "none":
      body = JSON.stringify(c.lead.body);
      break;
    case "random":
      if (/^[\x21-\x7e][\x20-\x7e]*$/.test(c.randomType)) headers["Content-Type"] = c.randomType;
      body = new URLSearchParams(fields).toString();
      break;
  }
  if (c.origin) headers.Origin = c.origin === "SITE" ? siteOrigin : c.origin;
  if (c.fetchSite) headers["Sec-Fetch-Site"] = c.fetchSite;
  if (c.forwardedFor) headers["X-Forwarded-For"] = c.forwardedFor;
  return { init: { method: c.method, headers, body, redirect: "manual" }, secrets: c.lead.secrets };
}

describe.skipIf(!hasBuild)("fuzzing the running server (issue 12)", () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "fuzz-"));
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
  let server: ServerProcess;
  let log = "";
  const roleCookies = {} as Record<Role, string>;
  const secrets: string[] = [];
  /** A member holding every role, so no page refuses before it reads what it was sent. */
  const EVERYONE = "everyone@firm.example";
  let everyoneInvite = "";
  let everyoneCookie = "";
  /**
   * The session that sends the step-up its codes: five wrong in a row end the session that
   * sent them (docs/decisions/336), which the runs would otherwise do to the roles' own.
   */
  const STEPPER = "stepper@firm.example";
  let stepperInvite = "";
  let stepperCookie = "";
  const STEP_UP = "/staff/step-up";
  let promotionVersion = "/staff/promotions/1";

  beforeAll(async () => {
    if (process.env.TEST_DATABASE_URL) scratch = await createScratchDatabase();
    // The embedded database migrated already, as after a first start (decision 371).
    else await seedEmbeddedDatabase(dataDir);
    // Staff and leads for the console's runs, made as `npm run staff -- add` does, before
    // the server holds the database (the embedded one admits one process at a time).
    const setup = await openDatabase(scratch ? { url: scratch.url } : { dataDir: path.join(dataDir, "pglite") });
    const roleInvites = {} as Record<Role, string>;
    try {
      await setup.migrate();
      for (const role of ROLES) {
        const email = `${role}@firm.example`;
        roleInvites[role] = (await addStaff(setup.db, { email, name: `One ${role}`, roles: [role] })).token;
      }
      everyoneInvite = (await addStaff(setup.db, { email: EVERYONE, name: "Eve Everyone", roles: [...ROLES] })).token;
      stepperInvite = (await addStaff(setup.db, { email: STEPPER, name: "Stu Stepper", roles: [...ROLES] })).token;
      seeded.inviteToken = (await addStaff(setup.db, { email: "bob@firm.example", name: "Bob Broker" })).token;
      await seedExamplePanel(setup.db);
      // A promotion version drafted (by someone else, so the member of every role may decide on it).
      const drafter = { id: "fuzz-drafter", name: "Dee Drafter" };
      const drafted = await draftPromotion(setup.db, drafter, {
        figures: defaultPromotionFigures(),
        summary: "Fuzzed",
        publishAt: null,
        basedOn: null,
      });
      if (drafted.ok) promotionVersion = `/staff/promotions/${drafted.id}`;
      const ids = await insertLeads(setup.db, {
        quotes: [sampleQuote({ email: `jane${SEEDED}` })],
        enquiries: [sampleEnquiry({ email: `sam${SEEDED}` })],
        contacts: [sampleContact({ email: `pat${SEEDED}` })],
      });
      Object.assign(seeded, { quote: ids.quotes[0], enquiry: ids.enquiries[0], contact: ids.contacts[0] });
    } finally {
      await setup.close();
    }
    server = await startServerProcess({
      DATA_DIR: dataDir,
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
      LOG_LEVEL: "info",
      TRUST_PROXY: "1",
      // Past the limits every request would be a 429 and its body never looked at.
      RATE_LIMIT_SCALE: "100000",
    });
    server.child.stdout?.on("data", (chunk: Buffer) => (log += chunk.toString("utf8")));
    server.child.stderr?.on("data", (chunk: Buffer) => (log += chunk.toString("utf8")));
    for (const role of ROLES) {
      roleCookies[role] = (
        await signInStaff(overHttp(server.baseUrl), {
          origin: server.baseUrl,
          enrolPath: `/staff/enrol?token=${roleInvites[role]}`,
          email: `${role}@firm.example`,
        })
      ).cookie;
    }
    everyoneCookie = (
      await signInStaff(overHttp(server.baseUrl), {
        origin: server.baseUrl,
        enrolPath: `/staff/enrol?token=${everyoneInvite}`,
        email: EVERYONE,
      })
    ).cookie;
    stepperCookie = (
      await signInStaff(overHttp(server.baseUrl), {
        origin: server.baseUrl,
        enrolPath: `/staff/enrol?token=${stepperInvite}`,
        email: STEPPER,
      })
    ).cookie;
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers every field and query parameter set to a name of what every object inherits with no 5xx", async () => {
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let sent = 0;
    const send = async (url: string, init: RequestInit) => {
      const response = await fetch(`${server.baseUrl}${url}`, { redirect: "manual", ...init });
      await response.arrayBuffer();
      sent++;
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      if (response.status >= 500) failures.push(`${response.status} ${init.method ?? "GET"} ${url} ${init.body ?? ""}`);
    };
    // A manager holds every permission these pages and forms ask for.
    const signedIn = { Cookie: roleCookies.manager, Origin: server.baseUrl };
    const leads = [
      `/staff/leads/quote/${seeded.quote}`,
      `/staff/leads/personal-enquiry/${seeded.enquiry}`,
      `/staff/leads/contact/${seeded.contact}`,
    ];
    const people = leads.map((lead) => lead.replace("/staff/leads/", "/staff/people/"));
    const form = (fields: Record<string, string>, cookie = roleCookies.manager) => ({
      method: "POST",
      headers: { ...signedIn, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });
    const allFields = (key: string) => Object.fromEntries(STAFF_FIELD_NAMES.map((name) => [name, key]));
    // A lead's page and a person's once: each kind is the same route.
    const pages = [...STAFF_PAGES, leads[0] as string, people[0] as string];
    for (const [k, key] of OWN_MACHINERY.entries()) {
      // Every query parameter the console's runs try set to the key at once, on every page;
      // and each alone, the keys taking turns (each parameter alone with every key would be
      // some 5,000 requests, minutes of the test command for little more).
      // Four at a time: the pages are many and each answer short.
      const gets = pages.flatMap((page, p) => [
        `${page}?${new URLSearchParams(STAFF_QUERY_NAMES.map((name) => [name, key]))}`,
        ...STAFF_QUERY_NAMES.filter((_, n) => (p + n) % OWN_MACHINERY.length === k).map(
          (name) => `${page}?${new URLSearchParams({ [name]: key })}`,
        ),
      ]);
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          for (let url = gets.shift(); url; url = gets.shift()) await send(url, { headers: signedIn });
        }),
      );
      // Every form of a lead's page: each intent with every other field set to the key (at
      // the lead's own version, and at none), the keys taking turns; and the key as the intent.
      for (const [l, lead] of leads.entries()) {
        const version = /name="version" value="(\d+)"/.exec(
          await (await fetch(`${server.baseUrl}${lead}`, { headers: signedIn })).text(),
        )?.[1];
        const intents = LEAD_INTENTS.filter((_, i) => (i + l) % OWN_MACHINERY.length === k);
        for (const intent of [...intents, key]) {
          await send(lead, form({ ...allFields(key), intent, version: version ?? "0", caseVersion: "0" }));
          await send(lead, form({ ...allFields(key), intent }));
        }
      }
      for (const target of STAFF_POST_TARGETS) {
        await send(target, form(allFields(key), target === STEP_UP ? stepperCookie : roleCookies.manager));
      }
      // The borrower's side: every write target, its fields all the key, then each
      // field that picks what happens next the key beside otherwise sound answers.
      for (const [t, target] of WRITE_TARGETS.entries()) {
        const json = target.startsWith("/api/");
        const post = (body: Record<string, unknown>) =>
          send(target, {
            method: "POST",
            headers: {
              Origin: server.baseUrl,
              "Content-Type": json ? "application/json" : "application/x-www-form-urlencoded",
            },
            body: json ? JSON.stringify(body) : new URLSearchParams(body as Record<string, string>).toString(),
          });
        // Sound but for what keeps anything from being stored: no consent, an empty
        // message, a short password (the run's end finds nothing stored).
        const sound = {
          ...soundLead("Keys", "keys", "700900123"),
          email: `keys${SEEDED}`,
          consent: false,
          message: "",
          password: "short",
        };
        await post(Object.fromEntries(Object.keys(sound).map((name) => [name, key])));
        // The account endpoints read none of these, and are slow on purpose (a password's hash).
        if (target.startsWith("/api/auth/")) continue;
        // Each such field with one key, the keys taking turns over the targets.
        for (const [f, name] of [
          "intent",
          "step",
          "callback",
          "loanType",
          "homeownerStatus",
          "loan_purpose",
          "adjustments",
          "health-consent",
        ].entries())
          if ((t + f) % OWN_MACHINERY.length === k) await post({ ...sound, [name]: key });
      }
    }
    console.info(
      `fuzz: ${sent} requests naming inherited keys, statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`,
    );
    expect(failures).toEqual([]);
  }, 300_000);

  it(`answers ${STAFF_RUNS} requests to the staff console, signed in, with no 5xx and no CSV cut short`, async () => {
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    await fc
      .assert(
        fc.asyncProperty(staffCase, async ({ request: c, who }) => {
          let url: string;
          let init: RequestInit;
          let cookie = roleCookies[who];
          if (c.kind === "get") {
            url = c.target();
            init = { headers: { Cookie: cookie }, redirect: "manual" };
          } else {
            url = c.target();
            if (url.startsWith(STEP_UP)) cookie = stepperCookie;
            const built = buildRequest(c.request, server.baseUrl);
            secrets.push(...built.secrets);
            init = { ...built.init, headers: { ...(built.init.headers as Record<string, string>), Cookie: cookie } };
          }
          let response: Response;
          try {
            response = await fetch(`${server.baseUrl}${url}`, init);
          } catch (error) {
            const cause = error instanceof Error && error.cause ? ` (${String(error.cause)})` : "";
            failures.push(
              `${init.method ?? "GET"} ${url.slice(0, 200)} as ${who}: no answer, ${String(error)}${cause}`,
            );
            return false;
          }
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          const what = `${response.status} ${init.method ?? "GET"} ${url.slice(0, 200)} as ${who}`;
          let body: string;
          try {
            body = await response.text();
          } catch (error) {
            failures.push(`${what}: the body was cut off (${String(error)})`);
            return false;
          }
          if (response.status >= 500) failures.push(what);
          if (
            response.status === 200 &&
            response.headers.get("Content-Type")?.startsWith("text/csv") &&
            !body.endsWith("\r\n")
          ) {
            failures.push(`${what}: a CSV without its last line end`);
          }
          return failures.length === 0;
        }),
        { numRuns: STAFF_RUNS, seed: Number(process.env.FUZZ_SEED ?? 20261123), endOnFailure: true },
      )
      .catch((error) => {
        // The property's own error names only the case's shape: the failures say what was answered.
        if (failures.length === 0) failures.push(String(error));
      });
    console.info(
      `fuzz: ${STAFF_RUNS} staff requests, statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`,
    );
    expect(failures).toEqual([]);
    // The sessions lasted the whole run, so every request was a signed-in one.
    for (const role of ROLES) {
      const home = await fetch(`${server.baseUrl}/staff/step-up`, {
        headers: { Cookie: roleCookies[role] },
        redirect: "manual",
      });
      expect(home.status, role).toBe(200);
      await home.arrayBuffer();
    }
  }, 120_000);

  it("lets each role reach exactly the pages and downloads its permissions name", async () => {
    const pages: [string, Permission][] = [
      ["/staff", "leads.read"],
      ["/staff/today", "leads.read"],
      [`/staff/leads/quote/${seeded.quote}`, "leads.read"],
      [`/staff/people/quote/${seeded.quote}`, "leads.read"],
      ["/staff/export", "leads.export"],
      ["/staff/funnel", "reports.read"],
      ["/staff/funnel/export", "reports.read"],
      ["/staff/funnel/calls", "reports.read"],
      ["/staff/funnel/campaigns", "reports.read"],
      ["/staff/funnel/campaigns/export", "reports.read"],
      ["/staff/funnel/campaigns/conversions", "conversions.export"],
      ["/staff/lenders", "panel.manage"],
      ["/staff/lenders/new", "panel.manage"],
      ["/staff/audit", "audit.read"],
      ["/staff/requests", "data-requests.answer"],
      ["/staff/requests/export?email=pat%40seeded.example", "data-requests.answer"],
      ["/staff/team", "team.read"],
      ["/staff/access-review", "access-review.read"],
      ["/staff/outcomes", "outcomes.read"],
      ["/staff/outcomes/export?quarter=2026-Q3", "outcomes.read"],
    ];
    const wrong: string[] = [];
    for (const role of ROLES) {
      for (const [page, permission] of pages) {
        const response = await fetch(`${server.baseUrl}${page}`, {
          headers: { Cookie: roleCookies[role] },
          redirect: "manual",
        });
        await response.arrayBuffer();
        const location = response.headers.get("Location") ?? "";
        const refused = response.status === 403 || location.startsWith("/staff/refused");
        // The export asks for a code once the sign-in's is older than five minutes.
        const reached = response.status === 200 || location.startsWith("/staff/step-up");
        if (may([role], permission) ? !reached : !refused)
          wrong.push(`${role} ${page}: ${response.status} ${location}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it("answers `done` set to an inherited name on every console page, and whole numbers past 2^31 in every number field, with no 5xx", async () => {
    const failures: string[] = [];
    let sent = 0;
    const signedIn = { Cookie: everyoneCookie, Origin: server.baseUrl };
    const numberFields = new Set<string>();
    const send = async (url: string, init: RequestInit = {}) => {
      const response = await fetch(`${server.baseUrl}${url}`, { redirect: "manual", ...init });
      const body = await response.text();
      sent++;
      if (response.status >= 500) failures.push(`${response.status} ${init.method ?? "GET"} ${url} ${init.body ?? ""}`);
      return body;
    };
    const leads = [
      `/staff/leads/quote/${seeded.quote}`,
      `/staff/leads/personal-enquiry/${seeded.enquiry}`,
      `/staff/leads/contact/${seeded.contact}`,
    ];
    const lenders = await send("/staff/lenders", { headers: signedIn });
    const product = /href="(\/staff\/lenders\/[0-9a-f-]{36})"/.exec(lenders)?.[1];
    expect(product, "the example panel's first product").toBeDefined();
    const pages = [
      ...STAFF_PAGES.filter((page) => !page.includes("?")),
      ...leads,
      ...leads.map((lead) => lead.replace("/staff/leads/", "/staff/people/")),
      product as string,
      promotionVersion,
      ...PAST_INT32.map((n) => `/staff/promotions/${n}`),
    ];
    // Every page, its notice asked for by a name every object inherits.
    for (const page of pages) {
      for (const key of ["__proto__", "constructor", "toString"]) {
        await send(`${page}?${new URLSearchParams({ done: key })}`, { headers: signedIn });
      }
    }
    // Every number field of every form a console page draws, alone past 2^31, the form's
    // other fields as the page drew them; each of the form's buttons in turn.
    for (const page of pages) {
      const html = await send(page, { headers: signedIn });
      for (const form of formsIn(html, page)) {
        for (const intent of form.intents.length > 0 ? form.intents : [null]) {
          for (const name of form.numbers) {
            numberFields.add(`${form.action.split("?")[0]} ${intent ?? ""} ${name}`);
            for (const big of PAST_INT32) {
              const fields = new URLSearchParams(form.fields.map(([k, v]) => [k, k === name ? big : v]));
              if (intent !== null) fields.set("intent", intent);
              if (form.method === "get") {
                const [path = "", query = ""] = form.action.split("?");
                const params = new URLSearchParams(query);
                for (const [k, v] of fields) params.set(k, v);
                await send(`${path}?${params}`, { headers: signedIn });
              } else {
                const cookie = form.action.startsWith(STEP_UP) ? stepperCookie : everyoneCookie;
                await send(form.action, {
                  method: "POST",
                  headers: { ...signedIn, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
                  body: fields.toString(),
                });
              }
            }
          }
        }
      }
    }
    // The borrower's forms: each number they take past 2^31, beside otherwise sound answers.
    for (const target of WRITE_TARGETS) {
      if (target.startsWith("/api/auth/")) continue;
      const json = target.startsWith("/api/");
      // Sound but for what keeps anything from being stored (no consent, an empty message, a short password).
      const sound = {
        ...soundLead("Big", "big", "700900124"),
        email: `big${SEEDED}`,
        consent: false,
        message: "",
        password: "short",
      };
      for (const name of ["loan_amount", "property_value", "mortgage_balance", "loanAmount", "monthly_income"]) {
        for (const big of PAST_INT32) {
          numberFields.add(`${target} ${name}`);
          const body: Record<string, unknown> = { ...sound, [name]: json ? Number(big) : big };
          await send(target, {
            method: "POST",
            headers: {
              Origin: server.baseUrl,
              "Content-Type": json ? "application/json" : "application/x-www-form-urlencoded",
            },
            body: json ? JSON.stringify(body) : new URLSearchParams(body as Record<string, string>).toString(),
          });
        }
      }
    }
    console.info(
      `fuzz: ${sent} requests with inherited names and numbers past 2^31, ${numberFields.size} number fields`,
    );
    if (process.env.FUZZ_SHOW) console.info([...numberFields].join("\n"));
    expect(failures.join("\n")).toBe("");
  }, 300_000);

  it(`answers ${RUNS} malformed requests with no 5xx, stores nothing and logs no personal value`, async () => {
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    await fc.assert(
      fc.asyncProperty(requestCase, async (c) => {
        const { init, secrets: own } = buildRequest(c, server.baseUrl);
        secrets.push(...own);
        const response = await fetch(`${server.baseUrl}${c.target}`, init);
        await response.arrayBuffer();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        if (response.status >= 500) failures.push(`${response.status} ${c.method} ${c.target} ${c.encoding}`);
        return response.status < 500;
      }),
      { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED ?? 20261123), endOnFailure: true },
    );
    console.info(`fuzz: ${RUNS} requests, statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`);
    expect(failures).toEqual([]);
    expect([...statuses.keys()].filter((s) => s >= 500)).toEqual([]);

    // The log, once the server has stopped and flushed it.
    await server.stop();
    const leaked = secrets.filter((secret) => log.includes(secret));
    expect(log).toContain('"msg":"request"');
    expect(leaked).toEqual([]);

    const database = await openDatabase(scratch ? { url: scratch.url } : { dataDir: path.join(dataDir, "pglite") });
    try {
      for (const [table, where] of Object.entries(STORED_TABLES)) {
        const result = (await database.db.execute(
          sql.raw(`select count(*)::int as n from "${table}" where ${where}`),
        )) as unknown as { rows: { n: number }[] };
        expect(result.rows[0]?.n, table).toBe(0);
      }
    } finally {
      await database.close();
    }
  }, 180_000);
});
