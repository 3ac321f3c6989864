import { sql } from "drizzle-orm";
import { addDays } from "../../../app/domain/calendar-day";
import type { CloseReason } from "../../../app/domain/lead-work";
import { ukInstant } from "../../../app/domain/uk-time";
import type { Database } from "../../platform/db/client";
import { rowsOf } from "../../platform/db/rows";
import { leadEvents, personalEnquiries, quotes, staffMembers } from "../../platform/db/schema";

// Beside the funnel (docs/decisions/190): how quickly the firm first calls a new lead,
// and why leads are declined or withdrawn, over a period of UK days. The figures are the
// database's own (percentile_cont, ISO weeks of the UK calendar), the same on PGlite and
// PostgreSQL. The time to first contact is the minutes of opening hours the lead had
// waited when the first call was logged, kept on the lead at that call.

export interface ContactPeriod {
  /** UK days, inclusive (YYYY-MM-DD). */
  from: string;
  to: string;
}

export interface WaitFigures {
  /** Leads that arrived in the period (per week), or that the adviser called first (per adviser). */
  leads: number;
  called: number;
  /** Minutes of opening hours; null when no lead was called. */
  median: number | null;
  p90: number | null;
}

export interface ContactReport {
  /** By the ISO week the lead arrived in, UK time ("2026-W48"), oldest first. */
  weeks: (WaitFigures & { week: string })[];
  /** By the adviser who made the first call, of the leads that arrived in the period. */
  advisers: (WaitFigures & { adviser: string | null })[];
  /** Declines and withdrawals in the period by reason; null for those closed before reasons were asked. */
  reasons: { status: "declined" | "withdrawn"; reason: CloseReason | null; n: number }[];
}

const q = quotes;
const e = personalEnquiries;

/** The loan leads (quotes and quick-check enquiries): a contact message is often answered by email. */
const LOAN_LEADS = sql`(
  select ${q.createdAt} as created_at, ${q.firstContactedAt} as first_contacted_at,
    ${q.firstContactedBy} as first_contacted_by, ${q.firstContactWaitMinutes} as wait
  from ${q}
  union all
  select ${e.createdAt}, ${e.firstContactedAt}, ${e.firstContactedBy}, ${e.firstContactWaitMinutes}
  from ${e}
) as lead`;

const FIGURES = sql`count(*)::int as leads, count(lead.first_contacted_at)::int as called,
  percentile_cont(0.5) within group (order by lead.wait) as median,
  percentile_cont(0.9) within group (order by lead.wait) as p90`;

type FigureRow = { leads: number; called: number; median: number | string | null; p90: number | string | null };

/** Minutes to one decimal place, as the page prints them. */
const minutes = (value: number | string | null) => (value === null ? null : Math.round(Number(value) * 10) / 10);
const figures = (r: FigureRow): WaitFigures => ({
  leads: Number(r.leads),
  called: Number(r.called),
  median: minutes(r.median),
  p90: minutes(r.p90),
});

export async function contactReport(db: Database, period: ContactPeriod): Promise<ContactReport> {
  const from = ukInstant(period.from, 0).toISOString();
  // The day after 9999-12-31 has no timestamp of its own: the period then runs on for ever.
  const after = addDays(period.to, 1);
  const until = after.length > 10 ? "infinity" : ukInstant(after, 0).toISOString();
  const inPeriod = sql`lead.created_at >= ${from}::timestamptz and lead.created_at < ${until}::timestamptz`;
  const [weeks, advisers, reasons] = await Promise.all([
    rowsOf<FigureRow & { week: string }>(
      db,
      sql`select to_char(lead.created_at at time zone 'Europe/London', 'IYYY-"W"IW') as week, ${FIGURES}
        from ${LOAN_LEADS} where ${inPeriod} group by 1 order by 1`,
    ),
    rowsOf<FigureRow & { adviser: string | null }>(
      db,
      sql`select ${staffMembers.name} as adviser, ${FIGURES}
        from ${LOAN_LEADS} left join ${staffMembers} on ${staffMembers.id} = lead.first_contacted_by
        where ${inPeriod} and lead.first_contacted_at is not null
        group by lead.first_contacted_by, ${staffMembers.name} order by ${staffMembers.name} nulls last`,
    ),
    rowsOf<{ status: "declined" | "withdrawn"; reason: CloseReason | null; n: number }>(
      db,
      sql`select ${leadEvents.toStatus} as status, ${leadEvents.reason} as reason, count(*)::int as n
        from ${leadEvents}
        where ${leadEvents.type} = 'status' and ${leadEvents.toStatus} in ('declined', 'withdrawn')
          and ${leadEvents.at} >= ${from}::timestamptz and ${leadEvents.at} < ${until}::timestamptz
        group by 1, 2 order by 1, 3 desc, 2 nulls last`,
    ),
  ]);
  return {
    weeks: weeks.map((r) => ({ week: r.week, ...figures(r) })),
    advisers: advisers.map((r) => ({ adviser: r.adviser, ...figures(r) })),
    reasons: reasons.map((r) => ({ status: r.status, reason: r.reason, n: Number(r.n) })),
  };
}
