import type { MetaDescriptor } from "react-router";
import type { SiteConfig } from "~/config.server";

interface PageMeta {
  /** The page's own title; the brand is appended. */
  title: string;
  description: string;
  /** The page's path, for its canonical URL. */
  path: string;
  image?: string;
  keywords?: string;
  noindex?: boolean;
}

type MatchWithData = { id: string; data?: unknown } | undefined;

/** The root loader's site configuration, from a `meta` function's `matches`. */
export function siteFromMatches(matches: readonly MatchWithData[]): SiteConfig | undefined {
  const root = matches.find((m) => m?.id === "root");
  return (root?.data as { site?: SiteConfig } | undefined)?.site;
}

/** Title, description, canonical and Open Graph tags for a page. */
export function pageMeta(matches: readonly MatchWithData[], page: PageMeta): MetaDescriptor[] {
  const site = siteFromMatches(matches);
  const brand = site?.brandName ?? "";
  const siteUrl = site?.siteUrl ?? "";
  const url = `${siteUrl}${page.path === "/" ? "/" : page.path}`;
  const title = brand ? `${page.title} | ${brand}` : page.title;
  const image = `${siteUrl}${page.image ?? "/og-image.png"}`;
  return [
    { title },
    { name: "description", content: page.description },
    ...(page.keywords ? [{ name: "keywords", content: page.keywords }] : []),
    ...(page.noindex ? [{ name: "robots", content: "noindex" }] : []),
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: brand },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:locale", content: "en_GB" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: page.description },
  ];
}
