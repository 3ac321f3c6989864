import { inboxFilterProblem, inboxSearchParams, parseInboxFilter } from "../../../app/domain/inbox-filter";
import type { LeadKind } from "../../../app/domain/leads";
import type { Database } from "../../platform/db/client";
import { inboxPage } from "./inbox.server";

// Previous and next on a lead's page, within the inbox list it was opened from
// (docs/decisions/302): the inbox's links carry the list's own query (`list`, its filter
// and page), and the lead page reads that page of the inbox again to find its neighbours.

/** A neighbour in the list: the lead, and the list query its own page is opened with. */
export interface ListStep {
  kind: LeadKind;
  id: string;
  list: string;
}

export interface LeadWalk {
  /** The inbox as the adviser left it. */
  list: string;
  previous: ListStep | null;
  next: ListStep | null;
}

/**
 * The lead's neighbours in the inbox page `list` names; null when the query is not the
 * inbox's or the lead is no longer on that page (it moved out of the filter). Past the
 * page's last lead, next is the first of the following page, opened with that page's query.
 */
export async function leadWalk(
  db: Database,
  list: string,
  lead: { kind: LeadKind; id: string },
  viewerId: string,
): Promise<LeadWalk | null> {
  const params = new URLSearchParams(list);
  if (inboxFilterProblem(params)) return null;
  const filter = parseInboxFilter(params);
  const page = await inboxPage(db, filter, viewerId);
  const at = page.leads.findIndex((l) => l.kind === lead.kind && l.id === lead.id);
  if (at < 0) return null;
  const step = (l: { kind: LeadKind; id: string } | undefined, query = list) =>
    l ? { kind: l.kind, id: l.id, list: query } : null;
  let next = step(page.leads[at + 1]);
  if (!next && page.next) {
    const query = inboxSearchParams({ ...filter, after: page.next }).toString();
    const following = await inboxPage(db, { ...filter, after: page.next }, viewerId, 1);
    next = step(following.leads[0], query);
  }
  return { list, previous: step(page.leads[at - 1]), next };
}
