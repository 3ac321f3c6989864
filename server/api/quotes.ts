import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { quoteIndicativeFigures } from "../../app/domain/rates";
import { sanitiseQuote } from "../../app/domain/sanitise";
import { type Quote, quoteSchema } from "../../app/domain/schemas";
import type { Database } from "../db/client";
import { quotes } from "../db/schema";
import { quoteConfirmationEmail, quoteNotificationEmail } from "../emails/quote";
import { RATE_LIMITS, rateLimit } from "../rate-limit";
import type { Services } from "../services";
import { fromOurPages } from "./json";
import { leadBodyReader, leadInserter } from "./lead-submission";

/**
 * POST /api/quotes: the main eligibility check's lead (spec section 3, DECISIONS D1).
 * Validated and sanitised again here, its indicative figures recomputed by the domain,
 * stored once per submission key, and its two emails queued by the same statement, so
 * a saved quote never waits on, or is lost to, the mail server. Answers 201 { id }.
 */
export function quotesApi(services: Services) {
  const { config, log } = services;
  const readQuote = leadBodyReader(quoteSchema, sanitiseQuote);
  const app = new Hono();

  app.post("/", fromOurPages(config.siteUrl), rateLimit(services, RATE_LIMITS.leadSubmission), async (c) => {
    const body = await readQuote(c);
    if (!body.ok) return body.response;
    const { submission_key: submissionKey, ...answers } = body.data;
    const userId = await services.identify(c.req.raw);
    const { id, created } = await saveQuote(services.db, normaliseQuote(answers), {
      submissionKey,
      userId,
      leadInbox: config.mail.leadInbox,
      site: config.site,
    });
    if (created) services.kickOutbox();
    log.info({ quoteId: id, created }, created ? "quote saved" : "quote resubmitted");
    return c.json({ id }, 201);
  });

  return app;
}

/** Outright owners have no mortgage (D3), whatever a client sends; only they are asked their age. */
function normaliseQuote(quote: Quote): Quote {
  if (quote.homeowner_status === "outright") return { ...quote, mortgage_balance: 0 };
  return { ...quote, age: undefined };
}

interface SaveOptions {
  submissionKey: string | undefined;
  userId: string | null;
  leadInbox: string;
  site: Services["config"]["site"];
}

const insertQuote = leadInserter(quotes);

/**
 * One row per submission key: a repeated key answers the first row's id and queues
 * nothing more. The quote and its two mail jobs are written by one statement, so they
 * commit together or not at all, in one round trip to the database (the id and time
 * are made here, so the emails can name them before the row exists).
 */
export async function saveQuote(db: Database, quote: Quote, options: SaveOptions) {
  const saved = { id: randomUUID(), createdAt: new Date(), quote, figures: quoteIndicativeFigures(quote) };
  const row = {
    id: saved.id,
    createdAt: saved.createdAt,
    updatedAt: saved.createdAt,
    submissionKey: options.submissionKey ?? null,
    userId: options.userId,
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
    ltvRatio: saved.figures.ltv_ratio,
    indicativeRate: saved.figures.indicative_rate,
    monthlyPayment: saved.figures.monthly_payment,
    landingPageUrl: quote.landing_page_url || null,
  } satisfies typeof quotes.$inferInsert;
  const mail = [
    { dedupeKey: `quote-notify:${saved.id}`, message: quoteNotificationEmail(options.site, options.leadInbox, saved) },
    { dedupeKey: `quote-confirm:${saved.id}`, message: quoteConfirmationEmail(options.site, saved) },
  ];

  const inserted = await insertQuote(db, { row, mail });
  if (inserted) return { id: saved.id, created: true };
  // The key was used before: that quote (committed, since the insert waited for it) stands.
  const [existing] = await db
    .select({ id: quotes.id })
    .from(quotes)
    .where(eq(quotes.submissionKey, options.submissionKey ?? ""));
  if (!existing) throw new Error("a conflicting quote vanished");
  return { id: existing.id, created: false };
}
