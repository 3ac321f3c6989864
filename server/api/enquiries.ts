import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { enquiryIndicativeFigures } from "../../app/domain/rates";
import { sanitiseEnquiry } from "../../app/domain/sanitise";
import { type Enquiry, enquirySchema } from "../../app/domain/schemas";
import type { Database } from "../db/client";
import { personalEnquiries } from "../db/schema";
import { enquiryConfirmationEmail, enquiryNotificationEmail } from "../emails/enquiry";
import { RATE_LIMITS, rateLimit } from "../rate-limit";
import type { Services } from "../services";
import { fromOurPages } from "./json";
import { leadBodyReader, leadInserter } from "./lead-submission";

/**
 * POST /api/enquiries: the quick check's homeowner-loan enquiry (spec section 7,
 * send-personal-enquiry). Same schema and sanitising as the browser, stored once per
 * submission key with the broker's notification and the borrower's confirmation queued
 * in the same statement.
 * Answers 201 { id }; failures carry `error`, which the form turns into the section 8
 * toasts ('Too many requests', 'Invalid ...').
 */
export function enquiriesApi(services: Services) {
  const { config, log } = services;
  const readEnquiry = leadBodyReader(enquirySchema, sanitiseEnquiry);
  const app = new Hono();

  app.post("/", fromOurPages(config.siteUrl), rateLimit(services, RATE_LIMITS.leadSubmission), async (c) => {
    const body = await readEnquiry(c);
    if (!body.ok) return body.response;
    const { submission_key: submissionKey, ...enquiry } = body.data;
    const userId = await services.identify(c.req.raw);
    const { id, created } = await saveEnquiry(services.db, normaliseEnquiry(enquiry), {
      submissionKey,
      userId,
      leadInbox: config.mail.leadInbox,
      site: config.site,
    });
    if (created) services.kickOutbox();
    log.info({ enquiryId: id, created }, created ? "enquiry saved" : "enquiry resubmitted");
    return c.json({ id }, 201);
  });

  return app;
}

/**
 * Outright owners are asked their age, not their property (spec section 4): they have
 * no mortgage, and a property value they never gave is not stored. Mortgage owners are
 * not asked their age.
 */
function normaliseEnquiry(enquiry: Enquiry): Enquiry {
  if (enquiry.homeownerStatus === "outright") return { ...enquiry, mortgageBalance: 0, propertyValue: undefined };
  return { ...enquiry, age: undefined };
}

interface SaveOptions {
  submissionKey: string | undefined;
  userId: string | null;
  leadInbox: string;
  site: Services["config"]["site"];
}

const insertEnquiry = leadInserter(personalEnquiries);

/** One row per submission key, written with its notification job in one statement (see saveQuote). */
export async function saveEnquiry(db: Database, enquiry: Enquiry, options: SaveOptions) {
  const saved = { id: randomUUID(), createdAt: new Date(), enquiry, figures: enquiryIndicativeFigures(enquiry) };
  const row = {
    id: saved.id,
    createdAt: saved.createdAt,
    updatedAt: saved.createdAt,
    submissionKey: options.submissionKey ?? null,
    userId: options.userId,
    loanType: enquiry.loanType,
    loanAmount: enquiry.loanAmount,
    homeownerStatus: enquiry.homeownerStatus,
    loanPurpose: enquiry.loanPurpose,
    monthlyIncome: enquiry.monthlyIncome,
    employmentStatus: enquiry.employmentStatus,
    creditHistory: enquiry.creditHistory,
    propertyValue: enquiry.propertyValue ?? null,
    mortgageBalance: enquiry.mortgageBalance ?? null,
    age: enquiry.age ?? null,
    firstName: enquiry.firstName,
    lastName: enquiry.lastName,
    email: enquiry.email,
    phone: enquiry.phone,
    landingPageUrl: enquiry.landingPageUrl || null,
  } satisfies typeof personalEnquiries.$inferInsert;
  const mail = [
    {
      dedupeKey: `enquiry-notify:${saved.id}`,
      message: enquiryNotificationEmail(options.site, options.leadInbox, saved),
    },
    { dedupeKey: `enquiry-confirm:${saved.id}`, message: enquiryConfirmationEmail(options.site, saved) },
  ];

  if (await insertEnquiry(db, { row, mail })) return { id: saved.id, created: true };
  const [existing] = await db
    .select({ id: personalEnquiries.id })
    .from(personalEnquiries)
    .where(eq(personalEnquiries.submissionKey, options.submissionKey ?? ""));
  if (!existing) throw new Error("a conflicting enquiry vanished");
  return { id: existing.id, created: false };
}
