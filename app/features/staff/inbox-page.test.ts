import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub, useLoaderData } from "react-router";
import { describe, expect, it } from "vitest";
import type { InboxCounts } from "~/domain/inbox-counts";
import { parseInboxFilter } from "~/domain/inbox-filter";
import { type InboxRow, InboxPage, type InboxPageProps } from "./inbox-page";

// The inbox's status tabs as a reader gets them (docs/decisions/240): exact numbers
// grouped in thousands, or, past the bound, "All (more than 1,000)" and the statuses
// without a number rather than a wrong one.

/** The inbox page with the props its loader gave. */
function Inbox() {
  return createElement(InboxPage, useLoaderData() as InboxPageProps);
}

/** The inbox's HTML as the server sends it. */
function inboxHtml(counts: InboxCounts, rows: InboxRow[] = []) {
  const props = {
    filter: parseInboxFilter(new URLSearchParams("q=patel")),
    rows,
    next: null,
    counts,
    staff: [],
    can: [],
    today: "2026-11-20",
  };
  const Page = createRoutesStub([{ id: "inbox", path: "/staff", Component: Inbox, loader: () => props }]);
  return renderToStaticMarkup(
    createElement(Page, { initialEntries: ["/staff"], hydrationData: { loaderData: { inbox: props } } }),
  );
}

function tabs(counts: InboxCounts) {
  const html = inboxHtml(counts);
  const nav = /<nav aria-label="Leads by status"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? "";
  return [...nav.matchAll(/<a [^>]*>([\s\S]*?)<\/a>/g)].map((m) =>
    (m[1] ?? "")
      .replace(/<[^>]+>/g, "")
      .replace(/\s+/g, " ")
      .trim(),
  );
}

describe("the inbox's status tabs", () => {
  it("give each status its exact number, grouped in thousands", () => {
    expect(tabs({ exact: { new: 1_200, completed: 3 } })).toEqual([
      "All (1,203)",
      "New (1,200)",
      "Contacted (0)",
      "In progress (0)",
      "Completed (3)",
      "Declined (0)",
      "Withdrawn (0)",
    ]);
  });

  it("past the bound, say more than it for all, and no number for a status", () => {
    expect(tabs({ moreThan: 1_000 })).toEqual([
      "All (more than 1,000)",
      "New",
      "Contacted",
      "In progress",
      "Completed",
      "Declined",
      "Withdrawn",
    ]);
  });
});

// Each lead once in the HTML (docs/decisions/260): one table, whose rows a phone lays out as
// cards, not a list of cards beside a hidden table.

const row = (kind: InboxRow["kind"], id: string, name: string, phone: string): InboxRow => ({
  kind,
  id,
  receivedAt: "2026-11-20T09:30:00Z",
  name,
  phone,
  loanAmount: kind === "contact" ? null : 45_000,
  loanPurpose: null,
  loanType: null,
  ltv: null,
  status: "new",
  assigneeName: null,
  campaign: null,
  landingPath: null,
  flags: [],
  noPanelMatch: false,
  duplicateOf: null,
  version: 1,
});

const ROWS = [
  row("quote", "3f2a9c10-0000-4000-8000-000000000001", "Quinn Quayle", "07700 900111"),
  row("personal-enquiry", "7be41d22-0000-4000-8000-000000000002", "Ezra Ellis", "07700 900222"),
  row("contact", "c09d5e33-0000-4000-8000-000000000003", "Cara Cole", "0117 496 0333"),
];

const times = (html: string, text: string) => html.split(text).length - 1;

describe("the inbox's leads", () => {
  const html = inboxHtml({ exact: { new: 3 } }, ROWS);

  it("draw each lead once: its link, name and number appear a single time", () => {
    for (const lead of ROWS) {
      // One link to the lead, its name (issue 50): the row drawn once.
      expect(times(html, `href="/staff/leads/${lead.kind}/${lead.id}?list=`), lead.kind).toBe(1);
      expect(times(html, lead.name), lead.kind).toBe(1);
      expect(times(html, lead.phone), lead.kind).toBe(1);
    }
  });

  it("are a table of one row a lead, a cell for each column, the sortable headers links", () => {
    expect(times(html, "<table")).toBe(1);
    // A sortable header is a link whose words for a screen reader say the order it gives.
    const headers = [...html.matchAll(/<th scope="col"[^>]*>([\s\S]*?)<\/th>/g)].map((m) =>
      (m[1] ?? "").replace(/<span class="sr-only">[\s\S]*?<\/span>/g, "").replace(/<[^>]+>/g, ""),
    );
    expect(headers).toEqual(["Received", "Name", "Phone", "Kind", "Amount", "Status", "Assignee", "Flags"]);
    expect(times(html, 'href="/staff?q=patel&amp;sort=name"')).toBe(1);
    const body = /<tbody[\s\S]*?<\/tbody>/.exec(html)?.[0] ?? "";
    const rows = [...body.matchAll(/<tr[\s\S]*?<\/tr>/g)].map((m) => m[0]);
    expect(rows).toHaveLength(ROWS.length);
    for (const tr of rows) expect(times(tr, "<td")).toBe(headers.length);
  });
});
