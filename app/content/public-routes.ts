/**
 * Every public page search engines should know about (sitemap.xml). Pages that only
 * make sense mid-journey (thank-you pages, partner redirects, the decline page) and
 * private ones (accounts, staff) are left out on purpose and marked noindex.
 */
export const SITEMAP_PATHS = [
  "/",
  "/loans",
  "/apply",
  "/loan-application",
  "/apply-personal",
  "/homeowner-loan-calculator",
  "/secured-homeowner-loan",
  "/debt-consolidation",
  "/bad-credit-homeowner-loan",
  "/school-fees-loan",
  "/home-improvement-loan",
  "/about-us",
  "/contact-us",
  "/terms-of-business",
  "/privacy-policy",
  "/cookie-policy",
  "/google-ads",
] as const;

/** Paths robots should not crawl: the API and per-visitor pages. */
export const ROBOTS_DISALLOW = ["/api/", "/account", "/staff", "/auth"] as const;
