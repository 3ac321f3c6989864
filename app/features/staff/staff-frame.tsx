import type { ReactNode } from "react";
import { Form, NavLink } from "react-router";
import { cn } from "~/components/ui/cn";

// The console's own frame (DECISIONS D14): no public header or footer, a skip link's
// target, the places an adviser works (the day's list first), and signing out.

const navLink = ({ isActive }: { isActive: boolean }) =>
  cn(
    "inline-flex min-h-11 items-center rounded px-3 font-semibold text-white underline-offset-4 hover:underline focus-visible:outline-3 focus-visible:outline-focus",
    isActive && "underline",
  );

export function StaffFrame({ staffName, children }: { staffName: string; children: ReactNode }) {
  return (
    <>
      <header className="bg-brand-900 text-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-2">
          <nav aria-label="Staff console" className="flex flex-wrap items-center gap-1">
            <NavLink to="/staff/today" className={navLink}>
              Today
            </NavLink>
            <NavLink to="/staff" end className={navLink}>
              Leads
            </NavLink>
            <NavLink to="/staff/funnel" className={navLink}>
              Funnel
            </NavLink>
            <NavLink to="/staff/lenders" className={navLink}>
              Lender panel
            </NavLink>
            <NavLink to="/staff/requests" className={navLink}>
              Data requests
            </NavLink>
            <NavLink to="/staff/audit" className={navLink}>
              Audit log
            </NavLink>
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
        {children}
      </main>
    </>
  );
}

/** A message box for the outcome of a form: role=alert for problems, status for news. */
export function Notice({ tone, children }: { tone: "error" | "success"; children: ReactNode }) {
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={cn(
        "rounded-lg border-l-4 px-4 py-3",
        tone === "error" ? "border-red-700 bg-red-50 text-red-900" : "border-accent-600 bg-accent-50 text-slate-900",
      )}
    >
      {children}
    </div>
  );
}

/** A page outside the frame (sign-in, enrolment): one narrow column. */
export function StaffDoorway({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main id="main" className="mx-auto w-full max-w-md flex-1 px-4 py-12">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
      <div className="mt-6 space-y-6">{children}</div>
    </main>
  );
}
