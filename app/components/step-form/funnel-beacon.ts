import type { FunnelReport } from "~/domain/funnel-report";
import { landingPageUrl } from "../landing-page";

export { funnelStepName } from "~/domain/funnel";

/**
 * Tells the server a form reached a step, sent the visitor on, or was submitted
 * (DECISIONS D16). `sendBeacon` hands the report to the browser, which sends it in the
 * background, even as the page unloads: a step never waits for it, and nothing is
 * written to the visitor's device.
 */
export function reportFunnel(report: Omit<FunnelReport, "landing">) {
  try {
    const body = new Blob([JSON.stringify({ ...report, landing: landingPageUrl() })], { type: "application/json" });
    if (!navigator.sendBeacon?.("/api/funnel", body)) {
      void fetch("/api/funnel", {
        method: "POST",
        body,
        keepalive: true,
        headers: { "Content-Type": "application/json" },
      }).catch(() => {});
    }
  } catch {
    // Counting is never worth an error in the borrower's way.
  }
}
