import { eq, inArray, type SQL, sql } from "drizzle-orm";
import type { NextActionKind } from "../../../app/domain/callback-choice";
import { isLeadId, LEAD_KINDS, type LeadKind, type LeadStatus } from "../../../app/domain/leads";
import { phoneDigitForms } from "../../../app/domain/phone";
import type { Database } from "../../platform/db/client";
import { rowsOf } from "../../platform/db/rows";
import { complaints, contactMessages, personalEnquiries, profiles, quotes, users } from "../../platform/db/schema";

// One person, not five rows (issue 29, decision 201): every quote, quick-check enquiry,
// contact message and borrower account that shares an email address (any case) or a
// phone number (its digits, +44 and 0 forms equal) with a lead. Each lead table is read
// through the indexes the inbox's search already has (lower(email), the phone's digits),
// as equality, so the cost is that of the matches, not of the table.

/** How a person is found: an email address and a phone number. */
export interface PersonKey {
  email: string;
  phone: string | null;
}

export interface PersonLead {
  kind: LeadKind;
  id: string;
  receivedAt: Date;
  name: string;
  email: string;
  phone: string;
  status: LeadStatus;
  loanAmount: number | null;
  /** What it shares with the person: their email, their phone, or both. */
  byEmail: boolean;
  byPhone: boolean;
  /** The lead's one next action and when; the hour the borrower chose to be called, if they chose one. */
  nextAction: { kind: NextActionKind; at: Date } | null;
  callbackAt: Date | null;
}

export interface PersonAccount {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  confirmed: boolean;
  createdAt: Date;
  byEmail: boolean;
  byPhone: boolean;
}

/** A page's worth: a person with more leads than this is a list for the inbox's search. */
export const PERSON_LIMIT = 200;

const SOURCES: Record<LeadKind, { table: SQL; name: SQL; loanAmount: SQL; callbackAt: SQL }> = {
  quote: {
    table: sql`${quotes}`,
    name: sql`${quotes.firstName} || ' ' || ${quotes.lastName}`,
    loanAmount: sql`${quotes.loanAmount}`,
    callbackAt: sql`${quotes.callbackAt}`,
  },
  "personal-enquiry": {
    table: sql`${personalEnquiries}`,
    name: sql`${personalEnquiries.firstName} || ' ' || ${personalEnquiries.lastName}`,
    loanAmount: sql`${personalEnquiries.loanAmount}`,
    callbackAt: sql`${personalEnquiries.callbackAt}`,
  },
  contact: {
    table: sql`${contactMessages}`,
    name: sql`${contactMessages.name}`,
    loanAmount: sql`null::int`,
    callbackAt: sql`null::timestamptz`,
  },
};

/** The key's email (lowered) and phone forms; the SQL of "matches by phone" for one phone column. */
function matchers(key: PersonKey) {
  const email = key.email.trim().toLowerCase();
  const phones = key.phone ? phoneDigitForms(key.phone) : [];
  const byPhone = (column: SQL) =>
    phones.length === 0
      ? sql`false`
      : sql`regexp_replace(${column}, '[^0-9]', '', 'g') in (${sql.join(
          phones.map((p) => sql`${p}`),
          sql`, `,
        )})`;
  return { email, byPhone };
}

/** Every lead of every kind sharing the key's email or phone, newest first. */
export async function personLeads(db: Database, key: PersonKey): Promise<PersonLead[]> {
  const { email, byPhone } = matchers(key);
  // Each branch is its own statement shape per table: lower(email) = … or digits in (…),
  // which the planner answers from the two expression indexes (a BitmapOr).
  const branches = LEAD_KINDS.map((kind) => {
    const s = SOURCES[kind];
    const phone = byPhone(sql`phone`);
    return sql`(select ${kind}::text as kind, id::text as id, created_at, ${s.name} as name, email, phone, status,
        ${s.loanAmount} as loan_amount, lower(email) = ${email} as by_email, ${phone} as by_phone,
        next_action_kind, next_action_at, ${s.callbackAt} as callback_at
      from ${s.table}
      where lower(email) = ${email} or ${phone}
      order by created_at desc limit ${PERSON_LIMIT})`;
  });
  const rows = await rowsOf<{
    kind: LeadKind;
    id: string;
    created_at: string | Date;
    name: string;
    email: string;
    phone: string;
    status: LeadStatus;
    loan_amount: number | string | null;
    by_email: boolean;
    by_phone: boolean;
    next_action_kind: NextActionKind | null;
    next_action_at: string | Date | null;
    callback_at: string | Date | null;
  }>(
    db,
    sql`select * from (${sql.join(branches, sql` union all `)}) as person order by created_at desc, id desc limit ${PERSON_LIMIT}`,
  );
  return rows.map((r) => ({
    kind: r.kind,
    id: r.id,
    receivedAt: new Date(r.created_at),
    name: r.name,
    email: r.email,
    phone: r.phone,
    status: r.status,
    loanAmount: r.loan_amount === null ? null : Number(r.loan_amount),
    byEmail: r.by_email,
    byPhone: r.by_phone,
    nextAction:
      r.next_action_kind && r.next_action_at ? { kind: r.next_action_kind, at: new Date(r.next_action_at) } : null,
    callbackAt: r.callback_at === null ? null : new Date(r.callback_at),
  }));
}

/**
 * Borrower accounts with the key's email (better-auth stores addresses lowered, so the
 * unique index on `users.email` answers) or a profile phone in one of its forms. The
 * profiles have no index on their phone's digits: they are read whole (decision 201).
 */
export async function personAccounts(db: Database, key: PersonKey): Promise<PersonAccount[]> {
  const { email, byPhone } = matchers(key);
  const phone = byPhone(sql`${profiles.phone}`);
  const [byEmailRows, byPhoneIds] = await Promise.all([
    db.select({ id: users.id }).from(users).where(eq(users.email, email)),
    key.phone ? db.select({ id: profiles.userId }).from(profiles).where(phone).limit(PERSON_LIMIT) : [],
  ]);
  const ids = [...new Set([...byEmailRows, ...byPhoneIds].map((r) => r.id))];
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      confirmed: users.emailVerified,
      createdAt: users.createdAt,
      phone: profiles.phone,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(inArray(users.id, ids));
  const forms = new Set(key.phone ? phoneDigitForms(key.phone) : []);
  return rows
    .map((r) => ({
      ...r,
      byEmail: r.email.toLowerCase() === email,
      byPhone: r.phone !== null && forms.has(r.phone.replace(/\D/g, "")),
    }))
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
}

/** Where a person page starts from: a lead, an account, or a complaint (which may have come by post, with no lead). */
export type PersonFrom = LeadKind | "account" | "complaint";

/** The key of the person behind one lead, account or complaint; null when there is no such record, or it names no way to find them. */
export async function personKeyOf(db: Database, kind: PersonFrom, id: string): Promise<PersonKey | null> {
  if (kind === "complaint") {
    if (!isLeadId(id)) return null;
    const [row] = await db
      .select({ email: complaints.email, phone: complaints.phone })
      .from(complaints)
      .where(eq(complaints.id, id));
    if (!row || (!row.email && !row.phone)) return null;
    return { email: row.email ?? "", phone: row.phone };
  }
  if (kind === "account") {
    // No account's id holds a NUL, and PostgreSQL refuses one in a query: nobody, not a 500.
    if (id.includes("\u0000")) return null;
    const [row] = await db
      .select({ email: users.email, phone: profiles.phone })
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(eq(users.id, id));
    return row ?? null;
  }
  if (!isLeadId(id)) return null;
  const table = { quote: quotes, "personal-enquiry": personalEnquiries, contact: contactMessages }[kind];
  const [row] = await db.select({ email: table.email, phone: table.phone }).from(table).where(eq(table.id, id));
  return row ?? null;
}

/** A lead as a correction request names it: which, whose, when. */
export interface LeadOfAddress {
  kind: LeadKind;
  id: string;
  name: string;
  receivedAt: Date;
}

/** How many leads are named beside one request: the newest; the person page has them all. */
export const LEADS_PER_ADDRESS = 3;

/**
 * The newest leads of each address (by lower(email), each table's own index), for the
 * correction requests on the data requests page to link to the lead they are about
 * (decision 410). Keyed by the address lowered.
 */
export async function leadsOfAddresses(db: Database, addresses: readonly string[]): Promise<Map<string, LeadOfAddress[]>> {
  const emails = [...new Set(addresses.map((a) => a.trim().toLowerCase()).filter(Boolean))];
  const found = new Map<string, LeadOfAddress[]>();
  if (emails.length === 0) return found;
  const list = sql.join(
    emails.map((e) => sql`${e}`),
    sql`, `,
  );
  const branches = LEAD_KINDS.map((kind) => {
    const s = SOURCES[kind];
    return sql`(select ${kind}::text as kind, id::text as id, ${s.name} as name, created_at, lower(email) as address
      from ${s.table} where lower(email) in (${list}))`;
  });
  const rows = await rowsOf<{ kind: LeadKind; id: string; name: string; created_at: string | Date; address: string }>(
    db,
    sql`select kind, id, name, created_at, address from (
      select *, row_number() over (partition by address order by created_at desc, id desc) as nth
      from (${sql.join(branches, sql` union all `)}) as leads
    ) as numbered where nth <= ${LEADS_PER_ADDRESS} order by created_at desc, id desc`,
  );
  for (const r of rows) {
    const had = found.get(r.address) ?? [];
    had.push({ kind: r.kind, id: r.id, name: r.name, receivedAt: new Date(r.created_at) });
    found.set(r.address, had);
  }
  return found;
}
