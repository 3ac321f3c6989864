import type { SiteConfig } from "~/config.server";

export interface NavLink {
  label: string;
  /** An internal path, or an absolute URL to a sister site. */
  href: string;
}

/** The header's navigation, in the order the spec gives. */
export function mainNavigation(site: SiteConfig): NavLink[] {
  return [
    { label: "Home", href: "/" },
    { label: "Personal Loans", href: "/loans" },
    { label: "Homeowner Loans", href: "/secured-homeowner-loan" },
    { label: "Business Loans", href: site.partners.businessUrl },
    { label: "Bridging Loans", href: site.partners.bridgingUrl },
    { label: "Contact Us", href: "/contact-us" },
  ];
}

export interface FooterGroup {
  title: string;
  links: NavLink[];
}

export function footerGroups(site: SiteConfig): FooterGroup[] {
  return [
    {
      title: "Loan Services",
      links: [
        { label: "Homeowner loans", href: "/secured-homeowner-loan" },
        { label: "Personal loans", href: "/loans" },
        { label: "Debt consolidation", href: "/debt-consolidation" },
        { label: "Home improvement loans", href: "/home-improvement-loan" },
        { label: "School fees loans", href: "/school-fees-loan" },
        { label: "Bad credit homeowner loans", href: "/bad-credit-homeowner-loan" },
        { label: "Business loans", href: site.partners.businessUrl },
        { label: "Bridging loans", href: site.partners.bridgingUrl },
      ],
    },
    {
      title: "Resources",
      links: [
        { label: "Homeowner loan calculator", href: "/homeowner-loan-calculator" },
        { label: "Check your eligibility", href: "/apply" },
        { label: "Quick eligibility check", href: "/apply-personal" },
      ],
    },
    {
      title: "Company",
      links: [
        { label: "About us", href: "/about-us" },
        { label: "Contact us", href: "/contact-us" },
        { label: "Make a complaint", href: "/make-a-complaint" },
        { label: "Your account", href: "/auth" },
      ],
    },
    {
      title: "Legal",
      links: [
        { label: "Terms of business", href: "/terms-of-business" },
        { label: "Privacy policy", href: "/privacy-policy" },
        { label: "Cookie policy", href: "/cookie-policy" },
      ],
    },
  ];
}

export const isExternal = (href: string) => /^https?:\/\//.test(href);
