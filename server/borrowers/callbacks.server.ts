import { createHmac, timingSafeEqual } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { data } from "react-router";
import type { AppConfig } from "../../app/config.server";
import {
  type CallbackChoice,
  callbackFromColumns,
  callbackValue,
  describeCallback,
  nextActionFor,
  SOONEST,
} from "../../app/domain/callback-choice";
import { type CallbackOffer, callbackSlots, readCallbackChoice } from "../../app/domain/callbacks";
import { isHoneypotFilled } from "../../app/domain/honeypot";
import { isLeadId, type LeadStatus, leadReference } from "../../app/domain/leads";
import { isSameSitePost, readFormPost } from "../platform/form-post.server";
import type { ServerContext } from "../platform/services";
import type { Database } from "../platform/db/client";
import { jobs, leadEvents, personalEnquiries, quotes } from "../platform/db/schema";
import { callbackConfirmationEmail, callbackNotificationEmail } from "../emails/callback";
import { callbackEmailKeys } from "../leads/lead-email-keys";
import type { MailMessage } from "../platform/mail";
import { hit, RATE_LIMITS, scaled, TOO_MANY_REQUESTS } from "../platform/rate-limit";
import type { Services } from "../platform/services";

// When the borrower asked to be called (DECISIONS D21), stored on their lead: chosen on
// the thank-you page (by the browser that sent the lead, which holds a signed cookie
// naming it) or in their account (by its owner). Each change moves the adviser's next
// action and emails the borrower their time and the broker a note with a link to the lead.

const TABLES = { quote: quotes, "personal-enquiry": personalEnquiries };
export type CallbackLeadKind = keyof typeof TABLES;

/**
 * The thank-you page's proof that this browser sent the lead: its id and the moment the
 * proof ends, signed together with AUTH_SECRET, so a copied value stops working when its
 * Max-Age would have ended it (decision 291).
 */
export const CALLBACK_COOKIE = "callback_lead";
/** A day: long enough to come back to the thank-you page; after that, the account page or a call. */
export const CALLBACK_COOKIE_SECONDS = 24 * 60 * 60;

const signature = (secret: string, id: string, expires: number) =>
  createHmac("sha256", secret).update(`callback-lead:${id}:${expires}`).digest("base64url");

/**
 * The Set-Cookie that lets this browser choose the call-back time of the lead it just sent.
 * Path=/: the page's data requests (/thank-you.data) are outside a Path=/thank-you.
 */
export function callbackCookie(
  config: Pick<AppConfig, "authSecret" | "siteUrl">,
  leadId: string,
  now = new Date(),
): string {
  const secure = config.siteUrl.startsWith("https:") ? "; Secure" : "";
  const expires = Math.floor(now.getTime() / 1000) + CALLBACK_COOKIE_SECONDS;
  const value = `${leadId}.${expires}.${signature(config.authSecret, leadId, expires)}`;
  return `${CALLBACK_COOKIE}=${value}; Path=/; Max-Age=${CALLBACK_COOKIE_SECONDS}; HttpOnly; SameSite=Lax${secure}`;
}

/**
 * The lead this browser sent, from its signed cookie; null without one, with one not
 * ours, past its end, or of the form before the end was signed in (no end: refused).
 */
export function callbackCookieLead(request: Request, secret: string, now = new Date()): string | null {
  const cookies = request.headers.get("cookie") ?? "";
  for (const part of cookies.split(";")) {
    const [name, value] = part.trim().split("=", 2);
    if (name !== CALLBACK_COOKIE || !value) continue;
    const [id, end, signed, ...rest] = value.split(".");
    if (!id || !end || !signed || rest.length > 0 || !isLeadId(id) || !/^\d{1,12}$/.test(end)) return null;
    const expires = Number(end);
    const expected = Buffer.from(signature(secret, id, expires));
    const given = Buffer.from(signed);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return now.getTime() < expires * 1000 ? id : null;
  }
  return null;
}

export interface CallbackLead {
  kind: CallbackLeadKind;
  id: string;
  reference: string;
  status: LeadStatus;
  /** Null until the borrower has chosen. */
  choice: CallbackChoice | null;
}

/** Closed leads take no call-back: the adviser's work on them is done. */
export const isOpenForCallback = (status: LeadStatus) =>
  status === "new" || status === "contacted" || status === "in-progress";

const columnsOf = (table: (typeof TABLES)[CallbackLeadKind]) => ({
  id: table.id,
  status: table.status,
  email: table.email,
  firstName: table.firstName,
  userId: table.userId,
  callbackChoice: table.callbackChoice,
  callbackAt: table.callbackAt,
  nextActionKind: table.nextActionKind,
  nextActionAt: table.nextActionAt,
});

/** A quote or quick-check enquiry by id, with its call-back choice; null when there is none. */
export async function findCallbackLead(db: Database, id: string): Promise<CallbackLead | null> {
  if (!isLeadId(id)) return null;
  for (const kind of ["quote", "personal-enquiry"] as const) {
    const table = TABLES[kind];
    const [row] = await db.select(columnsOf(table)).from(table).where(eq(table.id, id));
    if (row) {
      return {
        kind,
        id: row.id,
        reference: leadReference(row.id),
        status: row.status,
        choice: callbackFromColumns(row.callbackChoice, row.callbackAt),
      };
    }
  }
  return null;
}

/**
 * Queues one of a lead's call-back emails under its fixed key (lead-email-keys.ts), so
 * erasure, retention and an access request find it: the newest choice's email replaces an
 * earlier one already sent or still waiting. One being sent at this very moment (pending,
 * its lease running) cannot be called back: it finishes, and the newer one goes after it
 * (decision 246). Its lease is kept, so no worker takes the newer email before the older
 * one is out; `attempts` back at 0 makes the sender's result of the older one count for
 * nothing (the outbox settles a job only for the claim that holds it), and once the lease
 * runs out the newer email is claimed and sent.
 */
async function queueLatest(db: Pick<Database, "execute">, key: string, message: MailMessage) {
  await db.execute(sql`
    insert into ${jobs} (kind, payload, dedupe_key) values ('mail', ${JSON.stringify(message)}::jsonb, ${key})
    on conflict (dedupe_key) do update set
      payload = excluded.payload, status = 'pending', attempts = 0, run_at = now(),
      locked_until = case when ${jobs.status} = 'pending' and ${jobs.lockedUntil} >= now() then ${jobs.lockedUntil} end,
      last_error = null, completed_at = null, created_at = now()`);
}

export type CallbackOutcome = "changed" | "unchanged" | "closed" | "not-found";

/**
 * Stores the borrower's choice on their lead at `now`, moves the adviser's next action to
 * it (a staff save made against the older version is then refused, so nobody overwrites
 * the new time unseen), writes it on the lead's timeline, and queues the two emails, all
 * in one transaction. Choosing what
 * is already stored changes and sends nothing.
 */
export async function chooseCallback(
  services: Pick<Services, "config" | "db" | "log" | "kickOutbox">,
  lead: { kind: CallbackLeadKind; id: string },
  choice: CallbackChoice,
  now: Date,
): Promise<CallbackOutcome> {
  const { config, db, log } = services;
  const table = TABLES[lead.kind];
  const outcome = await db.transaction(async (tx): Promise<CallbackOutcome> => {
    const [row] = await tx.select(columnsOf(table)).from(table).where(eq(table.id, lead.id)).for("update");
    if (!row) return "not-found";
    if (!isOpenForCallback(row.status)) return "closed";
    const before = callbackFromColumns(row.callbackChoice, row.callbackAt);
    const same =
      before?.kind === choice.kind &&
      (choice.kind === "soonest" || (before.kind === "slot" && before.at.getTime() === choice.at.getTime()));
    if (same) return "unchanged";
    const next = nextActionFor(choice, now, { kind: row.nextActionKind, at: row.nextActionAt });
    await tx
      .update(table)
      .set({
        callbackChoice: choice.kind,
        callbackAt: choice.kind === "slot" ? choice.at : null,
        callbackChosenAt: now,
        nextActionKind: next.kind,
        nextActionAt: next.at,
        version: sql`${table.version} + 1`,
      })
      .where(eq(table.id, lead.id));
    // The timeline keeps each choice, not only the latest: the borrower's own event (no
    // actor), the chosen time as the next action it set (decision 202).
    await tx.insert(leadEvents).values({
      at: now,
      leadKind: lead.kind,
      leadId: lead.id,
      actorId: null,
      type: "callback-chosen",
      nextActionKind: choice.kind === "slot" ? "call-back" : "call-soonest",
      nextActionAt: choice.kind === "slot" ? choice.at : null,
    });
    const [notifyKey, confirmKey] = callbackEmailKeys(lead.kind, lead.id);
    await queueLatest(
      tx,
      notifyKey,
      callbackNotificationEmail(config.site, config.mail.leadInbox, { ...lead, choice }),
    );
    await queueLatest(
      tx,
      confirmKey,
      callbackConfirmationEmail(config.site, { id: lead.id, to: row.email, firstName: row.firstName, choice }),
    );
    return "changed";
  });
  if (outcome === "changed") services.kickOutbox();
  log.info({ leadId: lead.id, kind: lead.kind, choice: choice.kind, outcome }, "call-back chosen");
  return outcome;
}

// ---------------------------------------------------------------- the form posts

/** The form's field (app/features/callbacks/callback-form.tsx). */
const FIELD = "callback";

/** A post the page cannot take: the root's error page says why, with this status (never a 5xx). */
export function refuse(status: number, reason: string): never {
  throw data({ reason }, { status });
}

export type CallbackPost =
  | { kind: "robot" }
  | { kind: "refused"; problem: string; value: string; form: FormData }
  | { kind: "chosen"; choice: CallbackChoice; form: FormData };

/**
 * Reads a call-back form's post at `now`, as the site's other forms are read: from our
 * own pages only (403), a form (415, 400), a honeypot answered as if saved, the shared
 * rate limit (429), then the choice against the slots offered now (a refusal to show
 * beside the field, 400). Whose lead it is, the page decides.
 */
export async function readCallbackPost(context: ServerContext, request: Request, now: Date): Promise<CallbackPost> {
  if (!isSameSitePost(request, context.config.siteUrl)) refuse(403, "This form can only be sent from our own pages");
  const posted = await readFormPost(request);
  if (!posted.ok)
    refuse(posted.status, posted.status === 415 ? "The form must be sent as a form" : "The form could not be read");
  return readCallbackFields(context, posted.form, now);
}

/**
 * What every small borrower form after the lead (the call-back time, what would help)
 * asks first: "robot" when the honeypot is filled (answered as if saved), a 429 thrown
 * past the call-back forms' rate limit, else null to read the fields.
 */
export async function screenBorrowerForm(
  context: Pick<ServerContext, "config" | "db" | "clientAddress">,
  form: FormData,
): Promise<"robot" | null> {
  if (isHoneypotFilled(Object.fromEntries(form))) return "robot";
  const limit = await hit(
    context.db,
    scaled(RATE_LIMITS.callback, context.config.rateLimitScale),
    context.clientAddress ?? "unknown",
  );
  if (!limit.allowed) {
    throw data(
      { reason: TOO_MANY_REQUESTS },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  return null;
}

/** The call-back fields of a form already read and checked as from our pages (the account page's). */
export async function readCallbackFields(
  context: Pick<ServerContext, "config" | "db" | "clientAddress">,
  form: FormData,
  now: Date,
): Promise<CallbackPost> {
  if ((await screenBorrowerForm(context, form)) === "robot") return { kind: "robot" };
  const value = form.get(FIELD);
  const read = readCallbackChoice(value, now, context.config.callbacks);
  if (!read.ok) return { kind: "refused", problem: read.problem, value: typeof value === "string" ? value : "", form };
  return { kind: "chosen", choice: read.choice, form };
}

/** What a closed lead's page says instead of taking a time. */
export const CALLBACK_CLOSED =
  "This enquiry is closed, so we cannot book a call for it. Please call us if you would like to talk";

/** What the thank-you page offers for lead `id` at `now`; null when it is not a lead that takes a call-back. */
export async function thankYouCallbackOffer(
  context: Pick<ServerContext, "config" | "db">,
  request: Request,
  id: string,
  now: Date,
): Promise<CallbackOffer | null> {
  const lead = await findCallbackLead(context.db, id);
  if (!lead) return null;
  const owned = callbackCookieLead(request, context.config.authSecret, now) === id;
  const open = isOpenForCallback(lead.status);
  return {
    leadId: lead.id,
    owned,
    open,
    chosen: lead.choice ? describeCallback(lead.choice) : null,
    chosenSlot: lead.choice?.kind === "slot",
    selected: lead.choice ? callbackValue(lead.choice) : SOONEST,
    days: owned && open ? callbackSlots(now, context.config.callbacks) : [],
  };
}

/** The call-back choice of each of these leads (the account page's open enquiries), by id. */
export async function callbackChoicesOf(
  db: Database,
  leads: { kind: CallbackLeadKind; id: string }[],
): Promise<Map<string, CallbackChoice | null>> {
  const choices = new Map<string, CallbackChoice | null>();
  for (const kind of ["quote", "personal-enquiry"] as const) {
    const ids = leads.filter((lead) => lead.kind === kind).map((lead) => lead.id);
    if (ids.length === 0) continue;
    const table = TABLES[kind];
    const rows = await db
      .select({ id: table.id, choice: table.callbackChoice, at: table.callbackAt })
      .from(table)
      .where(inArray(table.id, ids));
    for (const row of rows) choices.set(row.id, callbackFromColumns(row.choice, row.at));
  }
  return choices;
}
