/** The six loan pages built around a calculator. */
const CALCULATOR_PAGES = [
  "/homeowner-loan-calculator",
  "/secured-homeowner-loan",
  "/debt-consolidation",
  "/bad-credit-homeowner-loan",
  "/school-fees-loan",
  "/home-improvement-loan",
] as const;

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
  ...CALCULATOR_PAGES,
  "/about-us",
  "/contact-us",
  "/make-a-complaint",
  "/terms-of-business",
  "/privacy-policy",
  "/cookie-policy",
  "/google-ads",
] as const;

/**
 * The partner redirects: personal loans handed to a lender. They promote no secured
 * loan, so they carry neither the repossession warning nor a representative example (D19).
 */
export const PERSONAL_LOAN_HAND_OFFS = ["/creditec-redirect", "/loanswarehouse-redirect"] as const;

/** The pages that promote a secured loan with its rate: each prints its own example beside its warning. */
export const LOAN_PAGES = ["/", "/loans", ...CALCULATOR_PAGES] as const;

/** Paths robots should not crawl: the API and per-visitor pages. */
export const ROBOTS_DISALLOW = ["/api/", "/account", "/staff", "/auth"] as const;
