import { describe, expect, it } from "vitest";
import { readConfig } from "~/config.server";
import { partnerAUrl, partnerBUrl } from "./partner-urls";

const site = (env: Record<string, string> = {}) => readConfig({ NODE_ENV: "test", ...env }).site;

describe("partner URLs", () => {
  it("send lender A's visitors to its configured personal-loan form unchanged", () => {
    expect(partnerAUrl(site({ PARTNER_A_URL: "https://lender-a.example/apply?ref=hs" }))).toBe(
      "https://lender-a.example/apply?ref=hs",
    );
  });

  it("add source, medium and campaign to lender B's personal-loans page", () => {
    const url = new URL(
      partnerBUrl(
        site({
          PARTNER_B_URL: "https://lender-b.example/personal-loans",
          PARTNER_B_SOURCE: "harbourside",
          PARTNER_B_MEDIUM: "referral",
          PARTNER_B_CAMPAIGN: "spring offer",
        }),
      ),
    );
    expect(url.origin + url.pathname).toBe("https://lender-b.example/personal-loans");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      utm_source: "harbourside",
      utm_medium: "referral",
      utm_campaign: "spring offer",
    });
  });

  it("keep lender B's own parameters and replace stale ones of ours", () => {
    const url = new URL(
      partnerBUrl(site({ PARTNER_B_URL: "https://lender-b.example/loans?product=pl&utm_source=old" })),
    );
    expect(url.searchParams.get("product")).toBe("pl");
    expect(url.searchParams.getAll("utm_source")).toEqual(["harbourside"]);
  });
});
