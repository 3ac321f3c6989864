import type { ReactNode } from "react";
import { Form, NavLink } from "react-router";
import { Notice } from "~/components/console/notice";
import { TextLink } from "~/components/console/text-link";
import { cn } from "~/components/ui/cn";
import type { Permission } from "~/domain/permissions";

// The console's own frame (DECISIONS D14): no public header or footer, a skip link's
// target, the places the member's roles open (DECISIONS D25; the day's list first), and
// signing out.

/**
 * The console's places, each with the permission that opens it. The access review is
 * reached from the team and the audit log, the outcomes report and the promotions from the
 * funnel and the complaints pages, keeping a phone's header to three rows.
 */
const PLACES: {
  to: string;
  label: string;
  permission: Permission;
  end?: boolean;
}[] = [
  { to: "/staff/today", label: "Today", permission: "leads.read" },
  { to: "/staff", label: "Leads", permission: "leads.read", end: true },
  { to: "/staff/funnel", label: "Funnel", permission: "reports.read" },
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
  { to: "/staff/team", label: "Team", permission: "team.read", end: true },
];

const navLink = ({ isActive }: { isActive: boolean }) =>
  cn(
    "inline-flex min-h-11 items-center rounded px-2 sm:px-3 font-semibold text-white underline-offset-4 hover:underline focus-visible:outline-3 focus-visible:outline-focus",
    isActive && "underline",
  );

export function StaffFrame({
  staffName,
  can,
  rolesNews = false,
  children,
}: {
  staffName: string;
  can: readonly Permission[];
  rolesNews?: boolean;
  children: ReactNode;
}) {
  return (
    <>
      <header className="bg-brand-900 text-white print:hidden">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-2">
          <nav aria-label="Staff console" className="flex flex-wrap items-center gap-1">
            {PLACES.filter((place) => can.includes(place.permission)).map((place) => (
              <NavLink key={place.to} to={place.to} end={place.end} className={navLink}>
                {place.label}
              </NavLink>
            ))}
          </nav>
          <div className="flex items-center gap-3">
            <span>Signed in as {staffName}</span>
            <Form method="post" action="/staff/sign-out">
              <button
                type="submit"
                className="min-h-11 rounded border border-white px-3 font-semibold hover:bg-brand-800 focus-visible:outline-3 focus-visible:outline-focus"
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
