import { createContext, type ReactNode, useContext } from "react";
import { useMatches, useRouteLoaderData } from "react-router";
import {
  defaultPromotionFigures,
  type ExampleInputs,
  type ExampleKey,
  type ExampleTerms,
  exampleAnnualRate,
  type PromotionFigures,
} from "~/domain/promotion-figures";
import { handles, type RouteHandle } from "./route-handle";

// The promotion figures a page prints (DECISIONS D27): the live version's, from the root
// loader, or a past version's where the console shows a page as it was.

/** What the root loader gives every page. */
export interface RootPromotion {
  versionId: number | null;
  figures: PromotionFigures;
}

/** The figures the code holds: what a page prints where no live version reached it. */
export const CODE_FIGURES = defaultPromotionFigures();

/** A past copy (the console's history): its figures and the handle of the page it draws. */
interface PastCopy {
  figures: PromotionFigures;
  handle: RouteHandle | undefined;
}
const PastCopyContext = createContext<PastCopy | null>(null);

export function PastCopyProvider({ figures, handle, children }: PastCopy & { children: ReactNode }) {
  return <PastCopyContext.Provider value={{ figures, handle }}>{children}</PastCopyContext.Provider>;
}

/** The page's handle as a past copy draws it, if the page is one. */
export function usePastCopyHandle(): { handle: RouteHandle | undefined } | null {
  const past = useContext(PastCopyContext);
  return past ? { handle: past.handle } : null;
}

/** The figures this page prints. */
export function usePromotion(): PromotionFigures {
  const past = useContext(PastCopyContext);
  const data = useRouteLoaderData("root") as { promotion?: RootPromotion } | undefined;
  return past?.figures ?? data?.promotion?.figures ?? CODE_FIGURES;
}

/** One page's example inputs. */
export function useExample(key: ExampleKey): ExampleInputs {
  return usePromotion().examples[key];
}

/** The annual rate an example is printed at (the bad credit page's monthly rate, as a year's). */
export const printedRate = (inputs: ExampleInputs) => exampleAnnualRate(inputs);

/**
 * What the footer carries for this page: the warning or not, and the example it prints
 * (null: none; "headline": the live promotion's headline example). A past copy in the
 * console carries the handle of the page it draws.
 */
export function useFooterPromotion(): { warning: boolean; example: ExampleTerms | "headline" | null } {
  const past = usePastCopyHandle();
  const matched = handles(useMatches()).at(-1);
  const page = past ? past.handle : matched;
  if (page?.secured === false) return { warning: false, example: null };
  if (page?.example === "in-page") return { warning: true, example: null };
  return { warning: true, example: page?.example ?? "headline" };
}
