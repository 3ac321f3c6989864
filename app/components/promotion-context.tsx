import { createContext, type ReactNode, useContext } from "react";
import { useMatches, useRouteLoaderData } from "react-router";
import type { ExampleTerms, PromotionFigures } from "~/domain/promotion-figures";
import { handles, type RouteHandle } from "./route-handle";

// Where a page's promotion figures (DECISIONS D27) come from: the live version's, from the
// root loader, or a past version's where the console shows a page as it was. Apart from
// the figures the code holds (promotion.tsx), which the forms' first script leaves out
// (docs/decisions/501).

/** What the root loader gives every page. */
export interface RootPromotion {
  versionId: number | null;
  figures: PromotionFigures;
}

/** A past copy (the console's history): its figures and the handle of the page it draws. */
interface PastCopy {
  figures: PromotionFigures;
  handle: RouteHandle | undefined;
}
const PastCopyContext = createContext<PastCopy | null>(null);

export function PastCopyProvider({ figures, handle, children }: PastCopy & { children: ReactNode }) {
  return <PastCopyContext.Provider value={{ figures, handle }}>{children}</PastCopyContext.Provider>;
}

/** The figures this page prints, when a live or past version reached it (otherwise the code's: `usePromotion`). */
export function useGivenPromotion(): PromotionFigures | undefined {
  const past = useContext(PastCopyContext);
  const data = useRouteLoaderData("root") as { promotion?: RootPromotion } | undefined;
  return past?.figures ?? data?.promotion?.figures;
}

/**
 * What the footer carries for this page: the warning or not, and the example it prints
 * (null: none; "headline": the live promotion's headline example). A past copy in the
 * console carries the handle of the page it draws.
 */
export function useFooterPromotion(): { warning: boolean; example: ExampleTerms | "headline" | null } {
  const past = useContext(PastCopyContext);
  const matched = handles(useMatches()).at(-1);
  const page = past ? past.handle : matched;
  if (page?.secured === false) return { warning: false, example: null };
  if (page?.example === "in-page") return { warning: true, example: null };
  return { warning: true, example: page?.example ?? "headline" };
}
