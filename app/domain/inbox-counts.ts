import { formatGrouped } from "./finance";
import type { LeadStatus } from "./leads";

// The numbers beside the inbox's status tabs (docs/decisions/240). A filter by kind,
// assignee and status alone is answered exactly from the counts the triggers keep; any
// other filter counts the leads it selects, but only up to a bound: past it the page
// says "more than 1,000", as a mail client or a search engine does, so a search matching
// 60,000 leads costs what one matching 1,000 costs.

/** Past this many leads, a filter's count says "more than" rather than counting on. */
export const INBOX_COUNT_BOUND = 1_000;

/** Per status, exactly; or, for a filter selecting more than the bound, only that. */
export type InboxCounts = { exact: Partial<Record<LeadStatus, number>> } | { moreThan: number };

/** Matches per status (of one table, or of all), at most `bound + 1` of them in all. */
export interface CountedRows {
  status: LeadStatus;
  n: number;
}

/**
 * The counts from the first `bound + 1` matches. Exact when they add up to at most
 * `bound` (the limit was not reached, so nothing was cut short); "more than `bound`"
 * otherwise.
 */
export function boundedCounts(rows: readonly CountedRows[], bound = INBOX_COUNT_BOUND): InboxCounts {
  const total = rows.reduce((sum, r) => sum + r.n, 0);
  if (total > bound) return { moreThan: bound };
  const exact: Partial<Record<LeadStatus, number>> = {};
  for (const { status, n } of rows) if (n > 0) exact[status] = (exact[status] ?? 0) + n;
  return { exact };
}

/** What the All tab says: "1,234" or "more than 1,000". */
export function totalText(counts: InboxCounts): string {
  if ("moreThan" in counts) return `more than ${formatGrouped(counts.moreThan)}`;
  return formatGrouped(Object.values(counts.exact).reduce((a, b) => a + (b ?? 0), 0));
}

/** What a status tab says: its number, or nothing when only the total's bound is known. */
export function statusText(counts: InboxCounts, status: LeadStatus): string | null {
  return "moreThan" in counts ? null : formatGrouped(counts.exact[status] ?? 0);
}
