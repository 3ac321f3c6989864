/**
 * Facts the legal pages state, in one place: the privacy policy, the cookie policy,
 * the consent banner and the terms read them from here (spec section 9).
 */

/** The date the terms of business were last revised (spec: 15 August 2025). */
export const TERMS_LAST_UPDATED = "15 August 2025";
export const PRIVACY_LAST_UPDATED = "7 December 2026";
export const COOKIE_POLICY_LAST_UPDATED = "15 August 2025";

/** How long we keep what (DECISIONS D11, D15): the periods the retention job deletes by. */
export { RETENTION } from "~/domain/retention";

/** Days a customer has to cancel our service without giving a reason. */
export const COOLING_OFF_DAYS = 14;

/** Our complaint-handling promises (spec section 9). */
export const COMPLAINTS = {
  acknowledgeWithinBusinessDays: 5,
  finalResponseWithinWeeks: 8,
} as const;

export type CookieCategory = "essential" | "analytics" | "advertising";

export interface CookieDescription {
  name: string;
  category: CookieCategory;
  provider: string;
  purpose: string;
  duration: string;
}

/**
 * Every cookie the site may set. Only the essential ones are set without consent;
 * analytics and advertising cookies are set only after the visitor says yes (DECISIONS D8).
 */
export const COOKIES: readonly CookieDescription[] = [
  {
    name: "consent",
    category: "essential",
    provider: "This site",
    purpose: "Remembers your cookie choices so we do not ask again on every page.",
    duration: "1 year",
  },
  {
    name: "Session cookie",
    category: "essential",
    provider: "This site",
    purpose: "Keeps you signed in to your account, if you have one, and protects forms from misuse.",
    duration: "Session (deleted when you close your browser or sign out)",
  },
  {
    name: "_ga",
    category: "analytics",
    provider: "Google Analytics",
    purpose: "Distinguishes visitors so we can count how many people use each page.",
    duration: "2 years",
  },
  {
    name: "_gid",
    category: "analytics",
    provider: "Google Analytics",
    purpose: "Distinguishes visitors within a day.",
    duration: "24 hours",
  },
  {
    name: "_gcl_au",
    category: "advertising",
    provider: "Google Ads",
    purpose: "Tells us that an enquiry came from one of our adverts, so we can measure them.",
    duration: "90 days",
  },
];

export const CONSENT_COOKIE_DAYS = 365;
