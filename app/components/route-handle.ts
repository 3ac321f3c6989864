import { useMatches } from "react-router";

/**
 * What a route module may say about itself in `export const handle`.
 * `hydrate: false` makes the page server HTML and CSS only, plus the small inline
 * script of app/enhance/site.ts: no React to download, parse or hydrate. Pages whose
 * content is reading (home, guides, legal) use it; pages with forms, calculators or
 * accounts keep the default and hydrate. See docs/decisions/010.
 */
export interface RouteHandle {
  hydrate?: boolean;
}

export const STATIC_PAGE: RouteHandle = { hydrate: false };

/** False when a route on the page asked to be served without React in the browser. */
export function useHydratedPage(): boolean {
  return !useMatches().some((match) => (match.handle as RouteHandle | undefined)?.hydrate === false);
}
