import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** Where a lead stands with the broker's advisers. */
export const LEAD_STATUSES = ["new", "contacted", "in-progress", "completed", "declined", "withdrawn"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

// ---------------------------------------------------------------- accounts
// Tables used by better-auth (its Drizzle adapter, plural model names).

export const users = pgTable("users", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  /** "borrower" for public sign-ups; "staff" only from the command line. */
  role: text("role").notNull().default("borrower"),
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

// ---------------------------------------------------------------- leads

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
    landingPageUrl: text("landing_page_url"),
  },
  (t) => [
    index("quotes_created_at_idx").on(t.createdAt),
    index("quotes_email_idx").on(t.email),
    index("quotes_user_id_idx").on(t.userId),
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
    landingPageUrl: text("landing_page_url"),
  },
  (t) => [
    index("personal_enquiries_created_at_idx").on(t.createdAt),
    index("personal_enquiries_email_idx").on(t.email),
    index("personal_enquiries_user_id_idx").on(t.userId),
  ],
);

export const contactMessages = pgTable("contact_messages", {
  id: uuid("id").primaryKey().defaultRandom(),
  createdAt: createdAt(),
  status: text("status").notNull().default("new"),
  name: text("name").notNull(),
  email: text("email").notNull(),
  phone: text("phone").notNull(),
  subject: text("subject").notNull(),
  message: text("message").notNull(),
});

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
