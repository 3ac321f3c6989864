import { sanitiseLine } from "./sanitise";

// The inbox's views (decision 422): four every member has, and those a member saves.

/** How many views a member may keep, beside the four every member has. */
export const SAVED_VIEWS_MAX = 20;
export const VIEW_NAME_MAX_LENGTH = 40;

export type InboxViewName = string;

export const VIEW_NAME_PROBLEMS = {
  empty: "Name the view, such as My large loans",
  tooLong: `Keep the view's name to ${VIEW_NAME_MAX_LENGTH} characters or fewer`,
} as const;

/** A view's name as typed (trimmed, control characters out), or why it cannot be one. */
export function readViewName(value: unknown): { ok: true; name: InboxViewName } | { ok: false; problem: string } {
  const name = sanitiseLine(typeof value === "string" ? value : "", 1_000)
    .replace(/\s+/g, " ")
    .trim();
  if (!name) return { ok: false, problem: VIEW_NAME_PROBLEMS.empty };
  if (name.length > VIEW_NAME_MAX_LENGTH) return { ok: false, problem: VIEW_NAME_PROBLEMS.tooLong };
  return { ok: true, name };
}

/** The four views every member has: each a query of the inbox's filter, `today` the UK day. */
export function presetViews(today: string): { id: string; name: string; query: string }[] {
  return [
    { id: "mine", name: "Mine", query: "assignee=mine" },
    { id: "unassigned", name: "Not assigned", query: "assignee=unassigned" },
    { id: "waiting", name: "Waiting over a day", query: "waiting=1" },
    { id: "new-today", name: "New today", query: `from=${today}` },
  ];
}
