import { createHmac } from "node:crypto";
import { asc, eq, inArray, or, sql } from "drizzle-orm";
import type { Database } from "../platform/db/client";
import {
  complaintLetters,
  complaints,
  contactMessages,
  dataRequests,
  jobs,
  leadEvents,
  leadNeeds,
  personalEnquiries,
  profiles,
  quotes,
  sessions,
  users,
} from "../platform/db/schema";
import { deleteLeadsWithTraces } from "./retention";
import { forgetCampaignValues } from "../leads/funnel";
import { leadEmailKeys } from "../leads/lead-email-keys";
import { deleteMailFiles, jobMessageId } from "../platform/mail";
import { fileDownload } from "../platform/csv.server";

// Data subject requests (UK GDPR articles 15 and 17, issue 11): everything held about
// a person, found by their email address (and, for a signed-in borrower, by their
// account too), as one JSON document; and all of it erased. Staff answer them from the
// console; a borrower can do both for themselves from /account.

/** Who the request is about: an email address, and the account if the request comes through it. */
export interface DataSubject {
  email: string;
  /** A signed-in borrower: leads made while signed in are theirs whatever email they carry. */
  userId?: string;
  /**
   * Whether leads carrying the email address are the subject's. False for an account
   * whose address is not confirmed: anyone could have typed it (server/borrowers/accounts.server.ts, ownedBy).
   */
  byEmail?: boolean;
}

const lower = (email: string) => email.trim().toLowerCase();

async function subjectAccount(db: Database, subject: DataSubject) {
  const [account] = await db
    .select()
    .from(users)
    .where(subject.userId ? eq(users.id, subject.userId) : eq(sql`lower(${users.email})`, lower(subject.email)));
  return account ?? null;
}

/** The leads of each table that belong to the subject: by email, or made from their account. */
async function subjectLeads(db: Database, subject: DataSubject, userId: string | null) {
  const email = lower(subject.email);
  const mine = subject.byEmail ?? true;
  const byQuote = or(
    mine ? eq(sql`lower(${quotes.email})`, email) : sql`false`,
    userId ? eq(quotes.userId, userId) : sql`false`,
  );
  const byEnquiry = or(
    mine ? eq(sql`lower(${personalEnquiries.email})`, email) : sql`false`,
    userId ? eq(personalEnquiries.userId, userId) : sql`false`,
  );
  const [quoteRows, enquiryRows, contactRows] = await Promise.all([
    db.select().from(quotes).where(byQuote),
    db.select().from(personalEnquiries).where(byEnquiry),
    mine
      ? db
          .select()
          .from(contactMessages)
          .where(eq(sql`lower(${contactMessages.email})`, email))
      : [],
  ]);
  return { quotes: quoteRows, personalEnquiries: enquiryRows, contactMessages: contactRows };
}

/**
 * The subject's complaints with the letters sent about them. An erasure keeps them until
 * three years after they close (DISP 1.9.1R; UK GDPR art. 17(3)(b) and (e)); the access
 * request includes them, and both say so.
 */
async function subjectComplaints(db: Database, subject: DataSubject) {
  if (subject.byEmail === false) return [];
  const rows = await db
    .select()
    .from(complaints)
    .where(eq(sql`lower(${complaints.email})`, lower(subject.email)));
  if (rows.length === 0) return [];
  const letters = await db
    .select()
    .from(complaintLetters)
    .where(
      inArray(
        complaintLetters.complaintId,
        rows.map((row) => row.id),
      ),
    );
  return rows.map((row) => ({
    receivedAt: row.receivedAt,
    name: row.name,
    email: row.email,
    phone: row.phone,
    words: row.words,
    wanted: row.wanted,
    closedAt: row.closedAt,
    outcome: row.outcome,
    keptUntil: row.keepUntil,
    letters: letters
      .filter((letter) => letter.complaintId === row.id)
      .map((letter) => ({ sentAt: letter.sentAt, subject: letter.subject, body: letter.body })),
  }));
}

/** A person's correction requests, for their access request's document. */
export async function dataRequestsOf(db: Database, userId: string) {
  return db
    .select({
      id: dataRequests.id,
      receivedAt: dataRequests.createdAt,
      details: dataRequests.details,
      dueBy: dataRequests.dueBy,
      answeredAt: dataRequests.answeredAt,
    })
    .from(dataRequests)
    .where(eq(dataRequests.userId, userId))
    .orderBy(asc(dataRequests.createdAt));
}

/** The outbox keys of an account's own emails (confirmation, password reset). */
const accountEmailKeys = (userId: string) =>
  sql`(${jobs.dedupeKey} like ${`verify-email:${userId}:%`} or ${jobs.dedupeKey} like ${`reset-password:${userId}:%`})`;

/**
 * The subject's complaints, which are kept (DISP 1.9.1R), and their letters: each letter
 * is kept exactly as sent in the record itself; the emails that carried them are not the
 * record, and go.
 */
async function keptComplaints(db: Database, subject: DataSubject) {
  const kept =
    subject.byEmail === false
      ? []
      : await db
          .select({ id: complaints.id })
          .from(complaints)
          .where(eq(sql`lower(${complaints.email})`, lower(subject.email)));
  const letterIds = kept.length
    ? (
        await db
          .select({ id: complaintLetters.id })
          .from(complaintLetters)
          .where(
            inArray(
              complaintLetters.complaintId,
              kept.map((row) => row.id),
            ),
          )
      ).map((row) => row.id)
    : [];
  return { kept, letterIds };
}

/** Everything held about the subject, as the access request's JSON document. */
export async function personalDataOf(db: Database, subject: DataSubject) {
  const account = await subjectAccount(db, subject);
  const leads = await subjectLeads(db, subject, account?.id ?? null);
  const leadIds = [...leads.quotes, ...leads.personalEnquiries, ...leads.contactMessages].map((l) => l.id);
  const { letterIds } = await keptComplaints(db, subject);
  const keys = [
    ...leads.quotes.flatMap((l) => leadEmailKeys("quote", l.id)),
    ...leads.personalEnquiries.flatMap((l) => leadEmailKeys("personal-enquiry", l.id)),
    ...leads.contactMessages.flatMap((l) => leadEmailKeys("contact", l.id)),
    ...letterIds.map((id) => `complaint-letter:${id}`),
  ];
  // A borrower's own download (signed in) holds the needs told on leads sent from their
  // account, never what someone else told on a lead sent with their address (DECISIONS D33).
  const needsLeadIds = subject.userId
    ? [...leads.quotes, ...leads.personalEnquiries].filter((l) => l.userId === subject.userId).map((l) => l.id)
    : leadIds;
  const [profile, sessionRows, timeline, emailRows, complaintRows, correctionRows, needsRows] = await Promise.all([
    account ? db.select().from(profiles).where(eq(profiles.userId, account.id)) : [],
    account
      ? db
          .select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt })
          .from(sessions)
          .where(eq(sessions.userId, account.id))
      : [],
    leadIds.length
      ? db
          .select({
            leadId: leadEvents.leadId,
            at: leadEvents.at,
            type: leadEvents.type,
            toStatus: leadEvents.toStatus,
            note: leadEvents.note,
          })
          .from(leadEvents)
          .where(inArray(leadEvents.leadId, leadIds))
      : [],
    db
      .select({
        kind: jobs.kind,
        payload: jobs.payload,
        status: jobs.status,
        queuedAt: jobs.createdAt,
        sentAt: jobs.completedAt,
      })
      .from(jobs)
      .where(
        or(
          keys.length ? inArray(jobs.dedupeKey, keys) : sql`false`,
          account ? accountEmailKeys(account.id) : sql`false`,
        ),
      ),
    subjectComplaints(db, subject),
    account ? dataRequestsOf(db, account.id) : [],
    needsLeadIds.length
      ? db
          .select({
            leadId: leadNeeds.leadId,
            adjustments: leadNeeds.adjustments,
            drivers: leadNeeds.drivers,
            note: leadNeeds.note,
            healthDetails: leadNeeds.healthDetails,
            healthConsentAt: leadNeeds.healthConsentAt,
            source: leadNeeds.source,
            recordedAt: leadNeeds.recordedAt,
          })
          .from(leadNeeds)
          .where(inArray(leadNeeds.leadId, needsLeadIds))
      : [],
  ]);
  return {
    about: lower(subject.email),
    account: account
      ? {
          name: account.name,
          email: account.email,
          emailConfirmed: account.emailVerified,
          createdAt: account.createdAt,
          profile: profile[0]
            ? { firstName: profile[0].firstName, lastName: profile[0].lastName, phone: profile[0].phone }
            : null,
          sessions: sessionRows,
          correctionRequests: correctionRows.map(({ id: _, ...request }) => request),
        }
      : null,
    leads,
    complaints: complaintRows,
    /** What would help when we speak to them, and what advisers recorded (DECISIONS D28). */
    needs: needsRows,
    timeline,
    emails: emailRows.map((e) => {
      const message = e.payload as { to?: string; subject?: string; text?: string };
      return {
        to: message.to,
        subject: message.subject,
        text: message.text,
        status: e.status,
        queuedAt: e.queuedAt,
        sentAt: e.sentAt,
      };
    }),
  };
}

export type PersonalData = Awaited<ReturnType<typeof personalDataOf>>;

/** How much a document holds, for the console's summary and the audit row (counts, never contents). */
export function countsOf(data: PersonalData) {
  return {
    account: data.account ? 1 : 0,
    quotes: data.leads.quotes.length,
    personalEnquiries: data.leads.personalEnquiries.length,
    contactMessages: data.leads.contactMessages.length,
    complaints: data.complaints.length,
    emails: data.emails.length,
  };
}

/**
 * Erases everything held about the subject: their leads with timelines and emails,
 * their account with its sessions, sign-in and profile, and the account's emails; the
 * local mail folder's files of those emails (`mailDir`, where emails are written without
 * SMTP); and any funnel count whose campaign carries one of their names (decision 294).
 * The audit log keeps only that a request was answered (see `subjectReference`).
 */
export async function erasePersonalData(db: Database, subject: DataSubject, { mailDir }: { mailDir?: string } = {}) {
  const account = await subjectAccount(db, subject);
  const leads = await subjectLeads(db, subject, account?.id ?? null);
  const [profile] = account ? await db.select().from(profiles).where(eq(profiles.userId, account.id)) : [];
  const names = nameWords([
    account?.name,
    profile?.firstName,
    profile?.lastName,
    ...[...leads.quotes, ...leads.personalEnquiries].flatMap((l) => [l.firstName, l.lastName]),
    ...leads.contactMessages.map((l) => l.name),
  ]);
  const { kept, letterIds } = await keptComplaints(db, subject);
  const keys = [
    ...leads.quotes.flatMap((l) => leadEmailKeys("quote", l.id)),
    ...leads.personalEnquiries.flatMap((l) => leadEmailKeys("personal-enquiry", l.id)),
    ...leads.contactMessages.flatMap((l) => leadEmailKeys("contact", l.id)),
    ...letterIds.map((id) => `complaint-letter:${id}`),
  ];
  // Read before the rows go: each email's file is named by its job's id.
  const emailJobs = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      or(keys.length ? inArray(jobs.dedupeKey, keys) : sql`false`, account ? accountEmailKeys(account.id) : sql`false`),
    );
  await deleteLeadsWithTraces(
    db,
    "quote",
    leads.quotes.map((l) => l.id),
  );
  await deleteLeadsWithTraces(
    db,
    "personal-enquiry",
    leads.personalEnquiries.map((l) => l.id),
  );
  await deleteLeadsWithTraces(
    db,
    "contact",
    leads.contactMessages.map((l) => l.id),
  );
  if (letterIds.length > 0)
    await db.delete(jobs).where(
      inArray(
        jobs.dedupeKey,
        letterIds.map((id) => `complaint-letter:${id}`),
      ),
    );
  if (account) {
    await db.transaction(async (tx) => {
      await tx.delete(jobs).where(accountEmailKeys(account.id));
      await tx.delete(users).where(eq(users.id, account.id));
    });
  }
  await forgetCampaignValues(db, names);
  if (mailDir)
    await deleteMailFiles(
      mailDir,
      emailJobs.map((job) => jobMessageId(job.id)),
    );
  return {
    account: account ? 1 : 0,
    quotes: leads.quotes.length,
    personalEnquiries: leads.personalEnquiries.length,
    contactMessages: leads.contactMessages.length,
    complaintsKept: kept.length,
  };
}

/** The words of a person's names, lower-cased, as a campaign's utm value would carry them. */
export function nameWords(names: (string | null | undefined)[]): string[] {
  const words = names.flatMap((name) => (name ?? "").toLowerCase().split(/[^\p{L}\p{N}]+/u));
  return [...new Set(words.filter((word) => word.length >= 2))];
}

/**
 * What the audit log records of whom a request was about: a keyed hash of the email
 * address. It names nobody, yet the firm can show a request for a given address was
 * answered by computing the same hash.
 */
export function subjectReference(email: string, secret: string) {
  return createHmac("sha256", secret).update(lower(email)).digest("hex").slice(0, 16);
}

/** The access request's answer as a download: one JSON file, never cached. */
export function personalDataDownload(held: PersonalData, filePrefix: string) {
  const day = new Date().toISOString().slice(0, 10);
  return fileDownload(`${filePrefix}-${day}.json`, JSON.stringify(held, null, 2), "application/json; charset=utf-8");
}
