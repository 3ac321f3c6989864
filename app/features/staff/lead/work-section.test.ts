import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub, useLoaderData } from "react-router";
import { describe, expect, it } from "vitest";
import type { LeadView } from "../lead-view";
import type { Refusal } from "../lead-work-forms";
import { WorkSection } from "./work-section";

// One error pattern on the lead's work forms (DECISIONS D30, decision 412): each posts without
// the browser's own checks, and a refusal at a field comes back as the error summary above
// its form, linking to the field, and the same words at the field.

type Props = Parameters<typeof WorkSection>[0];

function Section() {
  return createElement(WorkSection, useLoaderData() as Props);
}

function html(refusal: Refusal | null) {
  const props: Props = {
    lead: {
      kind: "quote",
      id: "q1",
      status: "new",
      version: 3,
      assigneeId: null,
      nextAction: null,
    } as unknown as LeadView,
    staff: [],
    viewerId: "me",
    assignOthers: false,
    refusal,
    busy: false,
  };
  const Page = createRoutesStub([
    { id: "lead", path: "/staff/leads/quote/q1", Component: Section, loader: () => props },
  ]);
  return renderToStaticMarkup(
    createElement(Page, { initialEntries: ["/staff/leads/quote/q1"], hydrationData: { loaderData: { lead: props } } }),
  );
}

/** Each `<form …>` opening tag of the page. */
const forms = (page: string) => page.match(/<form[^>]*>/g) ?? [];

describe("the lead's work forms", () => {
  it("post without the browser's bubble: the call, the email or letter and the note forms are noValidate", () => {
    const page = html(null);
    for (const id of ['data-testid="call-form"', 'id="log-message"', 'id="add-note"']) {
      expect(
        forms(page).find((tag) => tag.includes(id)),
        id,
      ).toMatch(/novalidate/i);
    }
    expect(page).not.toContain("There is a problem");
  });

  it.each([
    ["call", "outcome", "Choose how the call went.", "call-outcome-"],
    ["call", "kind", "Choose the next action.", "call-next-kind"],
    ["message", "channel", "Choose which way it went.", "message-channel-"],
    ["note", "note", "Write the note.", "note"],
  ])("say a refused %s at its %s in the summary and at the field", (form, field, error, target) => {
    const page = html({ error, form, field, values: {} });
    expect(page).toContain("There is a problem");
    expect(page).toMatch(new RegExp(`<a href="#${target}[^"]*"[^>]*>${error}</a>`));
    // Once in the summary and once at the field.
    expect(page.split(error).length - 1).toBe(2);
  });

  it("draws no summary for a refusal that names no field (a stale page), which the page says above", () => {
    expect(html({ error: "Someone changed this lead", form: "call", values: {} })).not.toContain("There is a problem");
  });
});
