import { formatGrouped } from "~/domain/finance";
import { useGivenPromotion } from "./promotion-context";

// Claims a reader could check (D17): printed only when the promotion figures (DECISIONS
// D27; configuration's until a version is live) hold them with their source, never typed into copy.

/** "Rated 4.8/5 from 1,234 reviews on Trustpilot (November 2026)", linked; nothing when unset. */
export function RatingClaim({ prefix = "✓ " }: { prefix?: string }) {
  const rating = useGivenPromotion()?.claims.rating;
  if (!rating) return null;
  return (
    <>
      {prefix}
      Rated {rating.score}/5 from {formatGrouped(rating.count)} reviews on{" "}
      <a href={rating.url} className="underline" rel="noopener">
        {rating.site}
      </a>{" "}
      ({rating.date})
    </>
  );
}

/** "20+ lenders compared (source: …)"; nothing when unset. */
export function LenderPanelClaim({ prefix = "✓ " }: { prefix?: string }) {
  const lenderPanel = useGivenPromotion()?.claims.lenderPanel;
  if (!lenderPanel) return null;
  return (
    <>
      {prefix}
      {lenderPanel.size} lenders compared (source: {lenderPanel.source})
    </>
  );
}
