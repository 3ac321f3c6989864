import type { ReactNode } from "react";
import { Form, NavLink } from "react-router";
import { Notice } from "~/components/console/notice";
import { TextLink } from "~/components/console/text-link";
import { cn } from "~/components/ui/cn";
import type { Permission } from "~/domain/permissions";

// The console's own frame (DECISIONS D14): no public header or footer, a skip link's
// target, every place the member's roles open (DECISIONS D25, issue 50; the day's list
// first), and signing out. On a phone the places fold into one "Menu" button (a
// `<details>`, no script needed), so the header takes one row; on a wide screen the places
// wrap within their own column, so "Sign out" stays at the top right.

/**
 * The console's places, each with the permission that opens it. The reports (funnel,
 * calls, campaigns) are one entry; a member who approves promotions sees "Approvals" with
 * the count waiting for them in place of "Promotions"; `unless` leaves a place out for a
 * member who holds that permission.
 */
const PLACES: {
  to: string;
  label: string;
  permission: Permission;
  unless?: Permission;
  end?: boolean;
}[] = [
  { to: "/staff/today", label: "Today", permission: "leads.read" },
  { to: "/staff", label: "Leads", permission: "leads.read", end: true },
  { to: "/staff/funnel", label: "Reports", permission: "reports.read" },
  { to: "/staff/outcomes", label: "Consumer Duty outcomes", permission: "outcomes.read" },
  { to: "/staff/promotions", label: "Promotions", permission: "promotions.read", unless: "promotions.approve" },
  { to: "/staff/promotions", label: "Approvals", permission: "promotions.approve" },
  { to: "/staff/lenders", label: "Lender panel", permission: "panel.manage" },
  {
    to: "/staff/complaints",
    label: "Complaints",
    permission: "complaints.handle",
  },
  {
    to: "/staff/requests",
    label: "Data requests",
    permission: "data-requests.answer",
  },
  { to: "/staff/audit", label: "Audit log", permission: "audit.read" },
  { to: "/staff/access-review", label: "Access review", permission: "access-review.read" },
  { to: "/staff/team", label: "Team", permission: "team.read", end: true },
];

/** More places than this fold into the menu below 1280 px, not 1024 px. */
const MANY_PLACES = 7;

const navLink = ({ isActive }: { isActive: boolean }) =>
  cn(
    "inline-flex min-h-11 items-center whitespace-nowrap rounded px-2 font-semibold text-white underline-offset-4 hover:underline focus-visible:outline-3 focus-visible:outline-focus",
    isActive && "underline",
  );

/** The places a member's roles open, in the navigation's order. */
export const placesFor = (can: readonly Permission[]) =>
  PLACES.filter((place) => can.includes(place.permission) && !(place.unless && can.includes(place.unless)));

function Places({ can, approvals, className }: { can: readonly Permission[]; approvals: number; className: string }) {
  return (
    <nav aria-label="Staff console" className={className}>
      {placesFor(can).map((place) => (
        <NavLink key={place.label} to={place.to} end={place.end} className={navLink}>
          {place.label}
          {place.label === "Approvals" && <span className="ml-1 no-underline">({approvals})</span>}
        </NavLink>
      ))}
    </nav>
  );
}

export function StaffFrame({
  staffName,
  can,
  rolesNews = false,
  approvals = 0,
  children,
}: {
  staffName: string;
  can: readonly Permission[];
  rolesNews?: boolean;
  /** How many promotion versions wait for this member's approval. */
  approvals?: number;
  children: ReactNode;
}) {
  // Many places fold into the menu up to a wider window, so they never take three rows.
  const many = placesFor(can).length > MANY_PLACES;
  return (
    <>
      <header className="relative bg-brand-900 text-white print:hidden">
        <div className="mx-auto flex max-w-7xl items-start justify-between gap-3 px-4 py-2">
          {/* A wide window: the places wrap within their own column, beside who is signed in. */}
          <Places
            can={can}
            approvals={approvals}
            className={cn("flex min-w-0 flex-1 flex-wrap items-center", many ? "max-xl:hidden" : "max-lg:hidden")}
          />
          {/* A phone or a narrow window: the places behind one button, the header one row. */}
          <details className={cn("group", many ? "xl:hidden" : "lg:hidden")} data-testid="console-menu">
            <summary className="inline-flex min-h-11 cursor-pointer list-none items-center rounded border border-white px-3 font-semibold focus-visible:outline-3 focus-visible:outline-focus [&::-webkit-details-marker]:hidden">
              Menu
            </summary>
            <div className="absolute left-0 right-0 z-20 mt-2 bg-brand-900 px-4 pb-3 shadow-lg">
              <Places can={can} approvals={approvals} className="flex flex-col items-start gap-1" />
              <p className="mt-2 text-sm">Signed in as {staffName}</p>
            </div>
          </details>
          <div className="flex shrink-0 items-center gap-3">
            {/* A long name is cut short on screen; the whole of it is still read out. */}
            <span className={cn("max-w-56 truncate text-sm", many ? "max-xl:hidden" : "max-lg:hidden")}>
              Signed in as {staffName}
            </span>
            <Form method="post" action="/staff/sign-out">
              <button
                type="submit"
                className="min-h-11 whitespace-nowrap rounded border border-white px-3 font-semibold hover:bg-brand-800 focus-visible:outline-3 focus-visible:outline-focus"
              >
                Sign out
              </button>
            </Form>
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-6">
        {rolesNews && (
          <div className="mb-6 print:hidden" data-testid="roles-news">
            <Notice tone="success">
              The console now has roles: Adviser, Manager, Compliance and Administrator. Each member reaches only what
              their roles allow; members from before hold all four until an administrator changes them.{" "}
              {can.includes("team.read") ? (
                <TextLink to="/staff/team">Give each member of the team theirs on the Team page</TextLink>
              ) : (
                "An administrator gives each member theirs on the Team page"
              )}
              .
            </Notice>
          </div>
        )}
        {children}
      </main>
    </>
  );
}

/** The console's notice (app/components/console/notice.tsx), where the pages have long found it. */
export { Notice };

/** A page outside the frame (sign-in, enrolment): one narrow column. */
export function StaffDoorway({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main id="main" className="mx-auto w-full max-w-md flex-1 px-4 py-12">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
      <div className="mt-6 space-y-6">{children}</div>
    </main>
  );
}
