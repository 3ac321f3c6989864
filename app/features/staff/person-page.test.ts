import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub, useLoaderData } from "react-router";
import { describe, expect, it } from "vitest";
import { PersonPage, type PersonPageProps } from "./person-page";

// The person page offers to record a complaint from them (issue: complaints) only to a
// member who may handle complaints, and brings the lead it came from to the form.

function Page() {
  return createElement(PersonPage, useLoaderData() as PersonPageProps);
}

function html(props: PersonPageProps) {
  const Stub = createRoutesStub([{ id: "person", path: "/staff/people", Component: Page, loader: () => props }]);
  return renderToStaticMarkup(
    createElement(Stub, { initialEntries: ["/staff/people"], hydrationData: { loaderData: { person: props } } }),
  );
}

const LEAD = "0b7b3c3e-1c1f-4a39-9a53-1d1f2a3b4c5d";
const props: PersonPageProps = {
  from: { kind: "quote", id: LEAD },
  person: { email: "jane@example.com", phone: "07700 900111" },
  leads: [],
  accounts: [],
};

describe("the person page's complaint link", () => {
  it.each([
    ["a complaints handler, from a lead", { canRecordComplaint: true }, `/staff/complaints/new?lead=quote%3A${LEAD}`],
    [
      "a complaints handler, from an account",
      { canRecordComplaint: true, from: { kind: "account" as const, id: LEAD } },
      "/staff/complaints/new",
    ],
  ])("is offered to %s", (_, extra, href) => {
    const page = html({ ...props, ...extra });
    expect(page).toContain(`href="${href.replace(/&/g, "&amp;")}"`);
    expect(page).toContain(">Record a complaint from them</a>");
  });

  it("is not offered to a member who may not handle complaints", () => {
    expect(html({ ...props, canRecordComplaint: false })).not.toContain("Record a complaint");
  });
});
