import { getTableName, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { boundedCounts, INBOX_COUNT_BOUND, type InboxCounts } from "../../../app/domain/inbox-counts";
import { type InboxFilter, INBOX_PAGE_SIZE, parseInboxFilter, searchTerm } from "../../../app/domain/inbox-filter";
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
} from "../../../app/domain/leads";
import type { Database } from "../../platform/db/client";
import { microsecondText, rowsOf } from "../../platform/db/rows";
import { contactMessages, leadCounts, personalEnquiries, quotes, staffMembers } from "../../platform/db/schema";

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
  /** The lead's version as read: a change from the list is made against it. */
  version: number;
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
  /** The name sort's key (decision 421): "surname first", or a contact message's one name field; indexed. */
  sortName: SQL;
  fullName: SQL;
  email: SQL;
  phone: SQL;
  loanAmount: SQL;
  /**
   * The amount sort's key: the loan amount itself (never null, and indexed with the id, so a
   * million leads sort by it as fast as by date), or -1 for a contact message, which asks none.
   */
  amountKey: SQL;
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
    sortName: sql`lower(${q.lastName} || ' ' || ${q.firstName})`,
    fullName: sql`lower(${q.firstName} || ' ' || ${q.lastName})`,
    email: sql`${q.email}`,
    phone: sql`${q.phone}`,
    loanAmount: sql`${q.loanAmount}`,
    amountKey: sql`${q.loanAmount}`,
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
    sortName: sql`lower(${e.lastName} || ' ' || ${e.firstName})`,
    fullName: sql`lower(${e.firstName} || ' ' || ${e.lastName})`,
    email: sql`${e.email}`,
    phone: sql`${e.phone}`,
    loanAmount: sql`${e.loanAmount}`,
    amountKey: sql`${e.loanAmount}`,
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
    sortName: sql`lower(${c.name})`,
    fullName: sql`lower(${c.name})`,
    email: sql`${c.email}`,
    phone: sql`${c.phone}`,
    loanAmount: sql`null::int`,
    amountKey: sql`(-1)::int`,
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
  sort === "amount" ? source.amountKey : sort === "name" ? source.sortName : source.createdAt;

/**
 * The sort key as the page cursor carries it: a time to the microsecond (which a JS Date
 * cannot hold), an amount, or a name's bytes in hex after "n" (a name may hold any character).
 */
const cursorKey = (source: LeadSource, sort: InboxFilter["sort"]) =>
  sort === "amount"
    ? sql`(${source.amountKey})::text`
    : sort === "name"
      ? sql`'n' || encode(convert_to(${source.sortName}, 'UTF8'), 'hex')`
      : microsecondText(source.createdAt);

/** A cursor's key as the comparison needs it. */
function afterKey(filter: InboxFilter & { after: { key: string } }): SQL {
  if (filter.sort === "amount") return sql`${Number(filter.after.key)}::int`;
  if (filter.sort === "name") return sql`${Buffer.from(filter.after.key.slice(1), "hex").toString("utf8")}::text`;
  return sql`${filter.after.key}::timestamptz`;
}

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
  // Waiting over a day: new, and received more than 24 hours before the database's now.
  if (filter.waiting) where.push(sql`${source.status} = 'new' and ${source.createdAt} < now() - interval '1 day'`);
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

/** The order's direction as SQL: one of two fixed words, never the URL's text. */
const direction = (filter: InboxFilter) => (filter.dir === "asc" ? sql.raw("asc") : sql.raw("desc"));

function selectRows(source: LeadSource, filter: InboxFilter, viewerId: string, limit: number, only: SQL[] = []): SQL {
  const where = [...conditions(source, filter, viewerId), ...only];
  const key = sortKey(source, filter.sort);
  if (filter.after) {
    const after = afterKey({ ...filter, after: filter.after });
    where.push(
      filter.dir === "asc"
        ? sql`(${key}, ${source.id}) > (${after}, ${filter.after.id}::uuid)`
        : sql`(${key}, ${source.id}) < (${after}, ${filter.after.id}::uuid)`,
    );
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
      ${source.table}.version as version,
      ${key} as sort_key, ${cursorKey(source, filter.sort)} as cursor_key
    from ${source.table}
    ${where.length > 0 ? sql`where ${sql.join(where, sql` and `)}` : sql``}
    order by ${key} ${direction(filter)}, ${source.id} ${direction(filter)}
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
  version: number;
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
  const page = await unflaggedPage(db, filter, viewerId, limit);
  return { leads: await withFlags(db, page.leads), next: page.next };
}

/** A page as `inboxPage` reads it, before the triage flags are worked out. */
async function unflaggedPage(db: Database, filter: InboxFilter, viewerId: string, limit: number): Promise<InboxPage> {
  const branches = sourcesFor(filter).map((source) => selectRows(source, filter, viewerId, limit + 1));
  const rows = await rowsOf<RawRow>(
    db,
    sql`
    select leads.*, ${staffMembers.name} as assignee_name
    from (${sql.join(branches, sql` union all `)}) as leads
    left join ${staffMembers} on ${staffMembers.id} = leads.assignee_id
    order by leads.sort_key ${direction(filter)}, leads.id ${direction(filter)}
    limit ${limit + 1}`,
  );
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    leads: page.map(toLead),
    next: rows.length > limit && last ? { key: last.cursor_key, id: last.id } : null,
  };
}

/** The leads named, as the inbox lists them (flags worked out), newest first: a manager's ticked leads. */
export async function inboxLeadsOf(
  db: Database,
  picked: readonly { kind: LeadKind; id: string }[],
  viewerId: string,
): Promise<InboxLead[]> {
  const filter = parseInboxFilter(new URLSearchParams());
  const branches = LEAD_KINDS.flatMap((kind) => {
    const ids = picked.filter((p) => p.kind === kind && z.uuid().safeParse(p.id).success).map((p) => p.id);
    if (ids.length === 0) return [];
    const source = SOURCES[kind];
    return [
      selectRows(source, filter, viewerId, ids.length, [
        sql`${source.id} in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
      ]),
    ];
  });
  if (branches.length === 0) return [];
  const rows = await rowsOf<RawRow>(
    db,
    sql`
    select leads.*, ${staffMembers.name} as assignee_name
    from (${sql.join(branches, sql` union all `)}) as leads
    left join ${staffMembers} on ${staffMembers.id} = leads.assignee_id
    order by leads.sort_key desc, leads.id desc`,
  );
  return withFlags(db, rows.map(toLead));
}

/**
 * Every lead the filter selects, in pages, for the CSV export: memory stays a few
 * pages deep. The next page is asked for before this one is flagged and handed on, so
 * the database reads it while this one is written out. A broad export in received
 * order (no search, campaign, amount or flag) finds duplicates by a second walk down
 * every lead (`EarlierLeads`), reading each lead once; any other asks for each page's
 * earlier leads as the inbox does (docs/decisions/241).
 */
export async function* allInboxLeads(db: Database, filter: InboxFilter, viewerId: string, pageSize = 2_000) {
  const broad =
    filter.sort === "received" &&
    filter.dir === "desc" &&
    !filter.q &&
    !filter.campaign &&
    filter.minAmount === undefined &&
    filter.maxAmount === undefined &&
    !filter.flag &&
    !filter.waiting;
  const earlier = broad ? new EarlierLeads(db) : null;
  let pending = unflaggedPage(db, filter, viewerId, pageSize);
  try {
    for (;;) {
      const page = await pending;
      if (page.next) pending = unflaggedPage(db, { ...filter, after: page.next }, viewerId, pageSize);
      yield earlier ? await earlier.flag(page.leads) : await withFlags(db, page.leads);
      if (!page.next) return;
    }
  } finally {
    // An export stopped early leaves one page asked for: its answer (or failure) is of no use.
    pending.catch(() => {});
  }
}

/** A lead as the duplicate search needs it. */
interface Seen {
  kind: LeadKind;
  id: string;
  email: string;
  phone: string;
  at: Date;
}

/** How many leads the second walk reads at a time. */
const WALK_BATCH = 5_000;

/**
 * The duplicate flag for leads handed over newest first, each call's older than the
 * last's: a walk down every lead of the three tables (email, phone, received time only)
 * keeps those that may be an earlier lead of one still to come, the duplicate window
 * below the newest lead not yet flagged, indexed by email and phone. Each lead is read
 * once, and no lookup asks the database; the same rule as `withFlags`.
 */
export class EarlierLeads {
  /** The leads read and still of use, newest first from `head`. */
  private kept: Seen[] = [];
  private head = 0;
  private byEmail = new Map<string, Seen[]>();
  private byPhone = new Map<string, Seen[]>();
  private after: { key: string; id: string } | null = null;
  private done = false;

  constructor(
    private readonly db: Database,
    private readonly batch = WALK_BATCH,
  ) {}

  async flag<L extends FlaggableLead>(leads: L[]) {
    const first = leads[0];
    const last = leads.at(-1);
    if (!first || !last) return [];
    // Everything newer than the oldest lead of the last page is of no use now.
    while (this.head < this.kept.length && (this.kept[this.head] as Seen).at >= first.receivedAt) this.forget();
    const reach = last.receivedAt.getTime() - DUPLICATE_WINDOW_DAYS * 86_400_000;
    while (!this.done && (this.kept.at(-1)?.at.getTime() ?? Number.POSITIVE_INFINITY) >= reach) {
      await this.read(first.receivedAt);
    }
    return leads.map((lead) => {
      const candidates = [
        ...(this.byEmail.get(lead.email.toLowerCase()) ?? []),
        ...(this.byPhone.get(digitsOf(lead.phone)) ?? []),
      ];
      const previous = candidates
        .filter((o) => isRecentDuplicate(o.at, lead.receivedAt))
        .reduce<Seen | null>(later, null);
      return {
        ...lead,
        flags: triageFlags({ ...lead, previousLeadAt: previous?.at ?? null }),
        duplicateOf: previous ? { kind: previous.kind, id: previous.id, receivedAt: previous.at } : null,
      };
    });
  }

  /** The next WALK_BATCH leads down the three tables, from `start` on the first read. */
  private async read(start: Date) {
    const from = this.after
      ? sql`(created_at, id) < (${this.after.key}::timestamptz, ${this.after.id}::uuid)`
      : sql`created_at <= ${start.toISOString()}::timestamptz`;
    const branches = LEAD_KINDS.map((kind) => {
      const s = SOURCES[kind];
      return sql`(select ${kind}::text as kind, ${s.id} as id, ${s.email} as email, ${s.phone} as phone,
          ${s.createdAt} as at, ${microsecondText(s.createdAt)} as key
        from ${s.table} where ${from} order by ${s.createdAt} desc, ${s.id} desc limit ${this.batch})`;
    });
    const rows = await rowsOf<{
      kind: LeadKind;
      id: string;
      email: string;
      phone: string;
      at: string | Date;
      key: string;
    }>(
      this.db,
      sql`select * from (${sql.join(branches, sql` union all `)}) as leads order by at desc, id desc limit ${this.batch}`,
    );
    const last = rows.at(-1);
    if (!last || rows.length < this.batch) this.done = true;
    if (last) this.after = { key: last.key, id: last.id };
    for (const row of rows) {
      const seen: Seen = {
        kind: row.kind,
        id: row.id,
        email: row.email.toLowerCase(),
        phone: digitsOf(row.phone),
        at: new Date(row.at),
      };
      this.kept.push(seen);
      for (const [index, key] of [
        [this.byEmail, seen.email],
        [this.byPhone, seen.phone],
      ] as const) {
        const list = index.get(key);
        if (list) list.push(seen);
        else index.set(key, [seen]);
      }
    }
  }

  /** Drops the newest lead kept. */
  private forget() {
    const seen = this.kept[this.head] as Seen;
    this.head++;
    for (const [index, key] of [
      [this.byEmail, seen.email],
      [this.byPhone, seen.phone],
    ] as const) {
      const list = index.get(key);
      list?.shift();
      if (list?.length === 0) index.delete(key);
    }
    // Now and then, let go of the array's dropped front.
    if (this.head > 4_096 && this.head * 2 > this.kept.length) {
      this.kept = this.kept.slice(this.head);
      this.head = 0;
    }
  }
}

/**
 * How many leads of each status the filter (ignoring its status part) selects: exact
 * from the kept counts when it filters by kind, assignee and status alone; otherwise
 * counted, but no further than `bound` (docs/decisions/240), so a page never waits on
 * counting leads it does not show.
 */
export async function statusCounts(
  db: Database,
  filter: InboxFilter,
  viewerId: string,
  bound = INBOX_COUNT_BOUND,
): Promise<InboxCounts> {
  const kept = countsByKindAndAssignee(filter);
  const rows = await rowsOf<{ status: LeadStatus; n: number | string }>(
    db,
    kept ? countsFromSummary(filter, viewerId) : countsByScan(filter, viewerId, bound),
  );
  const counted = rows.map((r) => ({ status: r.status, n: Number(r.n) }));
  return boundedCounts(counted, kept ? Number.POSITIVE_INFINITY : bound);
}

/** A filter by nothing but kind, assignee and status: the counts table answers it. */
const countsByKindAndAssignee = (filter: InboxFilter) =>
  !filter.from &&
  !filter.to &&
  !filter.campaign &&
  filter.minAmount === undefined &&
  filter.maxAmount === undefined &&
  !filter.flag &&
  !filter.q &&
  !filter.waiting;

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

/**
 * The per-status counts of the first `bound + 1` leads the filter selects, the tables
 * read one after another (an Append stops at the limit: a table is not read at all once
 * those before it have found enough), each in whatever order its indexes find them
 * soonest: enough to tell exact from "more than". Without a bound, every lead it selects.
 */
function countsByScan(filter: InboxFilter, viewerId: string, bound?: number): SQL {
  const branches = sourcesFor(filter).map((source) => {
    const where = conditions(source, filter, viewerId, { withStatus: false });
    return sql`(select ${source.status} as status from ${source.table}
      ${where.length > 0 ? sql`where ${sql.join(where, sql` and `)}` : sql``})`;
  });
  return sql`select status, count(*)::int as n from (${sql.join(branches, sql` union all `)}
    ${bound === undefined ? sql`` : sql`limit ${bound + 1}`}) as matched group by status`;
}

/** Every lead the filter (ignoring its status part) selects, counted: what the bounded counts stand for. */
export async function exactStatusCounts(db: Database, filter: InboxFilter, viewerId: string) {
  const rows = await rowsOf<{ status: LeadStatus; n: number | string }>(db, countsByScan(filter, viewerId));
  return boundedCounts(
    rows.map((r) => ({ status: r.status, n: Number(r.n) })),
    Number.POSITIVE_INFINITY,
  );
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
    version: Number(row.version),
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
      .reduce<(typeof others)[number] | null>(later, null);
    return {
      ...lead,
      flags: triageFlags({ ...lead, previousLeadAt: previous?.at ?? null }),
      duplicateOf: previous ? { kind: previous.kind, id: previous.id, receivedAt: previous.at } : null,
    };
  });
}

/** Of two earlier leads, the later; of two received at the same moment, the larger id, so the choice never depends on order. */
const later = <T extends { at: Date; id: string }>(latest: T | null, o: T): T =>
  !latest || o.at > latest.at || (o.at.getTime() === latest.at.getTime() && o.id > latest.id) ? o : latest;

const digitsOf = (phone: string) => phone.replace(/\D/g, "");
