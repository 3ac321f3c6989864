import { NeedsForm, type NeedsFormValues } from "./needs-form";

// The thank-you page's question (DECISIONS D28): optional, after the enquiry is sent, for
// the browser that sent it; a confirmation once saved, and the form again to change it.

interface NeedsPanelProps {
  action: string;
  /** The page was reached by a saved answer (?needs=saved). */
  saved: boolean;
  /** Something is stored already. */
  stated: boolean;
  values: NeedsFormValues;
  problems: Record<string, string> | null;
}

export function NeedsPanel({ action, saved, stated, values, problems }: NeedsPanelProps) {
  return (
    <section id="needs" aria-labelledby="needs-heading" className="mx-auto max-w-5xl scroll-mt-24 px-4 pt-6">
      <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="needs-heading" className="text-xl font-bold text-slate-900">
          Help us to help you (optional)
        </h2>
        {saved ? (
          <div role="status" className="mt-3 rounded-lg border-l-4 border-accent-600 bg-accent-50 p-4 text-slate-900">
            <p className="font-semibold">Thank you. We have noted what would help you.</p>
            <p className="mt-1">
              The adviser who works on your enquiry will see it first. You can change it below, or in your account.
            </p>
          </div>
        ) : (
          <p className="mt-2 text-slate-800">
            {stated
              ? "You have told us what would help. You can change it here."
              : "If anything would make it easier to talk to us, tell us here. Only the advisers working on your enquiry see it, and you do not have to answer."}
          </p>
        )}
        <div className="mt-4">
          <NeedsForm
            action={action}
            idPrefix="needs"
            values={values}
            problems={problems}
            hidden={{ intent: "needs" }}
            submitLabel={stated ? "Save changes" : "Save what would help"}
          />
        </div>
      </div>
    </section>
  );
}
