import { z } from "zod";
import { isLeadKind, isLeadStatus, isTriageFlag, type LeadKind, type LeadStatus, type TriageFlag } from "./leads";

// The staff inbox's filter, kept in the URL so a filtered view can be shared: one
// parser for the page, the CSV export and the server's query, and one writer for links.

export type InboxSort = "received" | "amount";
/** Everyone's leads, nobody's, the viewer's own, or one adviser's (by user id). */
export type AssigneeFilter = "unassigned" | "mine" | { id: string };

export interface InboxFilter {
  statuses: LeadStatus[];
  kind?: LeadKind;
  /** UK calendar days, inclusive, as YYYY-MM-DD. */
  from?: string;
  to?: string;
  assignee?: AssigneeFilter;
  /** Matches the landing page's utm_campaign or utm_source exactly. */
  campaign?: string;
  minAmount?: number;
  maxAmount?: number;
  flag?: TriageFlag;
  /** Name, email, phone or reference. */
  q?: string;
  sort: InboxSort;
  /** Keyset: the page starts after this row (see `inboxCursor`). */
  after?: InboxCursor;
}

/** The last row of a page: its sort key and id. */
export interface InboxCursor {
  key: string;
  id: string;
}

export const INBOX_PAGE_SIZE = 50;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const pounds = z.coerce.number().int().min(0).max(100_000_000);
const uuid = z.uuid();

function optional<T>(schema: z.ZodType<T>, value: string | null): T | undefined {
  if (value === null || value.trim() === "") return undefined;
  const parsed = schema.safeParse(value.trim());
  return parsed.success ? parsed.data : undefined;
}

/**
 * The filter a URL asks for. A value that does not parse is left out rather than
 * refused: a hand-edited link still opens the inbox.
 */
export function parseInboxFilter(params: URLSearchParams): InboxFilter {
  const assignee = params.get("assignee");
  const after = params.get("after");
  const cursorMatch = after ? /^([^~]{1,40})~([0-9a-f-]{36})$/.exec(after) : null;
  const q = params.get("q")?.trim().slice(0, 100);
  return {
    statuses: params.getAll("status").filter(isLeadStatus),
    kind: isLeadKind(params.get("kind")) ? (params.get("kind") as LeadKind) : undefined,
    from: optional(day, params.get("from")),
    to: optional(day, params.get("to")),
    assignee:
      assignee === "unassigned" || assignee === "mine"
        ? assignee
        : optional(uuid, assignee) !== undefined
          ? { id: assignee as string }
          : undefined,
    campaign: params.get("campaign")?.trim().slice(0, 100) || undefined,
    minAmount: optional(pounds, params.get("min")),
    maxAmount: optional(pounds, params.get("max")),
    flag: isTriageFlag(params.get("flag")) ? (params.get("flag") as TriageFlag) : undefined,
    q: q || undefined,
    sort: params.get("sort") === "amount" ? "amount" : "received",
    after: cursorMatch?.[1] && cursorMatch[2] ? { key: cursorMatch[1], id: cursorMatch[2] } : undefined,
  };
}

/** The URL query for a filter (the inverse of `parseInboxFilter`), without the page cursor unless given. */
export function inboxSearchParams(filter: InboxFilter): URLSearchParams {
  const params = new URLSearchParams();
  for (const status of filter.statuses) params.append("status", status);
  if (filter.kind) params.set("kind", filter.kind);
  if (filter.from) params.set("from", filter.from);
  if (filter.to) params.set("to", filter.to);
  if (filter.assignee)
    params.set("assignee", typeof filter.assignee === "string" ? filter.assignee : filter.assignee.id);
  if (filter.campaign) params.set("campaign", filter.campaign);
  if (filter.minAmount !== undefined) params.set("min", String(filter.minAmount));
  if (filter.maxAmount !== undefined) params.set("max", String(filter.maxAmount));
  if (filter.flag) params.set("flag", filter.flag);
  if (filter.q) params.set("q", filter.q);
  if (filter.sort !== "received") params.set("sort", filter.sort);
  if (filter.after) params.set("after", `${filter.after.key}~${filter.after.id}`);
  return params;
}

/** What a search box entry is: each kind of text is looked up by its own index. */
export type SearchTerm =
  | { by: "email"; value: string }
  | { by: "phone"; digits: string; reference?: string }
  | { by: "reference"; prefix: string }
  | { by: "name"; value: string };

/**
 * An entry with @ is an email (prefix); mostly digits is a phone number (prefix,
 * spaces ignored, +44 read as 0); 8 hex characters is a lead reference; anything
 * else is a name (surname prefix, or "first last"). Eight digits typed as one word are
 * both: a phone prefix and a reference whose hex happens to hold no letter (about one
 * lead in 40), so each is searched.
 */
export function searchTerm(q: string): SearchTerm {
  const text = q.trim().toLowerCase();
  if (text.includes("@")) return { by: "email", value: text };
  const digits = text.replace(/[\s\-()]/g, "");
  if (/^\+?\d{4,}$/.test(digits)) {
    const phone = digits.replace(/^\+44/, "0");
    return /^\d{8}$/.test(text) ? { by: "phone", digits: phone, reference: text } : { by: "phone", digits: phone };
  }
  if (/^[0-9a-f]{8}$/.test(text) && /\d/.test(text)) return { by: "reference", prefix: text };
  return { by: "name", value: text.replace(/\s+/g, " ") };
}
