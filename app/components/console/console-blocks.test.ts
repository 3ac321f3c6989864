import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { csvDownload } from "../../../server/platform/csv.server";
import { CheckStep } from "./check-step";
import { DataTable, TableSection } from "./data-table";

// The console's building blocks as the server sends them: what a person (or a screen
// reader) meets, without any script.

/** A block drawn on a page at `url`, inside a router, as its HTML. */
function html(url: string, element: () => ReturnType<typeof createElement>) {
  const path = url.split("?")[0] ?? "/";
  const Page = createRoutesStub([{ path, Component: element }]);
  return renderToStaticMarkup(createElement(Page, { initialEntries: [url] }));
}

type Lead = { id: string; name: string; amount: number };
const LEADS: Lead[] = [
  { id: "a1", name: "Ann", amount: 25_000 },
  { id: "b2", name: "Bob", amount: 40_000 },
];

const table = (rows: Lead[], extra: Partial<Parameters<typeof DataTable<Lead>>[0]> = {}) =>
  createElement(DataTable<Lead>, {
    caption: "Leads",
    look: "list",
    rows,
    rowKey: (lead) => lead.id,
    empty: "No leads match this filter.",
    columns: [
      { header: "Name", rowHeader: true, cell: (lead) => lead.name },
      { header: "Amount", numeric: true, sort: "amount", cell: (lead) => lead.amount },
    ],
    ...extra,
  });

describe("the console's data table", () => {
  it("says so across the table when there is nothing to show", () => {
    const page = html("/staff/x", () => table([]));
    expect(page).toContain('<td colSpan="2" class="px-2 py-6 text-center">No leads match this filter.</td>');
    expect(page).toContain('<caption class="sr-only">Leads</caption>');
  });

  it("links a sortable header to this page in that order, keeping the filter and leaving the page cursor", () => {
    const page = html("/staff/x?kind=quote&after=abc", () => table(LEADS));
    expect(page).toContain('href="/staff/x?kind=quote&amp;sort=amount&amp;dir=asc"');
    expect(page).not.toContain("aria-sort");
  });

  it("marks the sorted column and offers the other direction", () => {
    const page = html("/staff/x?sort=amount&dir=asc", () => table(LEADS, { sorted: { key: "amount", dir: "asc" } }));
    expect(page).toContain('aria-sort="ascending"');
    expect(page).toContain('href="/staff/x?sort=amount&amp;dir=desc"');
  });

  it("gives each row a labelled tick box for a form elsewhere on the page", () => {
    const page = html("/staff/x", () =>
      table(LEADS, {
        select: {
          name: "lead",
          value: (lead) => lead.id,
          label: (lead) => `Tick ${lead.name}`,
          header: "Tick",
          form: "many",
        },
      }),
    );
    expect(page).toContain('<input id="pick-a1" type="checkbox" form="many" class="size-5" name="lead" value="a1"/>');
    expect(page).toContain('<label for="pick-a1" class="sr-only">Tick Ann</label>');
    expect(page).toContain('<th scope="row" class="px-2 py-2">Bob</th>');
  });
});

describe("the console's stacked table", () => {
  it("names each cell by its column, for a phone to draw the row as labelled lines without its header row", () => {
    const page = html("/staff/x", () => table(LEADS, { look: "stacked" }));
    expect(page).toContain('<thead class="max-sm:hidden">');
    expect(page).toMatch(/<th scope="row" class="[^"]*max-sm:block[^"]*" data-label="Name">Ann<\/th>/);
    // The label comes before the value: "Amount: 25000" (the quote marks escaped in the attribute).
    expect(page).toMatch(
      /<td class="[^"]*max-sm:before:content-\[attr\(data-label\)_&#x27;:_&#x27;\][^"]*" data-label="Amount">25000<\/td>/,
    );
  });

  it("leaves a list's cells unnamed: a wide screen shows the header row", () => {
    expect(html("/staff/x", () => table(LEADS))).not.toContain("data-label");
  });
});

describe("the console's compact table", () => {
  const compact = (extra: Partial<Parameters<typeof DataTable<Lead, "amount">>[0]> = {}) =>
    html("/staff/x", () =>
      createElement(DataTable<Lead, "amount">, {
        caption: "Leads",
        look: "compact",
        rows: LEADS,
        rowKey: (lead) => lead.id,
        empty: "No leads match this filter.",
        columns: [
          { header: "Name", className: "max-sm:order-1", cell: (lead) => lead.name },
          { header: "Amount", numeric: true, sort: "amount", cell: (lead) => lead.amount },
        ],
        ...extra,
      }),
    );

  it("gives a row its own classes and data, and lays its cells out in a row of lines on a phone", () => {
    const page = compact({
      rowTestId: "lead",
      rowProps: (lead) => ({ className: "focus-within:bg-brand-50", "data-lead": lead.id }),
    });
    expect(page).toContain('<thead class="max-sm:hidden">');
    expect(page).toMatch(
      /<tr class="[^"]*max-sm:flex max-sm:flex-wrap[^"]* focus-within:bg-brand-50" data-testid="lead" data-lead="b2">/,
    );
    expect(page).toMatch(/<td class="[^"]*max-sm:p-0 max-sm:order-1">Ann<\/td>/);
    expect(page).not.toContain("has-checked");
    expect(page).not.toContain("data-label");
  });

  it("sets a row's box at the start of its lines on a phone, and a ticked row apart", () => {
    const page = compact({
      select: { name: "lead", value: (lead) => lead.id, label: (lead) => `Tick ${lead.name}`, header: "Tick" },
    });
    expect(page).toMatch(/<tr class="[^"]*has-checked:bg-amber-50[^"]*max-sm:pl-8">/);
    expect(page).toMatch(/<td class="[^"]*max-sm:absolute max-sm:top-2 max-sm:left-0[^"]*"><input id="pick-a1"/);
  });

  it("draws a sortable header with the page's own link, and marks the order", () => {
    const page = compact({
      sorted: { key: "amount", dir: "desc" },
      sortLink: (sort, header) => createElement("a", { href: `/leads?by=${sort}` }, header),
    });
    expect(page).toContain(
      '<th scope="col" class="px-2 py-2 font-semibold whitespace-nowrap text-right" aria-sort="descending"><a href="/leads?by=amount">Amount</a></th>',
    );
  });

  it("says its one line across the table, as a block on a phone", () => {
    expect(compact({ rows: [] })).toContain(
      '<tr class="max-sm:block"><td colSpan="2" class="px-2 py-6 text-center max-sm:block">No leads match this filter.</td></tr>',
    );
  });
});

describe("the console's table under a heading", () => {
  const section = (rows: Lead[]) =>
    html("/staff/x", () =>
      createElement(TableSection<Lead>, {
        id: "open",
        title: "Open (2)",
        none: "Nothing is open.",
        rows,
        rowKey: (lead) => lead.id,
        columns: [{ header: "Name", cell: (lead) => lead.name }],
      }),
    );

  it("is a section named by its heading, holding the table", () => {
    const page = section(LEADS);
    expect(page).toContain('<section aria-labelledby="open-heading" class="mt-8"><h2 id="open-heading"');
    expect(page).toContain(">Open (2)</h2>");
    expect(page).toContain("<table");
    expect(page).not.toContain("Nothing is open.");
  });

  it("says its one line in the table's place when there are no rows", () => {
    const page = section([]);
    expect(page).toContain('<p class="mt-3">Nothing is open.</p>');
    expect(page).not.toContain("<table");
  });
});

describe("the confirmation step", () => {
  it("says what will happen and to whom, and posts the action again with the confirmation", () => {
    const page = html("/staff/x", () =>
      createElement(CheckStep, {
        title: "Assign 2 leads to Sam Patel?",
        what: "Each lead moves to Sam Patel's list; the audit log records it.",
        whom: ["0B9A7C1E", "1C2D3E4F"],
        fields: [
          ["lead", "quote:a1"],
          ["lead", "quote:b2"],
          ["intent", "assign"],
        ],
        cancel: "/staff",
      }),
    );
    expect(page).toMatch(/<form [^>]*aria-labelledby="check-step"[^>]*action="\/staff\/x" method="post">/);
    expect(page).toContain(
      '<h2 id="check-step" class="text-lg font-bold text-slate-900">Assign 2 leads to Sam Patel?</h2>',
    );
    expect(page).toContain("<li>0B9A7C1E</li><li>1C2D3E4F</li>");
    expect(page).toContain('<input type="hidden" name="lead" value="quote:b2"/>');
    expect(page).toContain('<input type="hidden" name="confirm" value="yes"/>');
    expect(page).toMatch(/<button[^>]*type="submit"[^>]*>Confirm<\/button>/);
    expect(page).toMatch(/<a [^>]*href="\/staff"[^>]*>Cancel<\/a>/);
  });
});

describe("a console download", () => {
  it("is a UTF-8 CSV attachment that no browser or proxy keeps", async () => {
    const response = csvDownload("funnel-2026-01-01-to-2026-01-31.csv", "\uFEFFa,b\r\n");
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe(
      'attachment; filename="funnel-2026-01-01-to-2026-01-31.csv"',
    );
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    // The byte-order mark is kept (a text reader would drop it): Excel reads the file as UTF-8.
    expect([...new Uint8Array(await response.arrayBuffer())].slice(0, 4)).toEqual([0xef, 0xbb, 0xbf, 0x61]);
  });
});
