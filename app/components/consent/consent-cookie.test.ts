import { describe, expect, it } from "vitest";
import {
  ACCEPT_ALL,
  parseConsentCookie,
  parseConsentValue,
  REJECT_NON_ESSENTIAL,
  serialiseConsent,
} from "~/domain/consent";
import { consentCookieString, isTrackingCookie } from "./consent-cookie";

describe("the consent cookie", () => {
  it.each([
    ACCEPT_ALL,
    REJECT_NON_ESSENTIAL,
    { analytics: true, advertising: false },
    { analytics: false, advertising: true },
  ])("round-trips %o", (consent) => {
    expect(parseConsentValue(serialiseConsent(consent))).toEqual(consent);
  });

  it("is found among other cookies, encoded as the browser stores it", () => {
    const cookie = consentCookieString({ analytics: true, advertising: false }, { secure: false }).split(";")[0];
    expect(parseConsentCookie(`theme=dark; ${cookie}; other=1`)).toEqual({ analytics: true, advertising: false });
  });

  it("means no choice when absent, malformed or from another policy version", () => {
    expect(parseConsentCookie(undefined)).toBeNull();
    expect(parseConsentCookie("theme=dark")).toBeNull();
    expect(parseConsentCookie("consent=yes")).toBeNull();
    expect(parseConsentCookie("consent=v0%7Canalytics%3A1%7Cadvertising%3A1")).toBeNull();
    expect(parseConsentCookie("consent=%E0%A4%A")).toBeNull();
  });

  it("lasts one year, for the whole site, first party and same-site", () => {
    const cookie = consentCookieString(ACCEPT_ALL, { secure: true });
    expect(cookie).toContain(`Max-Age=${365 * 24 * 60 * 60}`);
    expect(cookie).toContain("Path=/");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("Secure");
    expect(cookie).not.toContain("Domain=");
    expect(consentCookieString(ACCEPT_ALL, { secure: false })).not.toContain("Secure");
  });

  it("knows Google's analytics and advertising cookies, and leaves ours alone", () => {
    for (const name of ["_ga", "_ga_ABC123", "_gid", "_gat_UA-1", "_gcl_au"]) expect(isTrackingCookie(name)).toBe(true);
    for (const name of ["consent", "session", "landingPageUrl"]) expect(isTrackingCookie(name)).toBe(false);
  });
});
