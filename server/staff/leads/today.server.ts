import { type SQL, sql } from "drizzle-orm";
import type { NextActionKind } from "../../../app/domain/callback-choice";
import type { CallbackRules } from "../../../app/domain/callbacks";
import { type DueState, dueState, endOfUkDay } from "../../../app/domain/lead-work";
import type { LeadKind, LeadStatus } from "../../../app/domain/leads";
import { openingMinutesBetween } from "../../../app/domain/working-time";
import type { Database } from "../../platform/db/client";
import { rowsOf } from "../../platform/db/rows";
import { contactMessages, personalEnquiries, quotes, staffMembers } from "../../platform/db/schema";

// The adviser's Today list (docs/decisions/190), from the three lead tables at `now`:
// - planned actions (call-backs the borrower booked, the adviser's next actions) due
//   before today ends, on open leads: overdue, due now, later today;
// - new leads nobody has called yet and nobody has planned for a time, oldest first,
//   each with how long it has waited in opening hours;
// - new leads nobody has called yet whose call is booked for a later day.
// A lead is in one of the three at most.

/** Each part of the list is cut here: the page says when there are more. */
export const TODAY_LIMIT = 200;

export interface TodayLead {
  kind: LeadKind;
  id: string;
  receivedAt: Date;
  name: string;
  email: string;
  phone: string;
  loanAmount: number | null;
  status: LeadStatus;
  assigneeId: string | null;
  assigneeName: string | null;
  /** The lead's version as read: taking it or logging a call from the list is made against it. */
  version: number;
  nextActionKind: NextActionKind | null;
  nextActionAt: Date | null;
}

export interface TodayList {
  planned: (TodayLead & { state: DueState; nextActionAt: Date })[];
  waiting: (TodayLead & { waitedMinutes: number; overTarget: boolean })[];
  booked: (TodayLead & { nextActionAt: Date })[];
  /** True when a part was cut at TODAY_LIMIT. */
  more: boolean;
}

const q = quotes;
const e = personalEnquiries;
const c = contactMessages;

/** The three tables' leads in one shape. */
const LEADS = sql`(
  select 'quote' as kind, ${q.id} as id, ${q.createdAt} as created_at, ${q.firstName} || ' ' || ${q.lastName} as name,
    ${q.email} as email, ${q.version} as version, ${q.phone} as phone, ${q.loanAmount} as loan_amount, ${q.status} as status, ${q.assigneeId} as assignee_id,
    ${q.nextActionKind} as next_action_kind, ${q.nextActionAt} as next_action_at, ${q.firstContactedAt} as first_contacted_at
  from ${q}
  union all
  select 'personal-enquiry', ${e.id}, ${e.createdAt}, ${e.firstName} || ' ' || ${e.lastName}, ${e.email}, ${e.version}, ${e.phone}, ${e.loanAmount},
    ${e.status}, ${e.assigneeId}, ${e.nextActionKind}, ${e.nextActionAt}, ${e.firstContactedAt}
  from ${e}
  union all
  select 'contact', ${c.id}, ${c.createdAt}, ${c.name}, ${c.email}, ${c.version}, ${c.phone}, null::int, ${c.status}, ${c.assigneeId},
    ${c.nextActionKind}, ${c.nextActionAt}, ${c.firstContactedAt}
  from ${c}
) as lead`;

/** A new lead nobody has called, waiting for its first call from its arrival (not planned for a time). */
const WAITING = sql`lead.status = 'new' and lead.first_contacted_at is null
  and (lead.next_action_kind is null or lead.next_action_kind in ('call-soonest', 'reply'))`;
const OPEN = sql`lead.status in ('new', 'contacted', 'in-progress')`;

interface Row {
  kind: LeadKind;
  id: string;
  created_at: Date | string;
  name: string;
  email: string;
  version: number | string;
  phone: string;
  loan_amount: number | null;
  status: LeadStatus;
  assignee_id: string | null;
  assignee_name: string | null;
  next_action_kind: NextActionKind | null;
  next_action_at: Date | string | null;
}

async function part(db: Database, where: SQL, order: SQL) {
  const rows = await rowsOf<Row>(
    db,
    sql`select lead.kind, lead.id, lead.created_at, lead.name, lead.email, lead.version, lead.phone, lead.loan_amount,
        lead.status, lead.assignee_id, ${staffMembers.name} as assignee_name, lead.next_action_kind, lead.next_action_at
      from ${LEADS} left join ${staffMembers} on ${staffMembers.id} = lead.assignee_id
      where ${where} order by ${order} limit ${TODAY_LIMIT + 1}`,
  );
  return {
    more: rows.length > TODAY_LIMIT,
    leads: rows.slice(0, TODAY_LIMIT).map(
      (r): TodayLead => ({
        kind: r.kind,
        id: r.id,
        receivedAt: new Date(r.created_at),
        name: r.name,
        email: r.email,
        phone: r.phone,
        loanAmount: r.loan_amount === null ? null : Number(r.loan_amount),
        status: r.status,
        assigneeId: r.assignee_id,
        assigneeName: r.assignee_name,
        version: Number(r.version),
        nextActionKind: r.next_action_kind,
        nextActionAt: r.next_action_at === null ? null : new Date(r.next_action_at),
      }),
    ),
  };
}

export interface TodayQuery {
  now: Date;
  rules: CallbackRules;
  /** Minutes of opening hours a new lead may wait before it is marked. */
  targetMinutes: number;
  /** Only the leads of this adviser and those assigned to nobody. */
  mineOf?: string;
}

export async function todayList(db: Database, query: TodayQuery): Promise<TodayList> {
  const { now, rules, targetMinutes } = query;
  const end = endOfUkDay(now).toISOString();
  const mine = query.mineOf ? sql`and (lead.assignee_id = ${query.mineOf} or lead.assignee_id is null)` : sql``;
  const [planned, waiting, booked] = await Promise.all([
    part(
      db,
      sql`${OPEN} and lead.next_action_at < ${end}::timestamptz and not (${WAITING}) ${mine}`,
      sql`lead.next_action_at, lead.id`,
    ),
    part(db, sql`${WAITING} ${mine}`, sql`lead.created_at, lead.id`),
    part(
      db,
      sql`lead.status = 'new' and lead.first_contacted_at is null and lead.next_action_at >= ${end}::timestamptz
        and not (${WAITING}) ${mine}`,
      sql`lead.next_action_at, lead.id`,
    ),
  ]);
  return {
    planned: planned.leads.map((lead) => {
      const at = lead.nextActionAt as Date;
      return { ...lead, nextActionAt: at, state: dueState(at, now) };
    }),
    waiting: waiting.leads.map((lead) => {
      const waitedMinutes = openingMinutesBetween(lead.receivedAt, now, rules);
      return { ...lead, waitedMinutes, overTarget: waitedMinutes > targetMinutes };
    }),
    booked: booked.leads.map((lead) => ({ ...lead, nextActionAt: lead.nextActionAt as Date })),
    more: planned.more || waiting.more || booked.more,
  };
}
