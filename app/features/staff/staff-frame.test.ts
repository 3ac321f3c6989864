import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { permissionsOf, type Role } from "~/domain/permissions";
import { byRule } from "../../../tests/support/by-rule";
import { placesFor, StaffFrame } from "./staff-frame";

// The console's navigation names every place a member's roles reach (issue 50): the
// reports under one entry, the Consumer Duty outcomes, the promotions (or, for those who
// approve them, "Approvals" with the count waiting), and folds into one menu on a phone.

describe("the places each role reaches", () => {
  it.each(
    byRule([
      { rule: "an adviser: the day's list and the leads", roles: ["adviser"], places: ["Today", "Leads"] },
      {
        rule: "a manager: the reports as one entry, the outcomes and the promotions",
        roles: ["manager"],
        places: ["Today", "Leads", "Reports", "Consumer Duty outcomes", "Promotions", "Lender panel", "Complaints"],
      },
      {
        rule: "compliance: approvals in place of promotions, requests, the audit log and the access review",
        roles: ["compliance"],
        places: [
          "Today",
          "Leads",
          "Consumer Duty outcomes",
          "Approvals",
          "Complaints",
          "Data requests",
          "Audit log",
          "Access review",
        ],
      },
      {
        rule: "an administrator: the access review and the team",
        roles: ["administrator"],
        places: ["Access review", "Team"],
      },
    ]),
  )("%s", (_, { roles, places }) => {
    expect(placesFor(permissionsOf(roles as Role[])).map((p) => p.label)).toEqual(places);
  });
});

describe("the frame", () => {
  const render = (roles: Role[], approvals: number) => {
    const router = createMemoryRouter(
      [
        {
          path: "/staff/today",
          // The frame drawn as the layout route draws it, around a page.
          element: StaffFrame({
            staffName: "Carol Compliance",
            can: permissionsOf(roles),
            approvals,
            children: "Page",
          }),
        },
      ],
      { initialEntries: ["/staff/today"] },
    );
    return renderToStaticMarkup(createElement(RouterProvider, { router }));
  };

  it("counts what waits for the approver beside Approvals, in the row and in the phone's menu", () => {
    const page = render(["compliance"], 3);
    expect(page.match(/Approvals<span[^>]*>\(3\)<\/span>/g)).toHaveLength(2);
    expect(page).toContain("<summary");
    expect(page).toContain(">Menu</summary>");
  });
});
