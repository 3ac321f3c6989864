import type { ComponentType } from "react";

// biome-ignore lint/suspicious/noExplicitAny: each island's props are its own; the server wrote them
type IslandLoader = () => Promise<ComponentType<any>>;

/** How far below (or above) the screen an island starts to hydrate: ahead of a scroll. */
const NEAR_VIEWPORT = "300px";
/** Any of these inside an island not yet hydrated starts it at once. */
const FIRST_TOUCH = ["pointerdown", "focusin"] as const;

/**
 * For an island script (docs/decisions/058, 142): hydrates each `[data-island]` element
 * of the page whose name is in `loaders`, with the props the server rendered it with,
 * once it comes near the viewport or is first touched, not at load. Only then are its
 * component and React DOM fetched (React DOM is the same file the hydrated pages use), and
 * React hydrates it in a transition: in slices of a few milliseconds, so a slow phone's
 * main thread is never held for long. Until then the island is its server HTML, which
 * works without script (decisions 134, 137).
 */
export function hydrateIslands(loaders: Record<string, IslandLoader>) {
  for (const element of document.querySelectorAll<HTMLElement>("[data-island]")) {
    const load = loaders[element.dataset.island ?? ""];
    if (load) whenNearOrTouched(element, () => hydrate(element, load));
  }
}

/** Runs `start` once, when `element` is near the viewport or first touched, whichever is first. */
function whenNearOrTouched(element: HTMLElement, start: () => void) {
  let started = false;
  const observer =
    typeof IntersectionObserver === "function"
      ? new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && begin(), {
          rootMargin: NEAR_VIEWPORT,
        })
      : undefined;
  function begin() {
    if (started) return;
    started = true;
    observer?.disconnect();
    for (const type of FIRST_TOUCH) element.removeEventListener(type, begin, true);
    start();
  }
  for (const type of FIRST_TOUCH) element.addEventListener(type, begin, { capture: true, passive: true });
  if (observer) observer.observe(element);
  else begin();
}

async function hydrate(element: HTMLElement, load: IslandLoader) {
  const [Component, { hydrateRoot }, { createElement, startTransition }] = await Promise.all([
    load(),
    import("react-dom/client"),
    import("react"),
  ]);
  const props = element.dataset.props ? JSON.parse(element.dataset.props) : {};
  startTransition(() => {
    hydrateRoot(element, createElement(Component, props));
  });
}
