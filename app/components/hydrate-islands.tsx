import type { ComponentType } from "react";
import { hydrateRoot } from "react-dom/client";

/**
 * For an island script (docs/decisions/058): hydrates every `[data-island]` element of
 * the page whose name is in `components`, with the props the server rendered it with.
 */
// biome-ignore lint/suspicious/noExplicitAny: each island's props are its own; the server wrote them
export function hydrateIslands(components: Record<string, ComponentType<any>>) {
  for (const element of document.querySelectorAll<HTMLElement>("[data-island]")) {
    const Component = components[element.dataset.island ?? ""];
    if (!Component) continue;
    const props = element.dataset.props ? JSON.parse(element.dataset.props) : {};
    hydrateRoot(element, <Component {...props} />);
  }
}

/**
 * As hydrateIslands, for a script that serves several pages with different islands:
 * the component of each island on the page is fetched first (`import()`, a chunk of its
 * own), so a page downloads only its own.
 */
// biome-ignore lint/suspicious/noExplicitAny: as above
export async function hydrateIslandsWhenLoaded(loaders: Record<string, () => Promise<ComponentType<any>>>) {
  const names = new Set([...document.querySelectorAll<HTMLElement>("[data-island]")].map((e) => e.dataset.island));
  const onPage = Object.entries(loaders).filter(([name]) => names.has(name));
  hydrateIslands(Object.fromEntries(await Promise.all(onPage.map(async ([name, load]) => [name, await load()]))));
}
