import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub, useLoaderData } from "react-router";
import { describe, expect, it } from "vitest";
import { TeamPage, type TeamPageProps } from "./team-page";

// The team page as the server sends it (DECISIONS D25, D24): each refused field's message
// tied to its control, what was typed drawn again, the new link shown once, and each
// member's buttons named for the member.

function Team() {
  return createElement(TeamPage, useLoaderData() as TeamPageProps);
}

function teamHtml(props: TeamPageProps) {
  const Page = createRoutesStub([{ id: "team", path: "/staff/team", Component: Team, loader: () => props }]);
  return renderToStaticMarkup(
    createElement(Page, { initialEntries: ["/staff/team"], hydrationData: { loaderData: { team: props } } }),
  );
}

const ADA = {
  id: "m-ada",
  name: "Ada Admin",
  email: "ada@firm.example",
  roles: ["administrator" as const],
  enrolled: true,
  disabled: false,
  lastSignInAt: "2026-11-27T09:30:00.000Z",
  request: null,
};
const BASE: TeamPageProps = { members: [ADA], viewerId: "m-ada", fresh: true, notice: null, soleAdministrator: true };

describe("the team page", () => {
  it("lists each member with roles, state and last sign-in, and names each button for the member", () => {
    const html = teamHtml(BASE);
    expect(html).toContain("Ada Admin (you)");
    expect(html).toContain('data-testid="member-roles">Administrator<');
    expect(html).toContain('data-testid="member-state">Enrolled<');
    expect(html).toMatch(/Save roles<span class="sr-only"> for Ada Admin<\/span>/);
    // Her own card offers no new link and no disabling: another administrator's to do.
    expect(html).not.toMatch(/Disable<span class="sr-only"> Ada Admin<\/span>/);
    expect(html).not.toMatch(/Send a new link<span class="sr-only"> to Ada Admin<\/span>/);
    expect(html).toContain("Another administrator sends you a new link or disables your account.");
    const others = teamHtml({ ...BASE, viewerId: "m-bea" });
    expect(others).toMatch(/Disable<span class="sr-only"> Ada Admin<\/span>/);
    expect(others).toMatch(/Send a new link<span class="sr-only"> to Ada Admin<\/span>/);
    expect(others).not.toContain("Another administrator sends you a new link");
    // No code asked: the note about it appears only when one will be.
    expect(html).not.toContain("first ask for a code");
    expect(teamHtml({ ...BASE, fresh: false })).toContain("first ask for a code");
  });

  it("draws a refused add again with what was typed, each problem at its field and in the summary", () => {
    const html = teamHtml({
      ...BASE,
      outcome: {
        form: "add",
        problems: { email: "Enter a work email address, like ann@yourfirm.co.uk.", roles: "Choose at least one role." },
        values: { name: "Abe Adviser", email: "abe@", roles: [] },
      },
    });
    expect(html).toContain("There is a problem");
    expect(html).toMatch(/<input id="add-name"[^>]*value="Abe Adviser"/);
    expect(html).toMatch(/<input id="add-email"[^>]*aria-invalid="true"[^>]*aria-describedby="add-email-error"/);
    expect(html).toContain('id="add-email-error"');
    expect(html).toMatch(/<fieldset aria-describedby="add-roles-error"/);
    expect(html).toContain('href="#add-role-adviser"');
  });

  it("opens the member's roles form on a refusal of theirs, and says a link was sent without showing one", () => {
    const html = teamHtml({
      ...BASE,
      outcome: {
        form: "m-ada",
        problems: {
          roles: "There must always be an enabled administrator: give another member the Administrator role first.",
        },
        values: { name: "", email: "", roles: ["compliance"] },
      },
    });
    expect(html).toMatch(/<details class="mt-3" open="">/);
    expect(html).toMatch(/id="m-ada-role-compliance"[^>]*checked/);
    expect(html).not.toMatch(/id="m-ada-role-administrator"[^>]*checked/);
    const added = teamHtml({
      ...BASE,
      outcome: { form: "add", notice: "Abe is added. A link to set up their account has been sent to their address." },
    });
    expect(added).toContain("sent to their address");
    expect(added).not.toContain("/staff/enrol");
  });

  it("shows a change waiting for a second administrator, with Confirm and Refuse for any administrator but the asker", () => {
    const BEA = {
      ...ADA,
      id: "m-bea",
      name: "Bea Adviser",
      roles: ["adviser" as const],
      request: {
        roles: ["adviser" as const, "compliance" as const],
        askedBy: { id: "m-ada", name: "Ada Admin" },
        askedAt: "2026-11-27T10:00:00.000Z",
      },
    };
    const CY = { ...ADA, id: "m-cy", name: "Cy Admin" };
    const asker = teamHtml({ ...BASE, soleAdministrator: false, members: [ADA, BEA, CY] });
    expect(asker).toContain('data-testid="requested-roles">Adviser, Compliance<');
    expect(asker).toContain("Another administrator must confirm it");
    expect(asker).not.toContain("Confirm<span");
    const other = teamHtml({ ...BASE, viewerId: "m-cy", soleAdministrator: false, members: [ADA, BEA, CY] });
    expect(other).toContain("Ada Admin asked on");
    expect(other).toMatch(/Confirm<span class="sr-only"> the roles for Bea Adviser<\/span>/);
    expect(other).toMatch(/Refuse<span class="sr-only"> the roles for Bea Adviser<\/span>/);
    expect(teamHtml(BASE)).toContain("The firm has a single administrator");
    expect(other).toContain("wait for a second administrator to confirm them");
  });
});
