import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub, useLoaderData } from "react-router";
import { describe, expect, it } from "vitest";
import { CaseSection } from "./case-section";
import type { CaseView, LeadView } from "./lead-view";
import type { Refusal } from "./lead-work-forms";

// Each field of the case's forms as a screen reader meets it: its label names the
// control, and the control names its hint and, once refused, its error (aria-describedby),
// marked invalid (DECISIONS D24).

const lead = { kind: "quote", status: "in-progress" } as LeadView;
const sent: CaseView = {
  id: "case-1",
  stage: "application-sent",
  stageLabel: "Application sent",
  version: 3,
  product: {
    id: "product-1",
    lender: "Harbour Bank",
    productName: "Homeowner 5",
    retired: false,
    criteria: { commissionPercent: 1, commissionFixedPounds: 0 },
  },
  applicationSentAt: "2026-11-20T10:00:00Z",
  offer: null,
  completion: null,
  decline: null,
  next: ["offer-received", "declined"],
  commissionOnOffer: null,
};
const offered: CaseView = {
  ...sent,
  stage: "offer-received",
  stageLabel: "Offer received",
  offer: { amount: 40_000, ratePercent: 7.5, termMonths: 120, receivedAt: "2026-11-21T10:00:00Z" },
  next: ["completed", "declined"],
  commissionOnOffer: 40_000,
};
const completed: CaseView = {
  ...offered,
  stage: "completed",
  stageLabel: "Completed",
  completion: { amount: 40_000, completedOn: "2026-11-22", commissionPence: 40_000, commissionReason: null },
  next: [],
};

/** The case section with the case and refusal its route gave. */
function Section() {
  const { leadCase, refusal } = useLoaderData() as { leadCase: CaseView; refusal: Refusal | null };
  return createElement(CaseSection, { lead, leadCase, earlierCases: [], refusal, busy: false });
}

function html(leadCase: CaseView, refusal: Refusal | null) {
  const props = { leadCase, refusal };
  const Page = createRoutesStub([{ id: "lead", path: "/", Component: Section, loader: () => props }]);
  return renderToStaticMarkup(
    createElement(Page, { initialEntries: ["/"], hydrationData: { loaderData: { lead: props } } }),
  );
}

/** Each labelled control of the page: its id, what it is, its description's ids and whether it is marked invalid. */
function fields(page: string) {
  return [...page.matchAll(/<label for="([^"]+)"[^>]*>([^<]*)<\/label>/g)].map(([, id = "", label]) => {
    const control = new RegExp(`<(input|textarea|select) id="${id}"[^>]*>`).exec(page);
    const tag = control?.[0] ?? "";
    return {
      id,
      label,
      control: control?.[1],
      describedBy: /aria-describedby="([^"]*)"/.exec(tag)?.[1]?.split(" ") ?? [],
      invalid: tag.includes('aria-invalid="true"'),
    };
  });
}

/** The text of the paragraph with this id, as read: tags left out, entities undone. */
const textOf = (page: string, id: string) =>
  (new RegExp(`<p id="${id}"[^>]*>([\\s\\S]*?)</p>`).exec(page)?.[1] ?? "")
    .replace(/<[^>]+>/g, "")
    .replaceAll("&#x27;", "'")
    .replaceAll("&quot;", '"')
    .replaceAll("&amp;", "&");

const refused = (form: string, ids: string[]): Refusal => ({
  error: "Check the case's figures",
  form,
  values: {},
  problems: Object.fromEntries(ids.map((id) => [id, `Problem with ${id}`])),
});

const CASES = [
  { name: "the offer and the decline", leadCase: sent, forms: ["case-offer", "case-decline"] },
  { name: "the completion and the decline", leadCase: offered, forms: ["case-complete", "case-decline"] },
  { name: "the commission's change", leadCase: completed, forms: ["case-commission"] },
];

/** The fields with a hint, and the hint each gives. */
const HINTS: Record<string, RegExp> = {
  completedOn: /^The day the lender paid out, UK time: today or earlier\.$/,
  commission: /^Leave empty for the product's own: 1% of the loan \(£400\.00 on the £40,000 offered\)\.$/,
  commissionReason: /^Needed when the commission differs from the product's\.$/,
};

describe("the case's fields", () => {
  it.each(CASES)("$name: each label names its control, each hint is tied to it", ({ leadCase }) => {
    const page = html(leadCase, null);
    const found = fields(page);
    expect(found.length).toBeGreaterThan(0);
    for (const field of found) {
      expect(field.control, field.id).toBeDefined();
      expect(field.invalid, field.id).toBe(false);
      const hint = HINTS[field.id];
      expect(field.describedBy, field.id).toEqual(hint ? [`${field.id}-hint`] : []);
      if (hint) expect(textOf(page, `${field.id}-hint`)).toMatch(hint);
    }
  });

  it.each(CASES)(
    "$name: refused, each field is marked invalid and names its hint, then its error",
    ({ leadCase, forms }) => {
      for (const form of forms) {
        const ids = fields(html(leadCase, null)).map((f) => f.id);
        const page = html(leadCase, refused(form, ids));
        const mine = fields(page).filter((f) => textOf(page, `${f.id}-error`) !== "");
        expect(mine.length, form).toBeGreaterThan(0);
        for (const field of mine) {
          expect(field.invalid, field.id).toBe(true);
          expect(field.describedBy, field.id).toEqual([
            ...(HINTS[field.id] ? [`${field.id}-hint`] : []),
            `${field.id}-error`,
          ]);
          expect(textOf(page, `${field.id}-error`)).toBe(`Problem with ${field.id}`);
        }
      }
    },
  );

  it("draws each form's fields, each label over its control", () => {
    const labels = (leadCase: CaseView) =>
      fields(html(leadCase, null)).map((f) => `${f.id}: ${f.label} (${f.control})`);
    expect(labels(sent)).toEqual([
      "offerAmount: Amount offered (£) (input)",
      "offerRate: Rate (%) (input)",
      "offerTerm: Term (months) (input)",
      "declinedReason: Why the lender declined (select)",
      "declinedNote: Note (needed for other) (textarea)",
    ]);
    expect(labels(offered)).toEqual([
      "completedAmount: Amount lent (£) (input)",
      "completedOn: Completion date (input)",
      "commission: Commission (£) (input)",
      "commissionReason: Why the commission differs (if it does) (textarea)",
      "declinedReason: Why the lender declined (select)",
      "declinedNote: Note (needed for other) (textarea)",
    ]);
    expect(labels(completed)).toEqual([
      "newCommission: New commission (£) (input)",
      "changeReason: Why it changes (textarea)",
    ]);
  });
});
