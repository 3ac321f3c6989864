import { getTableName, type SQL, sql } from "drizzle-orm";
import { type InboxFilter, INBOX_PAGE_SIZE, searchTerm } from "../../app/domain/inbox-filter";
import {
  campaignOf,
  DUPLICATE_WINDOW_DAYS,
  HOMEOWNER_RANGE,
  isRecentDuplicate,
  LEAD_KINDS,
  type LeadKind,
  type LeadStatus,
  PERSONAL_RANGE,
  type TriageFlag,
  type TriageInput,
  triageFlags,
} from "../../app/domain/leads";
import type { Database } from "../db/client";
import { microsecondText, rowsOf } from "../db/rows";
import { contactMessages, leadCounts, personalEnquiries, quotes, staffMembers } from "../db/schema";

// The staff inbox (DECISIONS D14): the three lead tables read as one list. Each table
// is asked for its own first page (by its own indexes), and the three pages are merged,
// so a page costs the same at page 1 and page 500 (keyset, never OFFSET).

/** One lead as the inbox lists it, whatever table it came from. */
export interface InboxLead {
  kind: LeadKind;
  id: string;
  receivedAt: Date;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  loanAmount: number | null;
  loanPurpose: string | null;
  loanType: string | null;
  ltv: number | null;
  indicativeRate: number | null;
  monthlyIncome: number | null;
  status: LeadStatus;
  assigneeId: string | null;
  assigneeName: string | null;
  landingPageUrl: string | null;
  campaign: { source: string; campaign: string } | null;
  /** The answers the lead page shows beside the list's columns, for the export (stored values). */
  homeownerStatus: string | null;
  propertyValue: number | null;
  mortgageBalance: number | null;
  age: string | null;
  employmentStatus: string | null;
  creditHistory: string | null;
  /** A contact message's text; null for the forms' leads. */
  message: string | null;
  /** The borrower's call-back choice (`soonest` or `slot`, at `callbackAt`); null when none (a contact message has none). */
  callbackChoice: string | null;
  callbackAt: Date | null;
  flags: TriageFlag[];
  /** The earlier lead from the same email or phone that makes this one a duplicate, if any. */
  duplicateOf: EarlierLead | null;
}

/** A lead this one repeats: enough to name it and link to it. */
export interface EarlierLead {
  kind: LeadKind;
  id: string;
  receivedAt: Date;
}

/** How each table's columns read as the inbox's: the same names, SQL for each. */
interface LeadSource {
  kind: LeadKind;
  table: SQL;
  id: SQL;
  createdAt: SQL;
  firstName: SQL;
  lastName: SQL;
  /** The search key for names: the surname, or a contact message's one name field. */
  surname: SQL;
  fullName: SQL;
  email: SQL;
  phone: SQL;
  loanAmount: SQL;
  loanPurpose: SQL;
  loanType: SQL;
  ltv: SQL;
  indicativeRate: SQL;
  monthlyIncome: SQL;
  homeownerStatus: SQL;
  propertyValue: SQL;
  mortgageBalance: SQL;
  age: SQL;
  employmentStatus: SQL;
  creditHistory: SQL;
  message: SQL;
  callbackChoice: SQL;
  callbackAt: SQL;
  status: SQL;
  assigneeId: SQL;
  landingPageUrl: SQL;
  /** The landing page's utm_source and utm_campaign, percent-encoded as the URL has them. */
  utmSource: SQL;
  utmCampaign: SQL;
}

const q = quotes;
const e = personalEnquiries;
const c = contactMessages;

const SOURCES: Record<LeadKind, LeadSource> = {
  quote: {
    kind: "quote",
    table: sql`${q}`,
    id: sql`${q.id}`,
    createdAt: sql`${q.createdAt}`,
    firstName: sql`${q.firstName}`,
    lastName: sql`${q.lastName}`,
    surname: sql`lower(${q.lastName})`,
    fullName: sql`lower(${q.firstName} || ' ' || ${q.lastName})`,
    email: sql`${q.email}`,
    phone: sql`${q.phone}`,
    loanAmount: sql`${q.loanAmount}`,
    loanPurpose: sql`${q.loanPurpose}`,
    loanType: sql`'homeowner'`,
    ltv: sql`${q.ltvRatio}`,
    indicativeRate: sql`${q.indicativeRate}`,
    monthlyIncome: sql`${q.monthlyIncome}`,
    homeownerStatus: sql`${q.homeownerStatus}`,
    propertyValue: sql`${q.propertyValue}`,
    mortgageBalance: sql`${q.mortgageBalance}`,
    age: sql`${q.age}`,
    employmentStatus: sql`${q.employmentStatus}`,
    creditHistory: sql`${q.creditHistory}`,
    message: sql`null::text`,
    callbackChoice: sql`${q.callbackChoice}`,
    callbackAt: sql`${q.callbackAt}`,
    status: sql`${q.status}`,
    assigneeId: sql`${q.assigneeId}`,
    landingPageUrl: sql`${q.landingPageUrl}`,
    utmSource: sql`${q.utmSource}`,
    utmCampaign: sql`${q.utmCampaign}`,
  },
  "personal-enquiry": {
    kind: "personal-enquiry",
    table: sql`${e}`,
    id: sql`${e.id}`,
    createdAt: sql`${e.createdAt}`,
    firstName: sql`${e.firstName}`,
    lastName: sql`${e.lastName}`,
    surname: sql`lower(${e.lastName})`,
    fullName: sql`lower(${e.firstName} || ' ' || ${e.lastName})`,
    email: sql`${e.email}`,
    phone: sql`${e.phone}`,
    loanAmount: sql`${e.loanAmount}`,
    loanPurpose: sql`${e.loanPurpose}`,
    loanType: sql`${e.loanType}`,
    // The same formula as the domain's loanToValue, for the list's filter and sort.
    ltv: sql`case when ${e.propertyValue} > 0 then round(((${e.loanAmount} + case when ${e.homeownerStatus} = 'outright' then 0 else coalesce(${e.mortgageBalance}, 0) end) * 100.0 / ${e.propertyValue})::numeric, 2)::float8 end`,
    indicativeRate: sql`null::float8`,
    monthlyIncome: sql`${e.monthlyIncome}`,
    homeownerStatus: sql`${e.homeownerStatus}`,
    propertyValue: sql`${e.propertyValue}`,
    mortgageBalance: sql`${e.mortgageBalance}`,
    age: sql`${e.age}`,
    employmentStatus: sql`${e.employmentStatus}`,
    creditHistory: sql`${e.creditHistory}`,
    message: sql`null::text`,
    callbackChoice: sql`${e.callbackChoice}`,
    callbackAt: sql`${e.callbackAt}`,
    status: sql`${e.status}`,
    assigneeId: sql`${e.assigneeId}`,
    landingPageUrl: sql`${e.landingPageUrl}`,
    utmSource: sql`${e.utmSource}`,
    utmCampaign: sql`${e.utmCampaign}`,
  },
  contact: {
    kind: "contact",
    table: sql`${c}`,
    id: sql`${c.id}`,
    createdAt: sql`${c.createdAt}`,
    firstName: sql`${c.name}`,
    lastName: sql`''`,
    surname: sql`lower(${c.name})`,
    fullName: sql`lower(${c.name})`,
    email: sql`${c.email}`,
    phone: sql`${c.phone}`,
    loanAmount: sql`null::int`,
    loanPurpose: sql`${c.subject}`,
    loanType: sql`null::text`,
    ltv: sql`null::float8`,
    indicativeRate: sql`null::float8`,
    monthlyIncome: sql`null::int`,
    homeownerStatus: sql`null::text`,
    propertyValue: sql`null::int`,
    mortgageBalance: sql`null::int`,
    age: sql`null::text`,
    employmentStatus: sql`null::text`,
    creditHistory: sql`null::text`,
    message: sql`${c.message}`,
    callbackChoice: sql`null::text`,
    callbackAt: sql`null::timestamptz`,
    status: sql`${c.status}`,
    assigneeId: sql`${c.assigneeId}`,
    landingPageUrl: sql`null::text`,
    utmSource: sql`null::text`,
    utmCampaign: sql`null::text`,
  },
};

/** The sort key of a row, as `inbox-filter` cursors carry it. */
const sortKey = (source: LeadSource, sort: InboxFilter["sort"]) =>
  sort === "amount" ? sql`coalesce(${source.loanAmount}, -1)` : source.createdAt;

/** The sort key as the page cursor carries it: to the microsecond, which a JS Date cannot hold. */
const cursorKey = (source: LeadSource, sort: InboxFilter["sort"]) =>
  sort === "amount" ? sql`coalesce(${source.loanAmount}, -1)::text` : microsecondText(source.createdAt);

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (m) => `\\${m}`);

/** The filter as conditions on one table; `withStatus: false` for the per-status counts. */
function conditions(source: LeadSource, filter: InboxFilter, viewerId: string, { withStatus = true } = {}): SQL[] {
  const where: SQL[] = [];
  if (withStatus && filter.statuses.length > 0) {
    where.push(
      sql`${source.status} in (${sql.join(
        filter.statuses.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
  }
  if (filter.from)
    where.push(sql`${source.createdAt} >= (${filter.from}::date)::timestamp at time zone 'Europe/London'`);
  if (filter.to) {
    where.push(sql`${source.createdAt} < (${filter.to}::date + 1)::timestamp at time zone 'Europe/London'`);
  }
  if (filter.assignee === "unassigned") where.push(sql`${source.assigneeId} is null`);
  else if (filter.assignee === "mine") where.push(sql`${source.assigneeId} = ${viewerId}`);
  else if (filter.assignee) where.push(sql`${source.assigneeId} = ${filter.assignee.id}`);
  if (filter.campaign) {
    // utm_source or utm_campaign equal to the value, as the URL carries it (a space may be + or %20).
    const encoded = encodeURIComponent(filter.campaign);
    const values = [...new Set([encoded, encoded.replaceAll("%20", "+")])].map((v) => sql`${v}`);
    where.push(
      sql`(${source.utmSource} in (${sql.join(values, sql`, `)}) or ${source.utmCampaign} in (${sql.join(values, sql`, `)}))`,
    );
  }
  if (filter.minAmount !== undefined) where.push(sql`${source.loanAmount} >= ${filter.minAmount}`);
  if (filter.maxAmount !== undefined) where.push(sql`${source.loanAmount} <= ${filter.maxAmount}`);
  if (filter.flag) where.push(flagCondition(source, filter.flag));
  if (filter.q) where.push(searchCondition(source, filter.q));
  return where;
}

/** The domain's triage rules (app/domain/leads.ts) as SQL, so a flag can filter the list. */
function flagCondition(source: LeadSource, flag: TriageFlag): SQL {
  switch (flag) {
    case "no-rate":
      return source.kind === "quote" ? sql`${source.indicativeRate} is null` : sql`false`;
    case "ltv-over-100":
      return sql`${source.ltv} > 100`;
    case "no-income":
      return source.kind === "contact" ? sql`false` : sql`coalesce(${source.monthlyIncome}, 0) = 0`;
    case "amount-outside-range": {
      if (source.kind === "contact") return sql`false`;
      const personal = sql`(${source.loanType} = 'personal' and (${source.loanAmount} < ${PERSONAL_RANGE.min} or ${source.loanAmount} > ${PERSONAL_RANGE.max}))`;
      const secured = sql`(${source.loanType} is distinct from 'personal' and (${source.loanAmount} < ${HOMEOWNER_RANGE.min} or ${source.loanAmount} > ${HOMEOWNER_RANGE.max}))`;
      return sql`(${personal} or ${secured})`;
    }
    case "duplicate": {
      // Every lead table has email, phone and created_at: "earlier" is any of them.
      const earlier = [quotes, personalEnquiries, contactMessages].map(
        (table) => sql`exists (select 1 from ${sql.identifier(getTableName(table))} as earlier
          where (lower(earlier.email) = lower(${source.email})
            or regexp_replace(earlier.phone, '[^0-9]', '', 'g') = regexp_replace(${source.phone}, '[^0-9]', '', 'g'))
          and earlier.created_at < ${source.createdAt}
          and earlier.created_at >= ${source.createdAt} - make_interval(days => ${DUPLICATE_WINDOW_DAYS}))`,
      );
      return sql`(${sql.join(earlier, sql` or `)})`;
    }
  }
}

/** The reference is the id's first 8 characters: a range on the primary key. */
function referenceIs(source: LeadSource, prefix: string): SQL {
  const low = `${prefix}-0000-0000-0000-000000000000`;
  const high = `${prefix}-ffff-ffff-ffff-ffffffffffff`;
  return sql`${source.id} between ${low}::uuid and ${high}::uuid`;
}

function searchCondition(source: LeadSource, q: string): SQL {
  const term = searchTerm(q);
  switch (term.by) {
    case "email":
      return sql`lower(${source.email}) like ${`${escapeLike(term.value)}%`}`;
    case "phone": {
      const digits = sql`regexp_replace(${source.phone}, '[^0-9]', '', 'g')`;
      const international = term.digits.startsWith("0") ? `44${term.digits.slice(1)}` : term.digits;
      const phone = sql`${digits} like ${`${term.digits}%`} or ${digits} like ${`${international}%`}`;
      return term.reference ? sql`(${phone} or ${referenceIs(source, term.reference)})` : sql`(${phone})`;
    }
    case "reference":
      return referenceIs(source, term.prefix);
    case "name": {
      const pattern = `${escapeLike(term.value)}%`;
      // A contact message has one name field: a word anywhere in it may be the surname.
      if (source.kind === "contact") {
        const name = sql`(${source.surname} like ${pattern} or ${source.surname} like ${`% ${pattern}`})`;
        return term.reference ? sql`(${name} or ${referenceIs(source, term.reference)})` : name;
      }
      const name = term.value.includes(" ")
        ? sql`${source.fullName} like ${pattern}`
        : sql`(${source.surname} like ${pattern} or lower(${source.firstName}) = ${term.value})`;
      // Eight hex letters ("ABCDEFAB") may be a reference as well as a name.
      return term.reference ? sql`(${name} or ${referenceIs(source, term.reference)})` : name;
    }
  }
}

function selectRows(source: LeadSource, filter: InboxFilter, viewerId: string, limit: number): SQL {
  const where = conditions(source, filter, viewerId);
  const key = sortKey(source, filter.sort);
  if (filter.after) {
    const afterKey =
      filter.sort === "amount" ? sql`${Number(filter.after.key)}::int` : sql`${filter.after.key}::timestamptz`;
    where.push(sql`(${key}, ${source.id}) < (${afterKey}, ${filter.after.id}::uuid)`);
  }
  return sql`(select ${source.kind}::text as kind, ${source.id} as id, ${source.createdAt} as received_at,
      ${source.firstName} as first_name, ${source.lastName} as last_name, ${source.email} as email, ${source.phone} as phone,
      ${source.loanAmount} as loan_amount, ${source.loanPurpose} as loan_purpose, ${source.loanType} as loan_type,
      ${source.ltv} as ltv, ${source.indicativeRate} as indicative_rate, ${source.monthlyIncome} as monthly_income,
      ${source.homeownerStatus} as homeowner_status, ${source.propertyValue} as property_value,
      ${source.mortgageBalance} as mortgage_balance, ${source.age} as age, ${source.employmentStatus} as employment_status,
      ${source.creditHistory} as credit_history, ${source.message} as message,
      ${source.callbackChoice} as callback_choice, ${source.callbackAt} as callback_at,
      ${source.status} as status, ${source.assigneeId} as assignee_id, ${source.landingPageUrl} as landing_page_url,
      ${key} as sort_key, ${cursorKey(source, filter.sort)} as cursor_key
    from ${source.table}
    ${where.length > 0 ? sql`where ${sql.join(where, sql` and `)}` : sql``}
    order by ${key} desc, ${source.id} desc
    limit ${limit})`;
}

const sourcesFor = (filter: InboxFilter) => (filter.kind ? [SOURCES[filter.kind]] : LEAD_KINDS.map((k) => SOURCES[k]));

interface RawRow {
  kind: LeadKind;
  id: string;
  received_at: string | Date;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  loan_amount: number | null;
  loan_purpose: string | null;
  loan_type: string | null;
  ltv: number | null;
  indicative_rate: number | null;
  monthly_income: number | null;
  homeowner_status: string | null;
  property_value: number | null;
  mortgage_balance: number | null;
  age: string | null;
  employment_status: string | null;
  credit_history: string | null;
  message: string | null;
  callback_choice: string | null;
  callback_at: string | Date | null;
  status: LeadStatus;
  assignee_id: string | null;
  assignee_name: string | null;
  landing_page_url: string | null;
  cursor_key: string;
}

export interface InboxPage {
  leads: InboxLead[];
  /** The cursor of the next page, or null on the last. */
  next: { key: string; id: string } | null;
}

/** One page of the inbox, newest (or largest) first. */
export async function inboxPage(
  db: Database,
  filter: InboxFilter,
  viewerId: string,
  limit = INBOX_PAGE_SIZE,
): Promise<InboxPage> {
  const branches = sourcesFor(filter).map((source) => selectRows(source, filter, viewerId, limit + 1));
  const rows = await rowsOf<RawRow>(
    db,
    sql`
    select leads.*, ${staffMembers.name} as assignee_name
    from (${sql.join(branches, sql` union all `)}) as leads
    left join ${staffMembers} on ${staffMembers.id} = leads.assignee_id
    order by leads.sort_key desc, leads.id desc
    limit ${limit + 1}`,
  );
  const page = rows.slice(0, limit);
  const leads = await withFlags(db, page.map(toLead));
  const last = page.at(-1);
  return {
    leads,
    next: rows.length > limit && last ? { key: last.cursor_key, id: last.id } : null,
  };
}

/** Every lead the filter selects, in pages, for the CSV export: memory stays one page deep. */
export async function* allInboxLeads(db: Database, filter: InboxFilter, viewerId: string, pageSize = 500) {
  let after = filter.after;
  for (;;) {
    const page = await inboxPage(db, { ...filter, after }, viewerId, pageSize);
    yield page.leads;
    if (!page.next) return;
    after = page.next;
  }
}

/** How many leads of each status the filter (ignoring its status part) selects. */
export async function statusCounts(db: Database, filter: InboxFilter, viewerId: string) {
  const rows = await rowsOf<{ status: LeadStatus; n: number | string }>(
    db,
    countsByKindAndAssignee(filter) ? countsFromSummary(filter, viewerId) : countsByScan(filter, viewerId),
  );
  const counts: Partial<Record<LeadStatus, number>> = {};
  for (const row of rows) {
    const n = Number(row.n);
    if (n > 0) counts[row.status] = n;
  }
  return counts;
}

/** A filter by nothing but kind, assignee and status: the counts table answers it. */
const countsByKindAndAssignee = (filter: InboxFilter) =>
  !filter.from &&
  !filter.to &&
  !filter.campaign &&
  filter.minAmount === undefined &&
  filter.maxAmount === undefined &&
  !filter.flag &&
  !filter.q;

/** The per-status counts from `lead_counts`, which triggers keep (drizzle/0002). */
function countsFromSummary(filter: InboxFilter, viewerId: string): SQL {
  const where: SQL[] = [];
  if (filter.kind) where.push(sql`${leadCounts.kind} = ${filter.kind}`);
  if (filter.assignee === "unassigned") where.push(sql`${leadCounts.assigneeId} = ''`);
  else if (filter.assignee === "mine") where.push(sql`${leadCounts.assigneeId} = ${viewerId}`);
  else if (filter.assignee) where.push(sql`${leadCounts.assigneeId} = ${filter.assignee.id}`);
  return sql`select ${leadCounts.status} as status, sum(${leadCounts.n})::int as n from ${leadCounts}
    ${where.length > 0 ? sql`where ${sql.join(where, sql` and `)}` : sql``} group by 1`;
}

/** The per-status counts by counting the leads the filter selects. */
function countsByScan(filter: InboxFilter, viewerId: string): SQL {
  const branches = sourcesFor(filter).map((source) => {
    const where = conditions(source, filter, viewerId, { withStatus: false });
    return sql`(select ${source.status} as status, count(*)::int as n from ${source.table}
      ${where.length > 0 ? sql`where ${sql.join(where, sql` and `)}` : sql``} group by 1)`;
  });
  return sql`select status, sum(n)::int as n from (${sql.join(branches, sql` union all `)}) as counts group by status`;
}

function toLead(row: RawRow): InboxLead {
  return {
    kind: row.kind,
    id: row.id,
    receivedAt: new Date(row.received_at),
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    loanAmount: row.loan_amount === null ? null : Number(row.loan_amount),
    loanPurpose: row.loan_purpose,
    loanType: row.loan_type,
    ltv: row.ltv === null ? null : Number(row.ltv),
    indicativeRate: row.indicative_rate === null ? null : Number(row.indicative_rate),
    monthlyIncome: row.monthly_income === null ? null : Number(row.monthly_income),
    homeownerStatus: row.homeowner_status,
    propertyValue: row.property_value === null ? null : Number(row.property_value),
    mortgageBalance: row.mortgage_balance === null ? null : Number(row.mortgage_balance),
    age: row.age,
    employmentStatus: row.employment_status,
    creditHistory: row.credit_history,
    message: row.message,
    callbackChoice: row.callback_choice,
    callbackAt: row.callback_at === null ? null : new Date(row.callback_at),
    status: row.status,
    assigneeId: row.assignee_id,
    assigneeName: row.assignee_name,
    landingPageUrl: row.landing_page_url,
    campaign: campaignOf(row.landing_page_url),
    flags: [],
    duplicateOf: null,
  };
}

/** What the triage rules need of a lead, and how to find its earlier leads. */
export type FlaggableLead = Omit<TriageInput, "previousLeadAt"> & { id: string; email: string; phone: string };

/**
 * The domain's triage flags for a page of leads. The duplicate flag needs each
 * lead's previous lead from the same email or phone: one query for the whole page.
 * That lead is named (`duplicateOf`), so the flag can say which lead it repeats.
 */
export async function withFlags<L extends FlaggableLead>(
  db: Database,
  leads: L[],
): Promise<(L & { flags: TriageFlag[]; duplicateOf: EarlierLead | null })[]> {
  if (leads.length === 0) return [];
  const emails = [...new Set(leads.map((l) => l.email.toLowerCase()))];
  const phones = [...new Set(leads.map((l) => digitsOf(l.phone)))];
  const earliest = new Date(Math.min(...leads.map((l) => l.receivedAt.getTime())) - DUPLICATE_WINDOW_DAYS * 86_400_000);
  const branches = LEAD_KINDS.map((kind) => {
    const s = SOURCES[kind];
    return sql`(select ${kind}::text as kind, ${s.id}::text as id, lower(${s.email}) as email,
        regexp_replace(${s.phone}, '[^0-9]', '', 'g') as phone, ${s.createdAt} as at
      from ${s.table}
      where (lower(${s.email}) in (${sql.join(
        emails.map((x) => sql`${x}`),
        sql`, `,
      )}) or regexp_replace(${s.phone}, '[^0-9]', '', 'g') in (${sql.join(
        phones.map((x) => sql`${x}`),
        sql`, `,
      )})) and ${s.createdAt} >= ${earliest.toISOString()}::timestamptz)`;
  });
  const found = await rowsOf<{ kind: LeadKind; id: string; email: string; phone: string; at: string | Date }>(
    db,
    sql`${sql.join(branches, sql` union all `)}`,
  );
  const others = found.map((r) => ({ kind: r.kind, id: r.id, email: r.email, phone: r.phone, at: new Date(r.at) }));
  return leads.map((lead) => {
    const email = lead.email.toLowerCase();
    const phone = digitsOf(lead.phone);
    const previous = others
      .filter((o) => (o.email === email || o.phone === phone) && isRecentDuplicate(o.at, lead.receivedAt))
      .reduce<(typeof others)[number] | null>((latest, o) => (!latest || o.at > latest.at ? o : latest), null);
    return {
      ...lead,
      flags: triageFlags({ ...lead, previousLeadAt: previous?.at ?? null }),
      duplicateOf: previous ? { kind: previous.kind, id: previous.id, receivedAt: previous.at } : null,
    };
  });
}

const digitsOf = (phone: string) => phone.replace(/\D/g, "");
