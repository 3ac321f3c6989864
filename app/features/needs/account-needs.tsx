import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { NeedsForm, type NeedsFormValues } from "./needs-form";

// The account page's needs (DECISIONS D28, D33): what would help when we speak to the
// borrower, for the enquiries sent while signed in to the account, changed here; and their
// consent to keep health details, withdrawn here, which removes the details at once. An
// enquiry sent with the same email address without signing in keeps what was told on its
// own page. Plain forms: no script needed.

interface AccountNeedsProps {
  values: NeedsFormValues;
  /** How many enquiries were sent while signed in to the account: what this applies to. */
  leads: number;
  /** When they last told us, if they have (ISO 8601). */
  statedAt: string | null;
  /** Health details are kept with their consent. */
  healthHeld: boolean;
  saved: boolean;
  withdrawn: boolean;
  problems: Record<string, string> | null;
}

export function AccountNeeds({ values, leads, statedAt, healthHeld, saved, withdrawn, problems }: AccountNeedsProps) {
  if (leads === 0) {
    return (
      <NeedsFrame>
        <p className="mt-1 text-slate-700">
          What you tell us here applies to the enquiries you send while signed in, and you have not sent one yet. For an
          enquiry sent without signing in, tell us on the page you saw after sending it, or tell your adviser when we
          call.
        </p>
      </NeedsFrame>
    );
  }
  return (
    <NeedsFrame>
      <p className="mt-1 text-slate-700">
        This applies to the enquiries you sent while signed in. Only the advisers working on them see it. You do not
        have to tell us anything.
      </p>
      {saved && !problems ? (
        <p role="status" className="mt-3 rounded-lg border-l-4 border-accent-600 bg-accent-50 p-3 text-slate-900">
          Saved. Your adviser will see it first.
        </p>
      ) : null}
      {withdrawn ? (
        <p role="status" className="mt-3 rounded-lg border-l-4 border-accent-600 bg-accent-50 p-3 text-slate-900">
          Your consent is withdrawn and we have deleted what you told us about your health.
        </p>
      ) : null}
      {statedAt === null && !saved ? <p className="mt-3 text-slate-800">You have not told us anything yet.</p> : null}
      <div className="mt-4">
        <NeedsForm
          action="/account#needs"
          idPrefix="account-needs"
          values={values}
          problems={problems}
          hidden={{ intent: "needs" }}
          submitLabel="Save what would help"
        />
      </div>
      {healthHeld ? (
        <form method="post" action="/account#needs" className="mt-6 border-t border-slate-200 pt-6">
          <h3 className="text-lg font-bold text-slate-900">Your health details</h3>
          <p className="mt-1 text-slate-700">
            You agreed that we may keep what you told us about your health. If you withdraw your consent we delete it
            straight away; the rest of what would help stays.
          </p>
          <input type="hidden" name="intent" value="withdraw-health" />
          <Button type="submit" variant="outline" wrap className="mt-3">
            Withdraw consent and delete my health details
          </Button>
        </form>
      ) : null}
    </NeedsFrame>
  );
}

/** The section on /account, its heading the same whether the form is offered or not. */
function NeedsFrame({ children }: { children: ReactNode }) {
  return (
    <section
      id="needs"
      aria-labelledby="needs-heading"
      className="mt-10 scroll-mt-24 rounded-xl border border-slate-200 p-6"
    >
      <h2 id="needs-heading" className="text-xl font-bold text-slate-900">
        What would help when we speak to you
      </h2>
      {children}
    </section>
  );
}
