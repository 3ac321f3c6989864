import { config } from "~/config.server";
import { SITEMAP_PATHS } from "~/content/public-routes";

const escapeXml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");

export function sitemapXml(siteUrl: string): string {
  const urls = SITEMAP_PATHS.map((path) => `  <url><loc>${escapeXml(`${siteUrl}${path}`)}</loc></url>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/** /sitemap.xml, written at build with absolute URLs from SITE_URL. */
export function loader() {
  return new Response(sitemapXml(config().site.siteUrl), {
    headers: { "Content-Type": "application/xml; charset=utf-8" },
  });
}
