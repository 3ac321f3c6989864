import { enquiryTitle } from "~/domain/enquiries";
import type { CallbackDay } from "~/domain/callbacks";
import { type EnquirySummary, leadReference } from "~/domain/leads";
import { EMAIL_INSTEAD } from "~/domain/needs";
import { CallbackForm } from "./callback-form";

// The account page's call-backs (DECISIONS D21): for each open enquiry, when we will call
// and a form to change it, or to ask for the soonest call instead.

interface AccountCallback {
  enquiry: EnquirySummary;
  chosen: string | null;
  selected: string;
  /** The borrower asked for email on this enquiry (what would help). */
  emailInstead?: boolean;
}

interface AccountCallbacksProps {
  callbacks: AccountCallback[];
  days: CallbackDay[];
  /** The enquiry whose time was just saved, if any. */
  saved: string | null;
  error: { lead: string; problem: string; value: string } | null;
  openingHours: string;
}

export function AccountCallbacks({ callbacks, days, saved, error, openingHours }: AccountCallbacksProps) {
  return (
    <section aria-labelledby="callbacks-heading" className="mt-10">
      <h2 id="callbacks-heading" className="text-xl font-bold text-slate-900">
        When we will call you
      </h2>
      <p className="mt-1 text-slate-700">
        Change the time for any enquiry we are still working on, or ask us to call as soon as we can.
      </p>
      <ul className="mt-4 space-y-4">
        {callbacks.map(({ enquiry, chosen, selected, emailInstead }) => {
          const problem = error?.lead === enquiry.id ? error.problem : null;
          const reference = leadReference(enquiry.id);
          return (
            <li
              key={enquiry.id}
              id={`callback-${enquiry.id}`}
              className="scroll-mt-24 rounded-xl border border-slate-200 p-5"
            >
              <h3 id={`callback-${enquiry.id}-heading`} className="text-lg font-bold text-slate-900">
                {enquiryTitle(enquiry)}, reference <span className="font-mono">{reference}</span>
              </h3>
              {saved === enquiry.id && !problem ? (
                <p
                  role="status"
                  className="mt-2 rounded-lg border-l-4 border-accent-600 bg-accent-50 p-3 text-slate-900"
                >
                  Saved. We will call you: <strong>{chosen ?? "As soon as possible"}</strong>. We have emailed you to
                  confirm it.
                </p>
              ) : (
                <p className="mt-2 text-slate-800">
                  {chosen ? (
                    <>
                      We will call you: <strong>{chosen}</strong>.
                    </>
                  ) : emailInstead ? (
                    <>
                      You asked us to contact you by email. <strong>{EMAIL_INSTEAD}.</strong> If you would like a call,
                      choose a time here.
                    </>
                  ) : (
                    "You have not chosen a time: we will call you as soon as we can."
                  )}
                </p>
              )}
              <div className="mt-3">
                <CallbackForm
                  action="/account"
                  idPrefix={`callback-${enquiry.id}`}
                  days={days}
                  selected={problem ? (error?.value ?? selected) : selected}
                  openingHours={openingHours}
                  problem={problem}
                  hidden={{ intent: "callback", lead: enquiry.id }}
                  submitLabel="Change call-back time"
                />
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
