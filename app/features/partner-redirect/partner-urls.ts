import type { SiteConfig } from "~/config.server";

/** Lender A's personal-loan form, as configured (DECISIONS D9). */
export function partnerAUrl(site: SiteConfig): string {
  return site.partners.a.url;
}

/**
 * Lender B's personal-loans page with our source, medium and campaign as UTM parameters,
 * so the partner can attribute the visit (and its commission) to us. Parameters already
 * in the configured URL are kept; ours replace any of the same name.
 */
export function partnerBUrl(site: SiteConfig): string {
  const { url, source, medium, campaign } = site.partners.b;
  const target = new URL(url);
  target.searchParams.set("utm_source", source);
  target.searchParams.set("utm_medium", medium);
  target.searchParams.set("utm_campaign", campaign);
  return target.toString();
}
