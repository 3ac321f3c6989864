import { useMatches } from "react-router";
import type { ExampleTerms } from "~/domain/promotion-figures";

/**
 * What a route module may say about itself in `export const handle`.
 * `hydrate: false` makes the page server HTML and CSS only, plus the small inline
 * script of app/enhance/site.ts: no React to download, parse or hydrate. Pages whose
 * content is reading (home, guides, legal) use it; pages with forms, calculators or
 * accounts keep the default and hydrate. See docs/decisions/010.
 */
export interface RouteHandle {
  hydrate?: boolean;
  /**
   * The representative example the page promotes (DECISIONS D19, docs/decisions/043):
   * "in-page" when the page prints it itself, beside its warning, and the footer prints
   * none; otherwise the footer prints this one (absent: the headline homeowner loan's).
   */
  example?: ExampleTerms | "in-page";
  /** false on a personal-loan hand-off: no repossession warning and no secured example, footer included. */
  secured?: boolean;
  /** The page's own inline module (app/enhance/), beside the one every page carries. */
  script?: PageScript;
}

/** What one page alone runs on a full load: a partner redirect's countdown, the thank-you page's ad conversion. */
export type PageScript = "partner-redirect" | "ad-conversion";

export const STATIC_PAGE: RouteHandle = { hydrate: false };

/**
 * A loan page: served without React, its calculator, if any, hydrating alone (docs/decisions/058);
 * its body carries the warning and the example (`SecuredRate`).
 */
export const LOAN_PAGE: RouteHandle = { hydrate: false, example: "in-page" };

/** A partner redirect for a personal loan: nothing about secured lending on it. */
export const PERSONAL_LOAN_HAND_OFF: RouteHandle = { hydrate: false, secured: false, script: "partner-redirect" };

/** The handles of the routes matched, outermost first. */
export const handles = (matches: ReturnType<typeof useMatches>) =>
  matches.map((match) => match.handle as RouteHandle | undefined);

/** The inline module the page asks for, if any. */
export function usePageScript(): PageScript | undefined {
  return handles(useMatches()).at(-1)?.script;
}

/** False when a route on the page asked to be served without React in the browser. */
export function useHydratedPage(): boolean {
  return !handles(useMatches()).some((handle) => handle?.hydrate === false);
}
