import { type SQL, sql } from "drizzle-orm";
import { CLOSE_REASON_LABELS, CLOSE_REASONS, type CloseReason } from "../../app/domain/lead-work";
import type { LeadStatus } from "../../app/domain/leads";
import {
  type OutcomeLead,
  type OutcomesReport,
  outcomeLines,
  outcomesReport,
  type Quarter,
  quarterBounds,
  quarterLabel,
} from "../../app/domain/needs-outcomes";
import type { Database } from "../platform/db/client";
import { rowsOf } from "../platform/db/rows";
import { complaints, leadCases, leadEvents, leadNeeds, personalEnquiries, quotes } from "../platform/db/schema";
import { BOM, csvLine } from "../platform/csv.server";

// The Consumer Duty's outcomes (DECISIONS D28): each loan lead received in a UK quarter, read
// as one plain row (app/domain/needs-outcomes.ts counts them), with whether it has a needs
// record. Counts only leave here: no name, no id.

interface Row {
  received_at: string | Date;
  needs: boolean;
  status: LeadStatus;
  first_contact_wait_minutes: number | null;
  close_reason: string | null;
  cases_started: number | string;
  completed_amount: number | null;
  completed_rate: number | string | null;
  commission_pence: number | null;
  complaints: number | string;
}

function leadRows(
  kind: "quote" | "personal-enquiry",
  table: typeof quotes | typeof personalEnquiries,
  start: Date,
  end: Date,
): SQL {
  return sql`
    select l.created_at as received_at, l.status, l.first_contact_wait_minutes,
      exists (select 1 from ${leadNeeds} n where n.lead_kind = ${kind} and n.lead_id = l.id) as needs,
      (select e.reason from ${leadEvents} e where e.lead_kind = ${kind} and e.lead_id = l.id
        and e.type = 'status' and e.to_status = l.status order by e.at desc limit 1) as close_reason,
      (select count(*)::int from ${leadCases} c where c.lead_kind = ${kind} and c.lead_id = l.id) as cases_started,
      done.completed_amount, done.offer_rate_percent as completed_rate, done.commission_pence,
      (select count(*)::int from ${complaints} k where k.lead_kind = ${kind} and k.lead_id = l.id) as complaints
    from ${table} l
    left join ${leadCases} done on done.lead_kind = ${kind} and done.lead_id = l.id and done.stage = 'completed'
    where l.created_at >= ${start.toISOString()}::timestamptz and l.created_at < ${end.toISOString()}::timestamptz`;
}

const isCloseReason = (value: string | null): value is CloseReason =>
  value !== null && (CLOSE_REASONS as readonly string[]).includes(value);

/** The quarter's loan leads as the report reads them. */
export async function outcomeLeads(db: Database, quarter: Quarter): Promise<OutcomeLead[]> {
  const { start, end } = quarterBounds(quarter);
  const rows = await rowsOf<Row>(
    db,
    sql`${leadRows("quote", quotes, start, end)} union all ${leadRows("personal-enquiry", personalEnquiries, start, end)}`,
  );
  return rows.map((r) => ({
    receivedAt: new Date(r.received_at),
    needs: r.needs === true,
    status: r.status,
    firstContactWaitMinutes: r.first_contact_wait_minutes,
    closeReason: isCloseReason(r.close_reason) ? r.close_reason : null,
    casesStarted: Number(r.cases_started),
    completion:
      r.completed_amount === null
        ? null
        : {
            amount: r.completed_amount,
            ratePercent: r.completed_rate === null ? null : Number(r.completed_rate),
            commissionPence: r.commission_pence,
          },
    complaints: Number(r.complaints),
  }));
}

/** The quarter's report. */
export async function outcomesOf(db: Database, quarter: Quarter): Promise<OutcomesReport> {
  return outcomesReport(quarter, await outcomeLeads(db, quarter));
}

const reasonLabel = (reason: CloseReason) => CLOSE_REASON_LABELS[reason].replace(/ \(say why in the note\)$/, "");

/** The report's lines as the page and the CSV show them. */
export const outcomesTable = (report: OutcomesReport) => outcomeLines(report, reasonLabel);

/** The quarter's report as a spreadsheet, for the board's Consumer Duty report. */
export function outcomesCsv(report: OutcomesReport): string {
  const lines: (string | number | null)[][] = [
    ["Quarter", quarterLabel(report.quarter)],
    [],
    ["Measure", "Leads with a needs record", "Other leads"],
    ...outcomesTable(report).map((line) => [line.label, ...line.values]),
  ];
  return BOM + lines.map((cells) => csvLine(cells)).join("");
}
