import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { SiteConfig } from "../../app/config.server";
import type { LeadKind } from "../../app/domain/leads";
import {
  DEFAULT_RATE_TABLE,
  enquiryIndicativeFigures,
  type QuoteIndicativeFigures,
  quoteIndicativeFigures,
  type RateTableBand,
} from "../../app/domain/rates";
import { sanitiseEnquiry, sanitiseQuote } from "../../app/domain/sanitise";
import { type Enquiry, enquirySchema, type Quote, quoteSchema } from "../../app/domain/schemas";
import type { Database } from "../platform/db/client";
import { leadInserter } from "../platform/db/lead-insert";
import { reportLeadStored } from "../platform/metrics";
import { personalEnquiries, quotes } from "../platform/db/schema";
import { leadEmailKeys } from "./lead-email-keys";
import { enquiryConfirmationEmail, enquiryNotificationEmail } from "../emails/enquiry";
import { quoteConfirmationEmail, quoteNotificationEmail } from "../emails/quote";
import type { MailMessage } from "../platform/mail";
import { livePromotion } from "../promotions/live.server";
import type { LivePromotion } from "../promotions/promotions.server";
import type { Services } from "../platform/services";

// The two kinds of lead the forms send (a quote from the eligibility check, an enquiry
// from the quick check) and the one way each is stored: validated and sanitised as the
// browser does, its indicative figures recomputed by the domain, written once per
// submission key with its emails queued by the same statement (DECISIONS D1, decision
// 052). The JSON API (server/api/leads.ts) and the forms' route actions both call
// `submitLead`.

export const SUBMISSION_KEY_INVALID = "Submission key must be a UUID";

/**
 * Sent by the browser once per completed form (crypto.randomUUID), so a doubled click,
 * a retry after a lost answer or a replayed request stores one lead. Optional: a caller
 * without one simply gets no de-duplication.
 */
export const submissionKeySchema = z.uuid({ error: SUBMISSION_KEY_INVALID }).optional();

/** The columns every lead table fills the same way, whatever the form. */
type CommonColumns = "id" | "createdAt" | "updatedAt" | "submissionKey" | "userId";

/** A lead as its emails see it: saved under `id` at `createdAt`, with its computed figures. */
interface SavedLead<Input> {
  id: string;
  createdAt: Date;
  input: Input;
  figures: QuoteIndicativeFigures;
}

/** What differs between the kinds of lead; everything else is `saveLead`'s. */
interface LeadForm<Input, Table extends typeof quotes | typeof personalEnquiries> {
  /** Names the lead in log lines ("quote saved", `quoteId`). */
  logName: string;
  table: Table;
  /** What the server settles whatever a client sent. */
  normalise(input: Input): Input;
  /** By the rate table live when it arrives (DECISIONS D27). */
  figures(input: Input, table: readonly RateTableBand[]): QuoteIndicativeFigures;
  columns(input: Input, figures: QuoteIndicativeFigures): Omit<Table["$inferInsert"], CommonColumns>;
  /** The broker's notification and the borrower's confirmation. */
  emails(site: SiteConfig, leadInbox: string, saved: SavedLead<Input>): [MailMessage, MailMessage];
}

/** The main eligibility check's quote (spec section 3). */
const quoteLead: LeadForm<Quote, typeof quotes> = {
  logName: "quote",
  table: quotes,
  /** Outright owners have no mortgage (D3), whatever a client sends; only they are asked their age. */
  normalise: (quote) =>
    quote.homeowner_status === "outright" ? { ...quote, mortgage_balance: 0 } : { ...quote, age: undefined },
  figures: quoteIndicativeFigures,
  columns: (quote, figures) => ({
    email: quote.email,
    firstName: quote.first_name,
    lastName: quote.last_name,
    phone: quote.phone,
    loanPurpose: quote.loan_purpose,
    homeownerStatus: quote.homeowner_status,
    creditHistory: quote.credit_history,
    loanAmount: quote.loan_amount,
    propertyValue: quote.property_value,
    mortgageBalance: quote.mortgage_balance,
    monthlyIncome: quote.monthly_income ?? null,
    age: quote.age ?? null,
    employmentStatus: quote.employment_status ?? null,
    ltvRatio: figures.ltv_ratio,
    indicativeRate: figures.indicative_rate,
    monthlyPayment: figures.monthly_payment,
    landingPageUrl: quote.landing_page_url || null,
  }),
  emails: (site, leadInbox, { input, ...saved }) => [
    quoteNotificationEmail(site, leadInbox, { ...saved, quote: input }),
    quoteConfirmationEmail(site, { ...saved, quote: input }),
  ],
};

/** The quick check's homeowner-loan enquiry (spec section 7, send-personal-enquiry). */
const enquiryLead: LeadForm<Enquiry, typeof personalEnquiries> = {
  logName: "enquiry",
  table: personalEnquiries,
  /**
   * Outright owners are asked their age, not their property (spec section 4): they have
   * no mortgage, and a property value they never gave is not stored. Mortgage owners are
   * not asked their age.
   */
  normalise: (enquiry) =>
    enquiry.homeownerStatus === "outright"
      ? { ...enquiry, mortgageBalance: 0, propertyValue: undefined }
      : { ...enquiry, age: undefined },
  figures: enquiryIndicativeFigures,
  // The enquiry's fields are named as its columns; consent is checked, never stored.
  columns: ({ consent: _consent, ...enquiry }) => ({
    ...enquiry,
    propertyValue: enquiry.propertyValue ?? null,
    mortgageBalance: enquiry.mortgageBalance ?? null,
    age: enquiry.age ?? null,
    landingPageUrl: enquiry.landingPageUrl || null,
  }),
  emails: (site, leadInbox, { input, ...saved }) => [
    enquiryNotificationEmail(site, leadInbox, { ...saved, enquiry: input }),
    enquiryConfirmationEmail(site, { ...saved, enquiry: input }),
  ],
};

const LEADS = { quote: quoteLead, "personal-enquiry": enquiryLead };

/**
 * A kind's parts, seen alike. Each kind's columns and emails are checked against its
 * answers where it is defined; TypeScript cannot follow that link through a lookup by
 * kind, so the code that only passes one part's output to another sees them loosely.
 */
const formOf = (kind: FormLeadKind) => LEADS[kind] as LeadForm<unknown, typeof quotes | typeof personalEnquiries>;

/**
 * A lead's columns from its answers as the kind's schema read them, by intake's own rules
 * (what outright owners are not asked, the quote's figures): a correction stores these.
 */
export function leadColumnsOf(
  kind: FormLeadKind,
  answers: unknown,
  table: readonly RateTableBand[] = DEFAULT_RATE_TABLE,
): Record<string, unknown> {
  const form = formOf(kind);
  const settled = form.normalise(answers);
  return form.columns(settled, form.figures(settled, table)) as Record<string, unknown>;
}

/** The kinds of lead a form sends (the domain's lead kinds but the contact message). */
export type FormLeadKind = keyof typeof LEADS & LeadKind;
/** A lead of that kind as the domain's schema outputs it. */
export type LeadAnswers<Kind extends FormLeadKind> = { quote: Quote; "personal-enquiry": Enquiry }[Kind];

/**
 * A lead's whole body as a client sends it: cleaned as the browser cleans it, then the
 * domain's schema with the submission key beside it. The JSON API parses requests with
 * it; a route action can `safeParse` form fields with it.
 */
export const leadBodySchema = <Kind extends FormLeadKind>(kind: Kind): (typeof BODIES)[Kind] => BODIES[kind];

// safeExtend keeps the schema's own refinements (the enquiry's mortgage-owner checks).
const BODIES = {
  quote: z.preprocess(sanitiseQuote, quoteSchema.safeExtend({ submission_key: submissionKeySchema })),
  "personal-enquiry": z.preprocess(sanitiseEnquiry, enquirySchema.safeExtend({ submission_key: submissionKeySchema })),
};

export interface SubmitOptions {
  /** The browser's key for this submission (decision 052); absent, no de-duplication. */
  submissionKey: string | undefined;
  /** The signed-in borrower's id (`services.identify`), or null. */
  userId: string | null;
  /**
   * Whether the visitor had accepted advertising cookies when sending it (the request's
   * consent cookie, `advertisingConsent`): only then may its completion be reported to
   * the advertiser (DECISIONS D23).
   */
  adConsent: boolean;
}

/**
 * Stores a validated lead and queues its emails, then wakes the outbox. A key seen
 * before answers the first lead's id with `created: false`, and nothing more is queued.
 * The caller has already checked the rate limit and the honeypot.
 */
export async function submitLead<Kind extends FormLeadKind>(
  services: Pick<Services, "config" | "db" | "log" | "kickOutbox" | "promotions">,
  kind: Kind,
  answers: LeadAnswers<Kind>,
  options: SubmitOptions,
): Promise<{ id: string; created: boolean }> {
  const { config, db, log } = services;
  const { id, created } = await saveLead(db, kind, answers, {
    ...options,
    promotion: await livePromotion(services),
    leadInbox: config.mail.leadInbox,
    site: config.site,
  });
  if (created) {
    reportLeadStored(kind);
    services.kickOutbox();
  }
  const { logName } = LEADS[kind];
  log.info({ [`${logName}Id`]: id, created }, created ? `${logName} saved` : `${logName} resubmitted`);
  return { id, created };
}

interface SaveOptions extends SubmitOptions {
  /** The figures live as it arrives: its indicative rate is the table's, and it names the version (D27). */
  promotion?: LivePromotion;
  leadInbox: string;
  site: SiteConfig;
}

/** One inserter per lead table (db/lead-insert.ts): leads arriving together share a statement. */
const inserters = { quote: leadInserter(quotes), "personal-enquiry": leadInserter(personalEnquiries) };

/**
 * One row per submission key: a repeated key answers the first row's id and queues
 * nothing more. The lead and its two mail jobs are written by one statement, so they
 * commit together or not at all, in one round trip to the database (the id and time
 * are made here, so the emails can name them before the row exists).
 */
export async function saveLead<Kind extends FormLeadKind>(
  db: Database,
  kind: Kind,
  answers: LeadAnswers<Kind>,
  options: SaveOptions,
) {
  const form = formOf(kind);
  const input = form.normalise(answers);
  const table = options.promotion?.figures.rateTable ?? DEFAULT_RATE_TABLE;
  const saved = { id: randomUUID(), createdAt: new Date(), input, figures: form.figures(input, table) };
  const row = {
    id: saved.id,
    createdAt: saved.createdAt,
    updatedAt: saved.createdAt,
    // A new lead waits for its first call from the moment it arrived (its next action's kind is the column's default).
    nextActionAt: saved.createdAt,
    submissionKey: options.submissionKey ?? null,
    userId: options.userId,
    adConsent: options.adConsent,
    ...form.columns(input, saved.figures),
    promotionVersionId: options.promotion?.versionId ?? null,
  };
  const [notify, confirm] = form.emails(options.site, options.leadInbox, saved);
  const [notifyKey, confirmKey] = leadEmailKeys(kind, saved.id);
  const mail = [
    { dedupeKey: notifyKey, message: notify },
    { dedupeKey: confirmKey, message: confirm },
  ];

  if (await inserters[kind](db, { row, mail })) return { id: saved.id, created: true };
  // The key was used before: that lead (committed, since the insert waited for it) stands.
  const [existing] = await db
    .select({ id: form.table.id })
    .from(form.table)
    .where(eq(form.table.submissionKey, options.submissionKey ?? ""));
  if (!existing) throw new Error(`a conflicting ${form.logName} vanished`);
  return { id: existing.id, created: false };
}
