import { Link } from "react-router";
import type { LeadKind } from "~/domain/leads";
import { leadPath } from "./format";
import { textLinkClass } from "~/components/console/text-link";

// Previous and next within the inbox list the lead was opened from (docs/decisions/302).

export interface LeadWalkView {
  list: string;
  previous: { kind: LeadKind; id: string; list: string } | null;
  next: { kind: LeadKind; id: string; list: string } | null;
}

/** A lead's page within its list: the link keeps the list, so the walk goes on. */
export const leadInList = (kind: string, id: string, list: string) =>
  `${leadPath(kind, id)}?list=${encodeURIComponent(list)}`;

/** "← All leads" back to the list as it was, and the previous and next leads in it. */
export function LeadWalk({ walk }: { walk: LeadWalkView | null }) {
  return (
    <nav aria-label="Leads in the list" className="flex flex-wrap gap-x-6">
      <Link to={walk?.list ? `/staff?${walk.list}` : "/staff"} className={textLinkClass}>
        ← All leads
      </Link>
      {walk?.previous && (
        <Link
          to={leadInList(walk.previous.kind, walk.previous.id, walk.previous.list)}
          className={textLinkClass}
          rel="prev"
        >
          Previous lead
        </Link>
      )}
      {walk?.next && (
        <Link to={leadInList(walk.next.kind, walk.next.id, walk.next.list)} className={textLinkClass} rel="next">
          Next lead
        </Link>
      )}
    </nav>
  );
}
