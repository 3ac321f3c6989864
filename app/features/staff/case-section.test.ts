import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub, useLoaderData } from "react-router";
import { describe, expect, it } from "vitest";
import type { LeadStatus } from "~/domain/leads";
import { byRule } from "../../../tests/support/by-rule";
import { CaseSection } from "./case-section";
import { type CaseRecord, caseView, type LeadView } from "./lead-view";

// The case section after a lender's decline (docs/decisions/256): what the adviser is told
// about a new case, by the lead's status, and the earlier declined cases listed beneath.

const sent = new Date("2026-11-20T09:00:00Z");
const declinedAt = new Date("2026-11-23T14:30:00Z");
const product = (lender: string, retired = false): CaseRecord["product"] => ({
  id: `p-${lender}`,
  lender,
  productName: "Homeowner plus",
  retired,
  criteria: { commissionPercent: 1.5, commissionFixedPounds: 250 },
});
const declined = (id: string, lender: string, reason: string, retired = false) =>
  caseView({
    id,
    stage: "declined",
    version: 2,
    product: product(lender, retired),
    applicationSentAt: sent,
    offer: null,
    completion: null,
    decline: { reason, at: declinedAt },
  });

type SectionProps = Parameters<typeof CaseSection>[0];

/** The section with the props its page gave. */
function Section() {
  return createElement(CaseSection, useLoaderData() as SectionProps);
}

/** The section's words (its blocks apart, its inline emphasis not), for a quote at `status` whose latest case the lender declined. */
function sectionText(status: LeadStatus, earlier = [declined("c1", "Example Lender A", "loan-to-value", true)]) {
  const props: SectionProps = {
    lead: { kind: "quote", status } as LeadView,
    leadCase: declined("c2", "Example Lender B", "affordability"),
    earlierCases: earlier,
    refusal: null,
    busy: false,
  };
  const Page = createRoutesStub([
    { id: "lead", path: "/staff/leads/quote/q1", Component: Section, loader: () => props },
  ]);
  return renderToStaticMarkup(
    createElement(Page, { initialEntries: ["/staff/leads/quote/q1"], hydrationData: { loaderData: { lead: props } } }),
  )
    .replace(/<\/?strong>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");
}

const START = "start a new case beside a product that fits, in the lender panel below";
const REOPEN = "reopen the lead, then start a new case";

describe("the case section after a lender's decline", () => {
  it.each(
    byRule([
      { rule: "a reopened lead: start a new case below", status: "contacted", says: [START], not: [REOPEN] },
      { rule: "a lead in progress: the same", status: "in-progress", says: [START], not: [REOPEN] },
      { rule: "the lead declined with its case: reopen it first", status: "declined", says: [REOPEN], not: [START] },
      { rule: "a withdrawn lead: reopen it first", status: "withdrawn", says: [REOPEN], not: [START] },
      { rule: "a completed lead takes no case: neither", status: "completed", says: [], not: [START, REOPEN] },
    ] as { rule: string; status: LeadStatus; says: string[]; not: string[] }[]),
  )("%s", (_rule, { status, says, not }) => {
    const text = sectionText(status);
    expect(text).toContain("This case is declined by the lender: it takes no further stage.");
    for (const words of says) expect(text).toContain(words);
    for (const words of not) expect(text).not.toContain(words);
  });

  it("lists each earlier case with its lender, product, when it was sent and declined, and why", () => {
    const text = sectionText("contacted", [
      declined("c1", "Example Lender A", "loan-to-value", true),
      declined("c0", "Example Lender C", "other"),
    ]);
    expect(text).toContain(
      "Earlier cases Example Lender A, Homeowner plus (now retired): application sent Fri 20 Nov 2026, 9am; declined by the lender Mon 23 Nov 2026, 2:30pm: Loan to value too high.",
    );
    expect(text).toContain("Example Lender C, Homeowner plus: application sent");
    expect(text).toContain(": Other.");
  });

  it("shows no earlier cases when the lead has had one case", () => {
    expect(sectionText("contacted", [])).not.toContain("Earlier cases");
  });
});
