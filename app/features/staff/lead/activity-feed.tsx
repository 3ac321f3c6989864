import type { ReactNode } from "react";
import { Link } from "react-router";
import { TextLink, textLinkClass } from "~/components/console/text-link";
import { cn } from "~/components/ui/cn";
import { formatDateTime } from "~/domain/date-format";
import type { LeadKind } from "~/domain/leads";
import type { Permission } from "~/domain/permissions";
import { CorrectionChanges } from "../lead-corrections";
import { FEED_KIND_LABELS, FEED_KINDS, type FeedItem, type FeedShow } from "./activity";

// The lead's activity, newest first, beside its details (issue 50). The filter is a row
// of links, the kind in the URL (`?feed=calls#activity`), so it works before script and a
// filtered feed can be shared.

const SHOWS: readonly FeedShow[] = ["all", ...FEED_KINDS];

export interface ActivityFeedProps {
  kind: LeadKind;
  items: FeedItem[];
  counts: Record<FeedShow, number>;
  show: FeedShow;
  /** The query the filter's links keep beside `feed` (the inbox list it was opened from). */
  keep: string;
  can: readonly Permission[];
  /** Drawn at the end of an entry, such as the Undo of the member's last change. */
  after?: (item: FeedItem) => ReactNode;
}

export function ActivityFeed({ kind, items, counts, show, keep, can, after }: ActivityFeedProps) {
  const hrefFor = (s: FeedShow) => {
    const query = new URLSearchParams(keep);
    if (s === "all") query.delete("feed");
    else query.set("feed", s);
    const text = query.toString();
    return `${text ? `?${text}` : "?"}#activity`;
  };
  return (
    <section id="activity" aria-labelledby="activity-heading" className="scroll-mt-4">
      <h2 id="activity-heading" className="text-xl font-bold text-slate-900">
        Activity
      </h2>
      <nav aria-label="Show in the activity" className="mt-2">
        <ul className="flex flex-wrap gap-2 text-sm">
          {SHOWS.map((s) => (
            <li key={s}>
              <Link
                to={hrefFor(s)}
                aria-current={s === show ? "page" : undefined}
                className={cn(
                  "inline-flex min-h-10 items-center rounded-full border-2 px-3 font-semibold",
                  s === show
                    ? "border-brand-800 bg-brand-800 text-white"
                    : "border-brand-200 text-brand-800 underline hover:bg-brand-50",
                )}
              >
                {FEED_KIND_LABELS[s]} ({counts[s]})
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {items.length === 0 ? (
        <p className="mt-3">Nothing of this kind yet.</p>
      ) : (
        <ol className="mt-3 space-y-3" data-testid="timeline">
          {items.map((item) => (
            <li
              key={item.key}
              className={cn("border-l-4 pl-3", item.event ? "border-brand-200" : "border-slate-300")}
              data-kind={item.kind}
            >
              <p className="font-semibold [overflow-wrap:anywhere]">{item.title}</p>
              {item.note && <p className="whitespace-pre-wrap [overflow-wrap:anywhere]">{item.note}</p>}
              {item.event?.changes && <CorrectionChanges kind={kind} changes={item.event.changes} />}
              {item.email && (
                <details className="mt-1">
                  <summary className={cn("cursor-pointer", textLinkClass)}>Read the email</summary>
                  <pre className="mt-2 whitespace-pre-wrap rounded bg-slate-50 p-3 font-sans text-sm [overflow-wrap:anywhere]">
                    {item.email.text}
                  </pre>
                </details>
              )}
              {item.link && can.includes(item.link.permission) && (
                <p>
                  <TextLink to={item.link.to}>{item.link.label}</TextLink>
                </p>
              )}
              <p className="text-sm text-slate-700">
                {item.who}, <time dateTime={item.at}>{formatDateTime(item.at)}</time>
              </p>
              {after?.(item)}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
