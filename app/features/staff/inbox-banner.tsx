import { formatDay } from "~/domain/date-format";

// The banner a lead's row carries on the inbox and on Today when its person has an open
// complaint or an open correction request (decision 420): the lead page's header strip
// says the same at more length.

/** A row's banner as the page receives it (ISO 8601 days), or null. */
export interface PersonBannerView {
  complaintSince: string | null;
  correctionDue: string | null;
}

/** What a banner says, in words a screen reader reads as they are seen. */
export function bannerTexts(
  banner: PersonBannerView | null | undefined,
): { tone: "complaint" | "correction"; text: string }[] {
  if (!banner) return [];
  const texts: { tone: "complaint" | "correction"; text: string }[] = [];
  if (banner.complaintSince)
    texts.push({ tone: "complaint", text: `Open complaint since ${formatDay(banner.complaintSince)}` });
  if (banner.correctionDue)
    texts.push({ tone: "correction", text: `Correction request, due ${formatDay(banner.correctionDue)}` });
  return texts;
}

/** A compact row's words: the kind alone, the day after it for screen readers and on hover. */
const SHORT = { complaint: "Open complaint", correction: "Correction request" } as const;

/**
 * The row's banner: one short mark for each, red for a complaint, amber for a correction;
 * `compact` (the inbox's one-line row) shows the kind alone, the day for screen readers.
 */
export function PersonBanner({
  banner,
  className,
  compact = false,
}: {
  banner: PersonBannerView | null | undefined;
  className?: string;
  compact?: boolean;
}) {
  const texts = bannerTexts(banner);
  if (texts.length === 0) return null;
  return (
    <span className={className} data-testid="person-banner">
      {texts.map((t) => (
        <span
          key={t.tone}
          className={
            t.tone === "complaint"
              ? "mr-1 inline-block rounded border-l-4 border-red-700 bg-red-50 px-1.5 text-sm font-semibold text-red-900"
              : "mr-1 inline-block rounded border-l-4 border-amber-600 bg-amber-50 px-1.5 text-sm font-semibold text-slate-900"
          }
          title={compact ? t.text : undefined}
        >
          {compact ? (
            <>
              {SHORT[t.tone]}
              <span className="sr-only">{t.text.slice(SHORT[t.tone].length)}</span>
            </>
          ) : (
            t.text
          )}
        </span>
      ))}
    </span>
  );
}

/** The server's banner as the page receives it. */
export const bannerView = (banner: { complaintSince: Date | null; correctionDue: Date | null } | undefined) =>
  banner
    ? {
        complaintSince: banner.complaintSince?.toISOString() ?? null,
        correctionDue: banner.correctionDue?.toISOString() ?? null,
      }
    : null;
