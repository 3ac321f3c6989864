import { type SQL, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { NextActionKind } from "../../../app/domain/callback-choice";
import type { Role } from "../../../app/domain/permissions";
import type { CaseStage } from "../../../app/domain/lead-cases";
import type { DataRequestKind } from "../../../app/domain/data-requests";
import type { CorrectionChange, ShownFigures } from "../../../app/domain/lead-corrections";
import type {
  ComplaintCategory,
  ComplaintChannel,
  ComplaintLetter,
  ComplaintOutcome,
  ComplaintRootCause,
  ComplaintSubject,
  OmbudsmanResult,
} from "../../../app/domain/complaints";
import type { LenderCriteria, ProductKind } from "../../../app/domain/lender-products";
import type { Adjustment, NeedDriver, NeedSource } from "../../../app/domain/needs";
import type { LeadKind, LeadStatus } from "../../../app/domain/leads";
import type { PromotionFigures, PromotionStatus } from "../../../app/domain/promotions";
import type { CallOutcome, CloseReason, LeadEventType, MessageChannel } from "../../../app/domain/lead-work";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

// ---------------------------------------------------------------- borrowers' accounts
// Tables used by better-auth (its Drizzle adapter, plural model names). Borrowers only:
// staff have tables of their own (below), which no better-auth endpoint can reach (DECISIONS D20).

export const users = pgTable("users", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    token: text("token").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    /** A memory-hard (scrypt) hash, never the password. */
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("accounts_user_id_idx").on(t.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

export const profiles = pgTable("profiles", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  firstName: text("first_name").notNull(),
  lastName: text("last_name").notNull(),
  phone: text("phone"),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------- staff identities
// The console's people (DECISIONS D14, D20), apart from the borrowers' tables by
// construction: no borrower path reads, confirms or changes a row here.

/** A staff member, made by `npm run staff -- add`, enrolled through the link it prints. */
export const staffMembers = pgTable("staff_members", {
  id: text("id").primaryKey(),
  email: text("email").notNull().unique(),
  name: text("name").notNull(),
  /** A memory-hard (scrypt) hash; null until the enrolment link's first step. */
  passwordHash: text("password_hash"),
  /** The authenticator's TOTP secret, encrypted with AUTH_SECRET; null until enrolment. */
  totpSecret: text("totp_secret"),
  /** When the authenticator's first code was accepted: only then can the member sign in. */
  enrolledAt: timestamp("enrolled_at", { withTimezone: true }),
  /** The time step of the last code accepted: a code is good once (RFC 6238, 5.2). */
  totpLastStep: bigint("totp_last_step", { mode: "number" }),
  /** Wrong codes after a right password, in a row; at ten, codes wait (STAFF_CODE_LOCK). */
  codeFailures: integer("code_failures").notNull().default(0),
  codesLockedUntil: timestamp("codes_locked_until", { withTimezone: true }),
  /** Set by `npm run staff -- disable` or the team page: no sign-in, no session. */
  disabledAt: timestamp("disabled_at", { withTimezone: true }),
  /** The roles held (app/domain/permissions.ts), several at once; the command makes administrators. */
  roles: text("roles").array().$type<Role[]>().notNull().default(sql`'{}'::text[]`),
  /** A member from before roles existed, not yet told of them (the first page after sign-in, once). */
  rolesNews: boolean("roles_news").notNull().default(false),
  /** The last successful sign-in, for the team page. */
  lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A signed-in staff member's session: the cookie holds the token, the table only its hash. */
export const staffSessions = pgTable(
  "staff_sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    staffId: text("staff_id")
      .notNull()
      .references(() => staffMembers.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    /** The idle limit: moved on as the session is used. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** When an authenticator code was last entered in this session (sign-in, step-up): fresh for 5 minutes. */
    codeAt: timestamp("code_at", { withTimezone: true }),
    /** Wrong step-up codes in a row in this session: at the limit the session ends (decision 336). */
    stepUpFailures: integer("step_up_failures").notNull().default(0),
  },
  (t) => [index("staff_sessions_staff_id_idx").on(t.staffId)],
);

/** An open enrolment link (24 hours, used once): the hash of its token, never the token. */
export const staffEnrolments = pgTable(
  "staff_enrolments",
  {
    tokenHash: text("token_hash").primaryKey(),
    staffId: text("staff_id")
      .notNull()
      .references(() => staffMembers.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("staff_enrolments_staff_id_idx").on(t.staffId)],
);

/**
 * A change of a member's roles waiting for a second administrator (DECISIONS D32,
 * docs/decisions/340): one a member at most, applied when another administrator than the
 * one who asked confirms it, dropped when one refuses it.
 */
export const staffRoleRequests = pgTable("staff_role_requests", {
  memberId: text("member_id")
    .primaryKey()
    .references(() => staffMembers.id, { onDelete: "cascade" }),
  /** The roles asked for, all at once, as the team page's boxes post them. */
  roles: text("roles").array().$type<Role[]>().notNull(),
  askedBy: text("asked_by")
    .notNull()
    .references(() => staffMembers.id, { onDelete: "cascade" }),
  askedAt: timestamp("asked_at", { withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------- leads

/** The adviser a lead is assigned to, if any (the staff console, DECISIONS D14). */
const assigneeId = () => text("assignee_id").references(() => staffMembers.id, { onDelete: "set null" });
/** Bumped by every staff change: a save made against an older version is refused (no lost update). */
const version = () => integer("version").notNull().default(1);

/**
 * The adviser's next action on a lead (DECISIONS D21): what it is and when, on every lead
 * table alike. A new lead's is "call as soon as possible" from its arrival (a contact
 * message's, "reply"); the borrower's chosen call-back time replaces it; advisers set it
 * after that. Null when there is none (a closed lead).
 */
const nextAction = (kind: NextActionKind) => ({
  nextActionKind: text("next_action_kind").$type<NextActionKind>().default(kind),
  nextActionAt: timestamp("next_action_at", { withTimezone: true }).defaultNow(),
});

/**
 * When the borrower asked to be called (DECISIONS D21): null until they choose;
 * "soonest", or "slot" with the hour's start in `callback_at`; `callback_chosen_at` is
 * when they last chose (on the thank-you page or in their account).
 */
const callback = () => ({
  callbackChoice: text("callback_choice").$type<"soonest" | "slot">(),
  callbackAt: timestamp("callback_at", { withTimezone: true }),
  callbackChosenAt: timestamp("callback_chosen_at", { withTimezone: true }),
});

/** The choice's two columns agree: a slot has its time, "as soon as possible" and no choice have none. */
function callbackChecks(table: string, t: { callbackChoice: AnyPgColumn; callbackAt: AnyPgColumn }) {
  return [
    check(
      `${table}_callback_choice_check`,
      sql`(${t.callbackChoice} is null and ${t.callbackAt} is null) or (${t.callbackChoice} = 'soonest' and ${t.callbackAt} is null) or (${t.callbackChoice} = 'slot' and ${t.callbackAt} is not null)`,
    ),
  ];
}

/**
 * The first call an adviser logged on a lead (docs/decisions/190): when, by whom, and how
 * long the lead had waited by then in the firm's opening hours, for the time-to-first-
 * contact report. Null until the first call.
 */
const firstContact = () => ({
  firstContactedAt: timestamp("first_contacted_at", { withTimezone: true }),
  firstContactedBy: text("first_contacted_by").references(() => staffMembers.id, { onDelete: "set null" }),
  firstContactWaitMinutes: integer("first_contact_wait_minutes"),
});

/** The Today list's order: next actions by their time. */
const nextActionIndex = (table: string, t: { nextActionAt: AnyPgColumn; id: AnyPgColumn }) =>
  index(`${table}_next_action_idx`).on(t.nextActionAt, t.id);

type InboxColumns = {
  id: AnyPgColumn;
  createdAt: AnyPgColumn;
  status: AnyPgColumn;
  assigneeId: AnyPgColumn;
  email: AnyPgColumn;
  phone: AnyPgColumn;
};

/**
 * What the staff inbox reads each lead table by (server/staff/leads/inbox.server.ts): keyset pages
 * on (received, id), optionally per status or assignee, and the search keys (email,
 * phone digits, surname) as prefixes. The same on every lead table, so one query
 * shape serves all three.
 */
function inboxIndexes(table: string, t: InboxColumns, surname: AnyPgColumn, sortName: SQL) {
  return [
    // The name sort's keyset (decision 421): the same expression the inbox orders by.
    index(`${table}_name_sort_idx`).on(sortName, t.id),
    index(`${table}_received_idx`).on(t.createdAt, t.id),
    index(`${table}_status_received_idx`).on(t.status, t.createdAt, t.id),
    index(`${table}_assignee_received_idx`).on(t.assigneeId, t.createdAt, t.id),
    index(`${table}_email_search_idx`).on(sql`lower(${t.email}) text_pattern_ops`),
    index(`${table}_phone_search_idx`).on(sql`regexp_replace(${t.phone}, '[^0-9]', '', 'g') text_pattern_ops`),
    index(`${table}_surname_search_idx`).on(sql`lower(${surname}) text_pattern_ops`),
  ];
}

/**
 * A parameter of the landing page's URL (utm_source, utm_campaign) as the URL carries it (still
 * percent-encoded), kept by the database from `landing_page_url`, so the inbox's
 * campaign filter is an index lookup rather than a pattern over every URL.
 */
const fromLandingUrl = (parameter: "utm_source" | "utm_campaign" | "gclid" | "gbraid" | "wbraid") =>
  text(parameter).generatedAlwaysAs(sql.raw(`substring(landing_page_url from '[?&]${parameter}=([^&#]*)')`));

/**
 * The click ids an advert adds to the landing URL (DECISIONS D23): Google's `gclid`, and
 * `gbraid`/`wbraid` for app and iOS traffic, kept by the database from
 * `landing_page_url` like the utm columns. `ad_consent` is whether the visitor had
 * accepted advertising cookies when the lead was sent (null: not recorded, older
 * leads); only a consenting lead's completion goes into the offline-conversions file.
 */
const clickIds = () => ({
  gclid: fromLandingUrl("gclid"),
  gbraid: fromLandingUrl("gbraid"),
  wbraid: fromLandingUrl("wbraid"),
  adConsent: boolean("ad_consent"),
});

/** The inbox's campaign and first-name lookups, on the two tables that have them. */
function campaignIndexes(
  table: string,
  t: InboxColumns & { utmSource: AnyPgColumn; utmCampaign: AnyPgColumn; firstName: AnyPgColumn },
) {
  return [
    index(`${table}_utm_source_idx`).on(t.utmSource, t.createdAt, t.id),
    index(`${table}_utm_campaign_idx`).on(t.utmCampaign, t.createdAt, t.id),
    index(`${table}_first_name_idx`).on(sql`lower(${t.firstName})`),
  ];
}

/** A lead from the main eligibility check (spec section 3, "Quote"). */
export const quotes = pgTable(
  "quotes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    status: text("status").$type<LeadStatus>().notNull().default("new"),
    /** Which form produced it: "apply" (the main check). */
    sourceForm: text("source_form").notNull().default("apply"),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    /** Sent by the browser once per submission, so a retried or doubled post stores one row. */
    submissionKey: text("submission_key").unique(),
    email: text("email").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    phone: text("phone").notNull(),
    loanPurpose: text("loan_purpose").notNull(),
    homeownerStatus: text("homeowner_status").notNull(),
    creditHistory: text("credit_history").notNull(),
    loanAmount: integer("loan_amount").notNull(),
    propertyValue: integer("property_value").notNull(),
    mortgageBalance: integer("mortgage_balance").notNull().default(0),
    monthlyIncome: integer("monthly_income"),
    age: text("age"),
    employmentStatus: text("employment_status"),
    ltvRatio: doublePrecision("ltv_ratio"),
    indicativeRate: doublePrecision("indicative_rate"),
    monthlyPayment: numeric("monthly_payment", { precision: 12, scale: 2, mode: "number" }),
    /**
     * The figures the borrower was shown when they sent it, kept as shown once a correction
     * computes the three above again (DECISIONS D29); null while nothing was corrected.
     */
    shownFigures: jsonb("shown_figures").$type<ShownFigures>(),
    /** The promotion version (DECISIONS D27) its figures were quoted on; null for the figures the code held. */
    promotionVersionId: bigint("promotion_version_id", { mode: "number" }),
    landingPageUrl: text("landing_page_url"),
    utmSource: fromLandingUrl("utm_source"),
    utmCampaign: fromLandingUrl("utm_campaign"),
    ...clickIds(),
    assigneeId: assigneeId(),
    version: version(),
    ...callback(),
    ...nextAction("call-soonest"),
    ...firstContact(),
  },
  (t) => [
    ...callbackChecks("quotes", t),
    nextActionIndex("quotes", t),
    ...campaignIndexes("quotes", t),
    index("quotes_email_idx").on(t.email),
    index("quotes_user_id_idx").on(t.userId),
    index("quotes_amount_idx").on(t.loanAmount, t.id),
    ...inboxIndexes("quotes", t, t.lastName, sql`lower(${t.lastName} || ' ' || ${t.firstName})`),
  ],
);

/** A homeowner-loan lead from the quick check (spec section 7, send-personal-enquiry). */
export const personalEnquiries = pgTable(
  "personal_enquiries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    status: text("status").$type<LeadStatus>().notNull().default("new"),
    sourceForm: text("source_form").notNull().default("apply-personal"),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    submissionKey: text("submission_key").unique(),
    loanType: text("loan_type").notNull(),
    loanAmount: integer("loan_amount").notNull(),
    homeownerStatus: text("homeowner_status").notNull(),
    loanPurpose: text("loan_purpose"),
    monthlyIncome: integer("monthly_income"),
    employmentStatus: text("employment_status"),
    creditHistory: text("credit_history"),
    propertyValue: integer("property_value"),
    mortgageBalance: integer("mortgage_balance"),
    age: text("age"),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    /** The promotion version (DECISIONS D27) its figures were quoted on; null for the figures the code held. */
    promotionVersionId: bigint("promotion_version_id", { mode: "number" }),
    landingPageUrl: text("landing_page_url"),
    utmSource: fromLandingUrl("utm_source"),
    utmCampaign: fromLandingUrl("utm_campaign"),
    ...clickIds(),
    assigneeId: assigneeId(),
    version: version(),
    ...callback(),
    ...nextAction("call-soonest"),
    ...firstContact(),
  },
  (t) => [
    ...callbackChecks("personal_enquiries", t),
    nextActionIndex("personal_enquiries", t),
    ...campaignIndexes("personal_enquiries", t),
    index("personal_enquiries_email_idx").on(t.email),
    index("personal_enquiries_user_id_idx").on(t.userId),
    index("personal_enquiries_amount_idx").on(t.loanAmount, t.id),
    ...inboxIndexes("personal_enquiries", t, t.lastName, sql`lower(${t.lastName} || ' ' || ${t.firstName})`),
  ],
);

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    createdAt: createdAt(),
    status: text("status").$type<LeadStatus>().notNull().default("new"),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    assigneeId: assigneeId(),
    version: version(),
    ...nextAction("reply"),
    ...firstContact(),
  },
  // A contact message has one name field: its search key is the whole name.
  (t) => [
    nextActionIndex("contact_messages", t),
    ...inboxIndexes("contact_messages", t, t.name, sql`lower(${t.name})`),
  ],
);

// ---------------------------------------------------------------- staff console

/**
 * How many leads there are of each kind, status and assignee ('' for none), kept by
 * triggers on the three lead tables (drizzle/0002), so the inbox's counts per status
 * cost a read of a few rows instead of a count of every lead. Whatever writes or
 * deletes leads (intake, staff, retention, erasure), the counts follow.
 */
export const leadCounts = pgTable(
  "lead_counts",
  {
    kind: text("kind").$type<LeadKind>().notNull(),
    status: text("status").$type<LeadStatus>().notNull(),
    assigneeId: text("assignee_id").notNull().default(""),
    n: integer("n").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.kind, t.status, t.assigneeId] })],
);

/**
 * How many loan leads (quotes and quick-check enquiries) arrived in each UK month from
 * each utm_source and utm_campaign ('' for none, as the landing page's URL carried them),
 * kept by triggers on the two tables (drizzle/0010), so the campaign report reads a few
 * rows a month instead of every lead of its year. Deletions (retention, erasure) follow.
 */
export const leadMonthCounts = pgTable(
  "lead_month_counts",
  {
    kind: text("kind").$type<LeadKind>().notNull(),
    /** The UK month the lead arrived in, YYYY-MM. */
    month: text("month").notNull(),
    utmSource: text("utm_source").notNull().default(""),
    utmCampaign: text("utm_campaign").notNull().default(""),
    n: integer("n").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.month, t.kind, t.utmSource, t.utmCampaign] })],
);

/**
 * A lead's timeline: status changes, notes, assignments, calls and next actions, each
 * with who and when. `lead_id` is the id in the lead's own table (`lead_kind` says which).
 */
export const leadEvents = pgTable(
  "lead_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    leadKind: text("lead_kind").$type<LeadKind>().notNull(),
    leadId: uuid("lead_id").notNull(),
    actorId: text("actor_id").references(() => staffMembers.id, { onDelete: "set null" }),
    type: text("type").$type<LeadEventType>().notNull(),
    fromStatus: text("from_status").$type<LeadStatus>(),
    toStatus: text("to_status").$type<LeadStatus>(),
    note: text("note"),
    assigneeId: text("assignee_id").references(() => staffMembers.id, { onDelete: "set null" }),
    /** A call's outcome (type "call"); a logged email or letter's way (type "message"). */
    outcome: text("outcome").$type<CallOutcome | MessageChannel>(),
    /** Why a lead was declined or withdrawn (type "status"); "other" has the note. */
    reason: text("reason").$type<CloseReason>(),
    /** The next action a call or an adviser set (types "call" and "next-action"); null for none. */
    nextActionKind: text("next_action_kind").$type<NextActionKind>(),
    nextActionAt: timestamp("next_action_at", { withTimezone: true }),
    /** A correction's fields, each with its old and new value (type "correction"): for the lead page only. */
    changes: jsonb("changes").$type<CorrectionChange[]>(),
  },
  (t) => [index("lead_events_lead_idx").on(t.leadId, t.at)],
);

/**
 * Who saw or changed which customer's data (DECISIONS D14): append-only for the
 * application, which a trigger in the migration enforces (rows leave only by the
 * retention job, after six years, D15). The actor's name is copied in, so a row still
 * reads after the account is gone.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorId: text("actor_id"),
    actorName: text("actor_name"),
    action: text("action").notNull(),
    leadKind: text("lead_kind").$type<LeadKind>(),
    leadId: uuid("lead_id"),
    /** What the action was about beyond the lead: an export's filter and row count, a new status. Never personal data. */
    detail: jsonb("detail"),
  },
  (t) => [
    index("audit_log_at_idx").on(t.at, t.id),
    index("audit_log_actor_idx").on(t.actorId, t.at, t.id),
    index("audit_log_lead_idx").on(t.leadId, t.at, t.id),
    index("audit_log_action_idx").on(t.action, t.at, t.id),
  ],
);

/**
 * Where borrowers drop out (DECISIONS D16): how many times each form reported each
 * moment, per UK day and campaign. Counts only: no visitor, cookie or address.
 */
export const funnelCounts = pgTable(
  "funnel_counts",
  {
    day: date("day").notNull(),
    form: text("form").notNull(),
    /** "step" (reached), "redirect" (sent on) or "submit". */
    event: text("event").notNull(),
    step: text("step").notNull(),
    /** Where a redirect went ('' for the other events). */
    target: text("target").notNull().default(""),
    utmSource: text("utm_source").notNull().default(""),
    utmCampaign: text("utm_campaign").notNull().default(""),
    n: integer("n").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.form, t.event, t.step, t.target, t.utmSource, t.utmCampaign] })],
);

/**
 * The lender panel's products (DECISIONS D22): kept by staff at /staff/lenders. A product
 * is retired, never deleted (a case may name it); every change is an audit row. The
 * criteria are one JSON value, read back through the domain's `lenderCriteriaSchema`.
 */
export const lenderProducts = pgTable(
  "lender_products",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    lender: text("lender").notNull(),
    productName: text("product_name").notNull(),
    kind: text("kind").$type<ProductKind>().notNull(),
    criteria: jsonb("criteria").$type<LenderCriteria>().notNull(),
    /** When it was taken off the panel; null while live. */
    retiredAt: timestamp("retired_at", { withTimezone: true }),
    /** Bumped by every change: a save made against an older version is refused. */
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("lender_products_live_idx").on(t.lender, t.productName).where(sql`retired_at is null`)],
);

/**
 * A lead's case with a lender (issue 30): from the application sent to a panel product,
 * through the lender's offer, to completion (amount lent, date, the broker's commission)
 * or the lender's decline. A lead may have several, each after the last was declined:
 * at most one is not declined (docs/decisions/256). `lead_id` is the id in the lead's
 * own table (`lead_kind` says which). Each move is also a timeline entry and an audit row.
 * Money in whole pounds except the commission, in pence (a percentage of a loan).
 */
export const leadCases = pgTable(
  "lead_cases",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    leadId: uuid("lead_id").notNull(),
    leadKind: text("lead_kind").$type<LeadKind>().notNull(),
    productId: uuid("product_id")
      .notNull()
      .references(() => lenderProducts.id, { onDelete: "restrict" }),
    stage: text("stage").$type<CaseStage>().notNull(),
    applicationSentAt: timestamp("application_sent_at", { withTimezone: true }).notNull().defaultNow(),
    offerAmount: integer("offer_amount"),
    offerRatePercent: numeric("offer_rate_percent", { precision: 6, scale: 3, mode: "number" }),
    offerTermMonths: integer("offer_term_months"),
    offerReceivedAt: timestamp("offer_received_at", { withTimezone: true }),
    completedAmount: integer("completed_amount"),
    /** The day the loan completed (UK): retention counts six years from it. */
    completedOn: date("completed_on"),
    commissionPence: integer("commission_pence"),
    /** Why the commission differs from the product's own, when an adviser changed it. */
    commissionReason: text("commission_reason"),
    declinedReason: text("declined_reason"),
    declinedAt: timestamp("declined_at", { withTimezone: true }),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Every case a lead has had; at most one not declined: open, or completed (docs/decisions/256).
    uniqueIndex("lead_cases_open_idx").on(t.leadKind, t.leadId).where(sql`stage <> 'declined'`),
    index("lead_cases_lead_idx").on(t.leadId),
    index("lead_cases_product_idx").on(t.productId),
    index("lead_cases_completed_idx").on(t.completedOn).where(sql`completed_on is not null`),
  ],
);

// ---------------------------------------------------------------- infrastructure

/**
 * The outbox: side effects (email) recorded in the same database as the lead and
 * worked by the server, so a request never waits on SMTP and nothing is lost.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: text("kind").notNull(),
    payload: jsonb("payload").notNull(),
    /** At most one job per key: enqueueing the same work twice is a no-op. */
    dedupeKey: text("dedupe_key").unique(),
    status: text("status").$type<"pending" | "done" | "dead">().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(12),
    runAt: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: createdAt(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [index("jobs_due_idx").on(t.runAt).where(sql`status = 'pending'`)],
);

/** Fixed-window counters shared by every server instance (DECISIONS D7). */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

// ---------------------------------------------------------------- complaints

/**
 * A complaint (DISP 1, DECISIONS D26), however it came in. Kept three years from its
 * closing (`keep_until`), an erasure request notwithstanding (UK GDPR art. 17(3)(b)),
 * then deleted by the retention job. `lead_kind`/`lead_id` name the lead it came with,
 * without a foreign key: the complaint outlives the lead.
 */
export const complaints = pgTable(
  "complaints",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    createdAt: createdAt(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull(),
    channel: text("channel").$type<ComplaintChannel>().notNull(),
    about: text("about").$type<ComplaintSubject>().notNull(),
    name: text("name").notNull(),
    email: text("email"),
    phone: text("phone"),
    /** The complainant's words, as they gave them. */
    words: text("words").notNull(),
    /** What they would like done, if they said. */
    wanted: text("wanted"),
    leadKind: text("lead_kind").$type<LeadKind>(),
    leadId: uuid("lead_id"),
    handlerId: text("handler_id").references(() => staffMembers.id, { onDelete: "set null" }),
    category: text("category").$type<ComplaintCategory>(),
    rootCause: text("root_cause").$type<ComplaintRootCause>(),
    acknowledgedAt: timestamp("acknowledged_at", { withTimezone: true }),
    /** A summary resolution or a final response sent. */
    respondedAt: timestamp("responded_at", { withTimezone: true }),
    holdingSentAt: timestamp("holding_sent_at", { withTimezone: true }),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    outcome: text("outcome").$type<ComplaintOutcome>(),
    redressPence: integer("redress_pence"),
    referredAt: timestamp("referred_at", { withTimezone: true }),
    ombudsmanResult: text("ombudsman_result").$type<OmbudsmanResult>(),
    keepUntil: timestamp("keep_until", { withTimezone: true }),
    version: version(),
  },
  (t) => [
    index("complaints_received_idx").on(t.receivedAt),
    index("complaints_open_idx").on(t.receivedAt).where(sql`closed_at is null`),
    index("complaints_email_idx").on(sql`lower(${t.email})`),
    index("complaints_lead_idx").on(t.leadId),
    index("complaints_keep_until_idx").on(t.keepUntil),
  ],
);

/** Each letter a complaint was sent, exactly as sent (DISP 1.9.1R's record). */
export const complaintLetters = pgTable(
  "complaint_letters",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    complaintId: uuid("complaint_id")
      .notNull()
      .references(() => complaints.id, { onDelete: "cascade" }),
    kind: text("kind").$type<ComplaintLetter>().notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
    sentBy: text("sent_by").references(() => staffMembers.id, { onDelete: "set null" }),
    sentTo: text("sent_to").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
  },
  (t) => [index("complaint_letters_complaint_idx").on(t.complaintId, t.sentAt)],
);

// ---------------------------------------------------------------- data requests
// A borrower's request about their own data that needs a person to answer it: a correction
// asked from /account (UK GDPR article 16, DECISIONS D29), listed on the console's data
// requests page with the day it is due, and marked answered there.

export const dataRequests = pgTable(
  "data_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    createdAt: createdAt(),
    kind: text("kind").$type<DataRequestKind>().notNull(),
    /** The account it was asked from; the request goes with the account. */
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    /** What they asked, in their words. */
    details: text("details").notNull(),
    dueBy: timestamp("due_by", { withTimezone: true }).notNull(),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    answeredBy: text("answered_by").references(() => staffMembers.id, { onDelete: "set null" }),
  },
  (t) => [
    index("data_requests_open_idx").on(t.dueBy).where(sql`answered_at is null`),
    index("data_requests_user_idx").on(t.userId),
    index("data_requests_answered_idx").on(t.answeredAt),
  ],
);

// ---------------------------------------------------------------- needs

/**
 * A lead's needs record (DECISIONS D28, FG21/1): what the borrower said would help, the
 * drivers of vulnerability an adviser noticed and what the firm will do differently, one a
 * lead. Health details only with the borrower's explicit consent (`health_consent_at`);
 * withdrawing it removes them. `lead_kind`/`lead_id` name the lead without a foreign key
 * (three lead tables): the lead's deletion (retention, erasure) deletes it with the lead.
 */
export const leadNeeds = pgTable(
  "lead_needs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    leadKind: text("lead_kind").$type<LeadKind>().notNull(),
    leadId: uuid("lead_id").notNull(),
    drivers: text("drivers").array().$type<NeedDriver[]>().notNull().default(sql`'{}'::text[]`),
    adjustments: text("adjustments").array().$type<Adjustment[]>().notNull().default(sql`'{}'::text[]`),
    /** "Anything else we should know", in the borrower's words. */
    borrowerNote: text("borrower_note"),
    /** What else the firm will do, in the adviser's words. */
    note: text("note"),
    healthDetails: text("health_details"),
    healthConsentAt: timestamp("health_consent_at", { withTimezone: true }),
    source: text("source").$type<NeedSource>().notNull(),
    /** Who last recorded it: null when the borrower did. The name copied in, as the audit log does. */
    recordedBy: text("recorded_by").references(() => staffMembers.id, { onDelete: "set null" }),
    recordedByName: text("recorded_by_name"),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    version: version(),
  },
  (t) => [
    uniqueIndex("lead_needs_lead_idx").on(t.leadKind, t.leadId),
    index("lead_needs_lead_id_idx").on(t.leadId),
    check("lead_needs_health_consent_check", sql`${t.healthDetails} is null or ${t.healthConsentAt} is not null`),
  ],
);

/**
 * Every version of the promotion figures (DECISIONS D27): drafted by one member, approved
 * or sent back by another, live from one moment until the next version's. Kept for good
 * (the retention job never deletes them): the record of what each page said on any day.
 * Members' names are copied in, so a version still reads after an account is gone.
 */
export const promotionVersions = pgTable(
  "promotion_versions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    createdAt: createdAt(),
    figures: jsonb("figures").$type<PromotionFigures>().notNull(),
    status: text("status").$type<PromotionStatus>().notNull().default("draft"),
    /** What the change is for, in the drafter's words ("Lender rates from 1 March"). */
    summary: text("summary").notNull().default(""),
    /** The live version it was drafted against: its "before". Null for the figures the code held. */
    basedOn: bigint("based_on", { mode: "number" }),
    draftedBy: text("drafted_by").notNull(),
    draftedByName: text("drafted_by_name").notNull(),
    approvedBy: text("approved_by"),
    approvedByName: text("approved_by_name"),
    /** When it was approved or sent back. */
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    rejectionReason: text("rejection_reason"),
    /** When the draft asked to go live; null: as soon as it is approved. */
    publishAt: timestamp("publish_at", { withTimezone: true }),
    liveFrom: timestamp("live_from", { withTimezone: true }),
    liveUntil: timestamp("live_until", { withTimezone: true }),
  },
  (t) => [
    // At most one version is live at a time, whichever server publishes it.
    uniqueIndex("promotion_versions_one_live_idx").on(t.status).where(sql`status = 'live'`),
    index("promotion_versions_due_idx").on(t.status, t.publishAt),
    index("promotion_versions_live_from_idx").on(t.liveFrom),
  ],
);

/**
 * Each backup's outcome (decision 355): when it ended, whether it was written, and its
 * size. Read for the last good backup; never names a person.
 */
export const backups = pgTable(
  "backups",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    finishedAt: timestamp("finished_at", { withTimezone: true }).notNull().defaultNow(),
    ok: boolean("ok").notNull(),
    /** The file's size in bytes; null when none was written. */
    bytes: bigint("bytes", { mode: "number" }),
    durationMs: integer("duration_ms").notNull(),
    /** "nightly" (the server's own) or "command" (`npm run backup`). */
    trigger: text("trigger").$type<"nightly" | "command">().notNull(),
  },
  (t) => [index("backups_finished_idx").on(t.finishedAt)],
);

/**
 * Which health checks are raised (decision 451), shared by every server: the one whose
 * statement turns a check from clear to raised, or back, queues the operations email in
 * the same transaction, so it is sent once whichever servers watch.
 */
export const healthAlerts = pgTable("health_alerts", {
  /** The check's fixed word ("outbox-stuck"). */
  key: text("key").primaryKey(),
  /** When it was raised (the watching server's clock); null while it is clear. */
  raisedAt: timestamp("raised_at", { withTimezone: true }),
  /** When it last turned. */
  changedAt: timestamp("changed_at", { withTimezone: true }).notNull(),
});

/**
 * A member's own views of the inbox (decision 422): a name and the filter's query (never
 * its search text, which can name a borrower), beside the four views every member has.
 */
export const staffSavedViews = pgTable(
  "staff_saved_views",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    staffId: text("staff_id")
      .notNull()
      .references(() => staffMembers.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    query: text("query").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("staff_saved_views_name_idx").on(t.staffId, t.name)],
);
