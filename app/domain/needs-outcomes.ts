// The Consumer Duty's outcomes (PRIN 2A, DECISIONS D28): per UK quarter, the loan leads
// with a needs record against the rest, so the board sees whether those with
// characteristics of vulnerability fare as well as anyone. Computed from plain rows, one
// a lead; a group under MIN_GROUP leads shows no figures, only that there are too few.

import { CLOSE_REASONS, type CloseReason } from "./lead-work";
import type { LeadStatus } from "./leads";
import { ukClock, ukInstant } from "./uk-time";

/** Fewer leads than this in a group and its figures could single someone out. */
export const MIN_GROUP = 10;

export const TOO_FEW = "Too few to show";

/** A UK quarter: "2026-Q3". */
export type Quarter = `${number}-Q${1 | 2 | 3 | 4}`;

const QUARTER = /^(\d{4})-Q([1-4])$/;

export function isQuarter(text: unknown): text is Quarter {
  // From 2000 (the firm is younger) to 9998 (9999's last quarter would end in a year of five digits).
  return (
    typeof text === "string" &&
    QUARTER.test(text) &&
    Number(text.slice(0, 4)) >= 2000 &&
    Number(text.slice(0, 4)) <= 9998
  );
}

/** The UK quarter an instant falls in (a lead received at 00:30 BST on 1 July is in Q3). */
export function quarterOf(at: Date): Quarter {
  const { day } = ukClock(at);
  const month = Number(day.slice(5, 7));
  return `${Number(day.slice(0, 4))}-Q${Math.ceil(month / 3) as 1 | 2 | 3 | 4}`;
}

/** The quarter's first instant and the next quarter's, UK time. */
export function quarterBounds(quarter: Quarter): { start: Date; end: Date } {
  const [, y, q] = QUARTER.exec(quarter) as unknown as [string, string, string];
  const year = Number(y);
  const firstMonth = (Number(q) - 1) * 3 + 1;
  const day = (yy: number, m: number) => `${yy}-${String(m).padStart(2, "0")}-01`;
  const end = firstMonth + 3 > 12 ? day(year + 1, 1) : day(year, firstMonth + 3);
  return { start: ukInstant(day(year, firstMonth), 0), end: ukInstant(end, 0) };
}

/** "July to September 2026". */
export function quarterLabel(quarter: Quarter): string {
  const [, y, q] = QUARTER.exec(quarter) as unknown as [string, string, string];
  const names = ["January to March", "April to June", "July to September", "October to December"];
  return `${names[Number(q) - 1]} ${y}`;
}

/** The quarter before. */
export function previousQuarter(quarter: Quarter): Quarter {
  const [, y, q] = QUARTER.exec(quarter) as unknown as [string, string, string];
  return Number(q) === 1 ? `${Number(y) - 1}-Q4` : `${Number(y)}-Q${(Number(q) - 1) as 1 | 2 | 3}`;
}

/** One loan lead as the report reads it. */
export interface OutcomeLead {
  receivedAt: Date;
  /** Whether it has a needs record. */
  needs: boolean;
  status: LeadStatus;
  /** Minutes in opening hours to the first call; null when never called. */
  firstContactWaitMinutes: number | null;
  /** Why it was declined or withdrawn (its last such move); null otherwise. */
  closeReason: CloseReason | null;
  /** Applications sent to a lender on the panel, declined ones included. */
  casesStarted: number;
  /** Its completed case's figures, when the loan completed. */
  completion: { ratePercent: number | null; amount: number; commissionPence: number | null } | null;
  /** Complaints recorded against it. */
  complaints: number;
}

export interface GroupFigures {
  leads: number;
  /** The median wait for a first call in opening hours, in minutes; null when none was called. */
  medianMinutesToFirstContact: number | null;
  /** Shares as fractions of the group's leads (0 to 1). */
  contactedShare: number;
  /** Sent on to a lender on the panel: at least one application sent. */
  sentOnShare: number;
  declined: number;
  withdrawn: number;
  /** Declined and withdrawn leads by reason, the reasons that occur only, in the list's order. */
  reasons: { reason: CloseReason; declined: number; withdrawn: number }[];
  casesStarted: number;
  completions: number;
  /** The mean rate of completed loans, in percent; null with none. */
  averageRatePercent: number | null;
  /** Commission as a share of the amount lent, over all completions (0 to 1); null with none. */
  commissionShare: number | null;
  complaintsPer100: number;
}

export type GroupResult = { leads: number; tooFew: true } | ({ tooFew: false } & GroupFigures);

export interface OutcomesReport {
  quarter: Quarter;
  needs: GroupResult;
  others: GroupResult;
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** One group's figures, or only that there are too few of them. */
export function groupFigures(leads: readonly OutcomeLead[]): GroupResult {
  const n = leads.length;
  if (n < MIN_GROUP) return { leads: n, tooFew: true };
  const waits = leads.flatMap((l) => (l.firstContactWaitMinutes === null ? [] : [l.firstContactWaitMinutes]));
  const completions = leads.flatMap((l) => (l.completion ? [l.completion] : []));
  const rates = completions.flatMap((c) => (c.ratePercent === null ? [] : [c.ratePercent]));
  const lent = completions.reduce((sum, c) => sum + c.amount, 0);
  const commission = completions.reduce((sum, c) => sum + (c.commissionPence ?? 0), 0);
  const reasons = CLOSE_REASONS.flatMap((reason) => {
    const declined = leads.filter((l) => l.status === "declined" && l.closeReason === reason).length;
    const withdrawn = leads.filter((l) => l.status === "withdrawn" && l.closeReason === reason).length;
    return declined + withdrawn > 0 ? [{ reason, declined, withdrawn }] : [];
  });
  return {
    tooFew: false,
    leads: n,
    medianMinutesToFirstContact: median(waits),
    contactedShare: waits.length / n,
    sentOnShare: leads.filter((l) => l.casesStarted > 0).length / n,
    declined: leads.filter((l) => l.status === "declined").length,
    withdrawn: leads.filter((l) => l.status === "withdrawn").length,
    reasons,
    casesStarted: leads.reduce((sum, l) => sum + l.casesStarted, 0),
    completions: completions.length,
    averageRatePercent: rates.length ? rates.reduce((a, b) => a + b, 0) / rates.length : null,
    commissionShare: lent > 0 ? commission / 100 / lent : null,
    complaintsPer100: (leads.reduce((sum, l) => sum + l.complaints, 0) * 100) / n,
  };
}

/** The quarter's report: the leads received in it (UK time), those with a needs record against the rest. */
export function outcomesReport(quarter: Quarter, leads: readonly OutcomeLead[]): OutcomesReport {
  const inQuarter = leads.filter((l) => quarterOf(l.receivedAt) === quarter);
  return {
    quarter,
    needs: groupFigures(inQuarter.filter((l) => l.needs)),
    others: groupFigures(inQuarter.filter((l) => !l.needs)),
  };
}

// ---------------------------------------------------------------- as shown and exported

const percent = (share: number) => `${(Math.round(share * 1000) / 10).toFixed(1)}%`;

/** A wait in opening hours as words: "45 min", "3 h 20 min". */
export function waitText(minutes: number | null): string {
  if (minutes === null) return "No one called";
  const whole = Math.round(minutes);
  if (whole < 60) return `${whole} min`;
  const rest = whole % 60;
  return rest ? `${Math.floor(whole / 60)} h ${rest} min` : `${Math.floor(whole / 60)} h`;
}

/** The report's lines: a label and each group's value as shown (the page's table and the CSV alike). */
export function outcomeLines(report: OutcomesReport, reasonLabel: (reason: CloseReason) => string) {
  const groups = [report.needs, report.others] as const;
  const line = (label: string, value: (g: GroupFigures) => string) => ({
    label,
    values: groups.map((g) => (g.tooFew ? TOO_FEW : value(g))) as [string, string],
  });
  const reasons = CLOSE_REASONS.filter((reason) =>
    groups.some((g) => !g.tooFew && g.reasons.some((r) => r.reason === reason)),
  );
  const countOf = (g: GroupFigures, reason: CloseReason, which: "declined" | "withdrawn") =>
    g.reasons.find((r) => r.reason === reason)?.[which] ?? 0;
  return [
    line("Leads", (g) => String(g.leads)),
    line("Time to first contact (median, opening hours)", (g) => waitText(g.medianMinutesToFirstContact)),
    line("Contacted", (g) => percent(g.contactedShare)),
    line("Sent on to a lender", (g) => percent(g.sentOnShare)),
    line("Declined", (g) => String(g.declined)),
    line("Withdrawn", (g) => String(g.withdrawn)),
    ...reasons.map((reason) =>
      line(
        `Closed because: ${reasonLabel(reason)}`,
        (g) => `${countOf(g, reason, "declined")} declined, ${countOf(g, reason, "withdrawn")} withdrawn`,
      ),
    ),
    line("Cases started", (g) => String(g.casesStarted)),
    line("Completions", (g) => String(g.completions)),
    line("Average rate of completed loans", (g) =>
      g.averageRatePercent === null ? "None completed" : `${g.averageRatePercent.toFixed(2)}%`,
    ),
    line("Commission as a share of the loan", (g) =>
      g.commissionShare === null ? "None completed" : `${(g.commissionShare * 100).toFixed(2)}%`,
    ),
    line("Complaints per 100 leads", (g) => g.complaintsPer100.toFixed(1)),
  ];
}
