import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub, useLoaderData } from "react-router";
import { describe, expect, it } from "vitest";
import { complaintStage, PersonPage, type PersonPageProps } from "./person-page";

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

describe("the person page's heading", () => {
  const lead = (id: string, name: string): PersonPageProps["leads"][number] => ({
    kind: "quote",
    id,
    receivedAt: "2026-12-07T10:00:00.000Z",
    name,
    email: "jane@example.com",
    phone: "07700 900111",
    status: "new",
    loanAmount: 50_000,
    byEmail: false,
    byPhone: true,
    nextAction: null,
    callbackAt: null,
  });
  const COMPLAINT = "5d1c2b3a-0000-4000-8000-000000000001";
  const ACCOUNT = "acct-1";
  const everyone: PersonPageProps = {
    ...props,
    // Newest first: another borrower's lead with the same phone number came in last.
    leads: [lead("9c9c9c9c-0000-4000-8000-000000000009", "Sam Sharer"), lead(LEAD, "Jo Record")],
    accounts: [
      {
        id: ACCOUNT,
        name: "Jo Account",
        email: "jane@example.com",
        phone: null,
        confirmed: true,
        createdAt: "2026-12-01T10:00:00.000Z",
        byEmail: true,
        byPhone: false,
      },
    ],
    complaints: [
      {
        id: COMPLAINT,
        reference: "C-5D1C2B3A",
        name: "Jo Complainant",
        receivedAt: "2026-12-07T10:00:00.000Z",
        closedAt: null,
        needs: null,
        answered: null,
        lead: null,
      },
    ],
  };

  it.each([
    ["the lead it was opened from", { kind: "quote" as const, id: LEAD }, "Jo Record"],
    ["the complaint it was opened from", { kind: "complaint" as const, id: COMPLAINT }, "Jo Complainant"],
    ["the account it was opened from", { kind: "account" as const, id: ACCOUNT }, "Jo Account"],
  ])("names the person as %s names them, not as the newest lead sharing their phone", (_, from, name) => {
    expect(html({ ...everyone, from })).toContain(`>${name}: everything held</h1>`);
  });

  it("falls back to the newest record when the one it was opened from is not among them", () => {
    expect(html({ ...everyone, from: { kind: "contact", id: "gone" } })).toContain(">Sam Sharer: everything held</h1>");
  });
});

describe("a complaint's stage on the person page", () => {
  const by = "2027-02-02T00:00:00.000Z";
  it.each([
    [{ kind: "reopened", by, overdue: false }, "Reopened: final response due by Mon 1 Feb 2027", false],
    [{ kind: "reopened", by, overdue: true }, "Reopened, final response overdue: was due by Mon 1 Feb 2027", true],
    [{ kind: "eighth-week", by }, "In its eighth week: final response due by Mon 1 Feb 2027", false],
  ] as const)("%o reads %s", (needs, text, overdue) => {
    expect(complaintStage({ closedAt: null, needs, answered: null })).toEqual({ text, overdue });
  });
});
