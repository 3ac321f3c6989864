import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub, useLoaderData } from "react-router";
import { describe, expect, it } from "vitest";
import type { InboxCounts } from "~/domain/inbox-counts";
import { parseInboxFilter } from "~/domain/inbox-filter";
import { InboxPage, type InboxPageProps } from "./inbox-page";

// The inbox's status tabs as a reader gets them (docs/decisions/240): exact numbers
// grouped in thousands, or, past the bound, "All (more than 1,000)" and the statuses
// without a number rather than a wrong one.

/** The inbox page with the props its loader gave. */
function Inbox() {
  return createElement(InboxPage, useLoaderData() as InboxPageProps);
}

function tabs(counts: InboxCounts) {
  const props = { filter: parseInboxFilter(new URLSearchParams("q=patel")), rows: [], next: null, counts, staff: [] };
  const Page = createRoutesStub([{ id: "inbox", path: "/staff", Component: Inbox, loader: () => props }]);
  const html = renderToStaticMarkup(
    createElement(Page, { initialEntries: ["/staff"], hydrationData: { loaderData: { inbox: props } } }),
  );
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
