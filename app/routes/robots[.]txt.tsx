import { config } from "~/config.server";
import { ROBOTS_DISALLOW } from "~/content/public-routes";

export function robotsTxt(siteUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...ROBOTS_DISALLOW.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${siteUrl}/sitemap.xml`,
    "",
  ].join("\n");
}

/** /robots.txt, written at build. */
export function loader() {
  return new Response(robotsTxt(config().site.siteUrl), { headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
