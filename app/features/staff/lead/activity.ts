import { NEXT_ACTION_LABELS } from "~/domain/callback-choice";
import { formatDateTime, formatDay } from "~/domain/date-format";
import { DATA_REQUEST_KINDS } from "~/domain/data-requests";
import {
  CALL_OUTCOME_LABELS,
  CLOSE_REASON_LABELS,
  MESSAGE_CHANNEL_LABELS,
  type TimelineEvent,
} from "~/domain/lead-work";
import { LEAD_STATUS_LABELS } from "~/domain/leads";
import { correctionHeading } from "../lead-corrections";
import type { HistoryEntry, SentEmail } from "../lead-history";

// The lead page's activity feed (issue 50): everything that happened to the lead and its
// person, newest first, each with who and when, and the kinds an adviser filters it by
// (a link each, the kind in the URL: no script needed). Pure: the page passes in the
// lead's history (lead-history.ts) and the person's other records as stored.

export const FEED_KINDS = ["calls", "messages", "notes", "changes", "requests"] as const;
export type FeedKind = (typeof FEED_KINDS)[number];
export type FeedShow = FeedKind | "all";

export const FEED_KIND_LABELS: Record<FeedShow, string> = {
  all: "Everything",
  calls: "Calls",
  messages: "Emails and letters",
  notes: "Notes",
  changes: "Changes",
  requests: "Complaints and requests",
};

/** The kind the URL asks for (`?feed=calls`); anything else shows everything. */
export const readFeedShow = (value: string | null): FeedShow =>
  value !== null && (FEED_KINDS as readonly string[]).includes(value) ? (value as FeedKind) : "all";

/** The person's records beside the lead, as the page receives them (ISO times). */
export interface LeadRecordsView {
  complaints: { id: string; receivedAt: string; closedAt: string | null }[];
  dataRequests: { id: string; kind: string; receivedAt: string; dueBy: string; answeredAt: string | null }[];
  needsChanges: { at: string; action: string; actorName: string | null }[];
  needsHeld: boolean;
}

export interface FeedItem {
  key: string;
  at: string;
  kind: FeedKind;
  title: string;
  /** Who: a member's name, "The borrower", "The website". */
  who: string;
  /** A note written with it (a call's, a note's, a logged email's). */
  note?: string | null;
  /** The staff event, for a correction's old and new values. */
  event?: TimelineEvent<string>;
  /** An email the site sent, to read in full. */
  email?: SentEmail;
  /** Where its own record is, for those who may open it. */
  link?: { to: string; label: string; permission: "complaints.handle" | "data-requests.answer" };
}

/** A planned next action in words: "Next action: Call back, Tue 8 Dec 2026, 10:30am", or none. */
export const nextActionText = (e: TimelineEvent<string>) =>
  e.nextActionKind && e.nextActionAt
    ? `Next action: ${NEXT_ACTION_LABELS[e.nextActionKind]}, ${formatDateTime(e.nextActionAt)}`
    : "No next action";

/** A staff event's line, as the feed heads it. */
export function describeEvent(e: TimelineEvent<string>): string {
  if (e.type === "status" && e.fromStatus && e.toStatus) {
    const reason = e.reason ? ` (${CLOSE_REASON_LABELS[e.reason].replace(/ \(say why in the note\)$/, "")})` : "";
    return `Status: ${LEAD_STATUS_LABELS[e.fromStatus]} → ${LEAD_STATUS_LABELS[e.toStatus]}${reason}`;
  }
  if (e.type === "assignment") return e.assigneeName ? `Assigned to ${e.assigneeName}` : "Unassigned";
  if (e.type === "call") return `Call: ${e.outcome ? CALL_OUTCOME_LABELS[e.outcome] : "logged"}. ${nextActionText(e)}`;
  if (e.type === "message") return e.channel ? MESSAGE_CHANNEL_LABELS[e.channel] : "Email or letter";
  if (e.type === "next-action") return nextActionText(e);
  // A case's move keeps its words (the figures as they were) in the event's note.
  if (e.type === "case") return `Case: ${e.note ?? "moved on"}`;
  if (e.type === "correction") return correctionHeading(e.changes ?? [], e.actorName);
  return "Note";
}

const STAFF_KIND: Record<TimelineEvent["type"], FeedKind> = {
  call: "calls",
  message: "messages",
  note: "notes",
  status: "changes",
  assignment: "changes",
  "next-action": "changes",
  "callback-chosen": "changes",
  case: "changes",
  correction: "changes",
};

function fromHistory(entry: HistoryEntry): FeedItem {
  if (entry.type === "staff") {
    const e = entry.event;
    return {
      key: entry.key,
      at: entry.at,
      kind: STAFF_KIND[e.type],
      title: describeEvent(e),
      who: e.actorName ?? "Someone",
      note: e.type === "case" ? null : e.note,
      event: e,
    };
  }
  if (entry.type === "email") {
    return {
      key: entry.key,
      at: entry.at,
      kind: "messages",
      title: entry.title,
      who: "The website",
      email: entry.email,
    };
  }
  return {
    key: entry.key,
    at: entry.at,
    kind: "changes",
    title: entry.title,
    who: entry.type === "arrival" ? "From the website" : "The borrower",
  };
}

const NEEDS_WORDS: Record<string, { title: string; who: string | null }> = {
  "needs.record": { title: "Needs record changed", who: null },
  "needs.stated": { title: "The borrower said what would help them", who: "The borrower" },
  "needs.health-withdrawn": { title: "The borrower withdrew consent for their health details", who: "The borrower" },
};

function fromRecords(records: LeadRecordsView): FeedItem[] {
  return [
    ...records.complaints.map(
      (c): FeedItem => ({
        key: `complaint-${c.id}`,
        at: c.receivedAt,
        kind: "requests",
        title: c.closedAt ? `Complaint received; closed ${formatDay(c.closedAt)}` : "Complaint received: open",
        who: "The borrower",
        link: { to: `/staff/complaints/${c.id}`, label: "Open the complaint", permission: "complaints.handle" },
      }),
    ),
    ...records.dataRequests.map(
      (r): FeedItem => ({
        key: `request-${r.id}`,
        at: r.receivedAt,
        kind: "requests",
        title: `Request: ${DATA_REQUEST_KINDS[r.kind as keyof typeof DATA_REQUEST_KINDS] ?? r.kind}; ${
          r.answeredAt
            ? `answered ${formatDay(r.answeredAt)}`
            : `to answer by ${formatDay(new Date(Date.parse(r.dueBy) - 1))}`
        }`,
        who: "The borrower",
        link: { to: "/staff/requests", label: "Open the data requests", permission: "data-requests.answer" },
      }),
    ),
    ...records.needsChanges.map((n, i): FeedItem => {
      const words = NEEDS_WORDS[n.action] ?? { title: "Needs record changed", who: null };
      return {
        key: `needs-${i}-${n.at}`,
        at: n.at,
        kind: "changes",
        title: words.title,
        who: words.who ?? n.actorName ?? "Someone",
      };
    }),
  ];
}

/** The feed, newest first (at one moment, the later-told first), of one kind or all. */
export function activityFeed(history: HistoryEntry[], records: LeadRecordsView, show: FeedShow): FeedItem[] {
  // The history comes oldest first: its order breaks a tie, backwards.
  const items = [...history.map(fromHistory), ...fromRecords(records)];
  return items
    .map((item, index) => ({ item, index, time: Date.parse(item.at) }))
    .filter(({ item }) => show === "all" || item.kind === show)
    .sort((a, b) => b.time - a.time || b.index - a.index)
    .map(({ item }) => item);
}

/** How many of each kind the feed holds, for the filter's links. */
export function feedCounts(items: FeedItem[]): Record<FeedShow, number> {
  const counts = { all: items.length, calls: 0, messages: 0, notes: 0, changes: 0, requests: 0 };
  for (const item of items) counts[item.kind] += 1;
  return counts;
}
