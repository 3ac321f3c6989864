import { z } from "./zod";
import { isCalendarDay, isCalendarMoment } from "./calendar-day";
import { isLeadKind, isLeadStatus, isTriageFlag, type LeadKind, type LeadStatus, type TriageFlag } from "./leads";

// The staff inbox's filter, kept in the URL so a filtered view can be shared: one
// parser for the page, the CSV export and the server's query, and one writer for links.

export type InboxSort = "received" | "amount" | "name";
export const INBOX_SORTS: readonly InboxSort[] = ["received", "amount", "name"];
/** Newest or largest first, or A to Z by name (each sort's default), or the other way (`dir`). */
export type InboxDir = "asc" | "desc";

/** The order a sort starts in: newest and largest first; names from A. */
export const defaultDir = (sort: InboxSort): InboxDir => (sort === "name" ? "asc" : "desc");
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
  /** New leads received more than a day before now (`waiting=1`): the "waiting over a day" view. */
  waiting?: boolean;
  sort: InboxSort;
  dir: InboxDir;
  /** Keyset: the page starts after this row (see `inboxCursor`). */
  after?: InboxCursor;
}

/** The last row of a page: its sort key and id. */
export interface InboxCursor {
  key: string;
  id: string;
}

export const INBOX_PAGE_SIZE = 50;

const day = z.string().refine(isCalendarDay);
const pounds = z.coerce.number().int().min(0).max(100_000_000);
const uuid = z.uuid();

function optional<T>(schema: z.ZodType<T>, value: string | null): T | undefined {
  if (value === null || value.trim() === "") return undefined;
  const parsed = schema.safeParse(value.trim());
  return parsed.success ? parsed.data : undefined;
}

const sortOf = (params: URLSearchParams): InboxSort => {
  const sort = params.get("sort");
  return sort === "amount" || sort === "name" ? sort : "received";
};

const CURSOR = /^([^~]+)~([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
const AMOUNT_KEY = /^(-1|0|[1-9]\d{0,9})$/;
/** A name's sort key as a cursor carries it: "n" and its UTF-8 bytes in hex (a name may hold "~"). */
const NAME_KEY = /^n(?:[0-9a-f]{2}){0,600}$/;
/** The largest amount the database's integer column holds. */
const MAX_AMOUNT_KEY = 2_147_483_647;

/**
 * A page cursor (`key~id`) as the sort writes it: the last row's received time (a real UTC
 * moment), its amount (a whole number, -1 for none) or its name's sort key (`n` and hex),
 * then its id. Anything else is not one.
 */
export function parseInboxCursor(text: string | null, sort: InboxSort): InboxCursor | undefined {
  const match = text ? CURSOR.exec(text) : null;
  if (!match?.[1] || !match[2]) return undefined;
  const key = match[1];
  const fits =
    sort === "amount"
      ? AMOUNT_KEY.test(key) && Number(key) <= MAX_AMOUNT_KEY
      : sort === "name"
        ? NAME_KEY.test(key)
        : isCalendarMoment(key);
  return fits ? { key, id: match[2] } : undefined;
}

/** Text the database cannot hold or search for: a NUL character. */
const unsearchable = (text: string | null) => text?.includes("\u0000") ?? false;

/**
 * The filter a URL asks for. A value that does not parse is left out rather than
 * refused, so whatever the URL holds the query is one the database can run; a page
 * asks `inboxFilterProblem` first, to refuse what a person would expect to work.
 */
export function parseInboxFilter(params: URLSearchParams): InboxFilter {
  const assignee = params.get("assignee");
  const sort = sortOf(params);
  const q = unsearchable(params.get("q")) ? undefined : params.get("q")?.trim().slice(0, 100);
  const campaign = unsearchable(params.get("campaign")) ? undefined : params.get("campaign")?.trim().slice(0, 100);
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
    campaign: campaign || undefined,
    minAmount: optional(pounds, params.get("min")),
    maxAmount: optional(pounds, params.get("max")),
    flag: isTriageFlag(params.get("flag")) ? (params.get("flag") as TriageFlag) : undefined,
    q: q || undefined,
    waiting: params.get("waiting") === "1" ? true : undefined,
    sort,
    dir: params.get("dir") === "asc" ? "asc" : params.get("dir") === "desc" ? "desc" : defaultDir(sort),
    after: parseInboxCursor(params.get("after"), sort),
  };
}

export const INBOX_FILTER_PROBLEMS = {
  from: "The From date is not a day: write it as YYYY-MM-DD, such as 2026-02-28",
  to: "The To date is not a day: write it as YYYY-MM-DD, such as 2026-02-28",
  after: "That page link is broken or out of date: start again from the first page of leads",
  text: "The search or campaign holds a character that cannot be searched for (NUL): remove it and try again",
} as const;

/**
 * Why a URL's filter cannot be shown as asked, or undefined when it can: a date that is
 * not a real day, a page cursor that is not one, search text with a NUL. The inbox and
 * its export answer 400 with the reason rather than quietly showing (or exporting)
 * every lead. A value picked from a list (status, kind, flag, sort, assignee) or an
 * amount is never a problem: one that does not parse is left out.
 */
export function inboxFilterProblem(params: URLSearchParams): string | undefined {
  for (const name of ["from", "to"] as const) {
    const value = params.get(name)?.trim();
    if (value && !isCalendarDay(value)) return INBOX_FILTER_PROBLEMS[name];
  }
  const after = params.get("after");
  if (after && !parseInboxCursor(after, sortOf(params))) return INBOX_FILTER_PROBLEMS.after;
  if (unsearchable(params.get("q")) || unsearchable(params.get("campaign"))) return INBOX_FILTER_PROBLEMS.text;
  return undefined;
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
  if (filter.waiting) params.set("waiting", "1");
  if (filter.sort !== "received") params.set("sort", filter.sort);
  if (filter.dir !== defaultDir(filter.sort)) params.set("dir", filter.dir);
  if (filter.after) params.set("after", `${filter.after.key}~${filter.after.id}`);
  return params;
}

/** What a search box entry is: each kind of text is looked up by its own index. */
export type SearchTerm =
  | { by: "email"; value: string }
  | { by: "phone"; digits: string; reference?: string }
  | { by: "reference"; prefix: string }
  | { by: "name"; value: string; reference?: string };

/**
 * An entry with @ is an email (prefix); mostly digits is a phone number (prefix,
 * spaces ignored, +44 read as 0); 8 hex characters is a lead reference; anything
 * else is a name (surname prefix, or "first last"). Eight digits typed as one word are
 * both: a phone prefix and a reference whose hex happens to hold no letter (about one
 * lead in 40), so each is searched. Eight hex letters without a digit ("ABCDEFAB", about
 * one reference in 40,000) are both too: a reference and a name ("deadbeef").
 */
export function searchTerm(q: string): SearchTerm {
  const text = q.trim().toLowerCase();
  if (text.includes("@")) return { by: "email", value: text };
  const digits = text.replace(/[\s\-()]/g, "");
  if (/^\+?\d{4,}$/.test(digits)) {
    const phone = digits.replace(/^\+44/, "0");
    return /^\d{8}$/.test(text) ? { by: "phone", digits: phone, reference: text } : { by: "phone", digits: phone };
  }
  if (/^[0-9a-f]{8}$/.test(text)) {
    return /\d/.test(text) ? { by: "reference", prefix: text } : { by: "name", value: text, reference: text };
  }
  return { by: "name", value: text.replace(/\s+/g, " ") };
}

/** Which lead (or leads) an entry in the audit log's lead filter names. */
export type LeadLookup = { by: "id"; id: string } | { by: "reference"; prefix: string };

export const LEAD_LOOKUP_PROBLEM =
  "The lead is not a reference: type the 8-character reference shown beside the lead (such as 0B9A7C1E) or its full id";

/**
 * The audit log's lead filter: the 8-character reference quoted everywhere else (any
 * case, spaces around it ignored) or a lead's full id. Anything else is not a lead, and
 * the page says so rather than quietly listing every row; empty is no filter (undefined).
 */
export function parseLeadLookup(text: string | null | undefined): LeadLookup | "invalid" | undefined {
  const value = (text ?? "").trim().toLowerCase();
  if (value === "") return undefined;
  if (/^[0-9a-f]{8}$/.test(value)) return { by: "reference", prefix: value };
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(value)) return { by: "id", id: value };
  return "invalid";
}
