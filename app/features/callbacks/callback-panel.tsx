import type { CallbackOffer } from "~/domain/callbacks";
import { CALL_IF_YOU_WOULD_LIKE, EMAIL_INSTEAD } from "~/domain/needs";
import { CallbackForm } from "./callback-form";

// The thank-you page's call-back panel (DECISIONS D21): the confirmation once a time is
// saved, the form for the browser that sent the enquiry, and otherwise how else to choose.

interface CallbackPanelProps {
  offer: CallbackOffer;
  reference: string;
  /** The page was reached by a saved choice (?callback=saved). */
  saved: boolean;
  /** Why the posted choice was refused, and what was posted. */
  problem: string | null;
  posted: string | null;
  phone: string;
  openingHours: string;
  /** The borrower asked to be contacted by email (what would help): a call is only theirs to ask for. */
  emailInstead?: boolean;
}

export function CallbackPanel({
  offer,
  reference,
  saved,
  problem,
  posted,
  phone,
  openingHours,
  emailInstead = false,
}: CallbackPanelProps) {
  const tel = phone.replace(/\s/g, "");
  return (
    <section id="callback" aria-labelledby="callback-heading" className="mx-auto max-w-5xl scroll-mt-24 px-4 pt-6">
      <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="callback-heading" className="text-xl font-bold text-slate-900">
          {emailInstead && !offer.chosen ? "How we will contact you" : "When we will call you"}
        </h2>
        {emailInstead && !offer.chosen ? (
          <p className="mt-2 text-slate-800">
            You asked us to contact you by email. <strong>{EMAIL_INSTEAD}.</strong> {CALL_IF_YOU_WOULD_LIKE}
          </p>
        ) : saved && offer.chosen && !problem ? (
          <div role="status" className="mt-3 rounded-lg border-l-4 border-accent-600 bg-accent-50 p-4 text-slate-900">
            <p className="font-semibold">Thank you. We have saved the time you chose.</p>
            <p className="mt-1">
              We will call you: <strong>{offer.chosen}</strong>
              {offer.chosenSlot ? " (UK time)" : ""}. We have emailed you to confirm it.
            </p>
          </div>
        ) : offer.chosen ? (
          <p className="mt-2 text-slate-800">
            You asked us to call you: <strong>{offer.chosen}</strong>.
          </p>
        ) : (
          <p className="mt-2 text-slate-800">
            An adviser will call you as soon as they can. If another time suits you better, choose it here.
          </p>
        )}
        {!offer.open ? (
          <p className="mt-3 text-slate-700">
            This enquiry is closed. If you would like to talk, call us on{" "}
            <a href={`tel:${tel}`} className="font-semibold text-brand-700 underline">
              {phone}
            </a>
            .
          </p>
        ) : offer.owned ? (
          <div className="mt-4">
            <CallbackForm
              action={`/thank-you?ref=${encodeURIComponent(offer.leadId)}`}
              idPrefix="callback"
              days={offer.days}
              selected={posted ?? offer.selected}
              openingHours={openingHours}
              problem={problem}
              submitLabel={offer.chosen ? "Change call-back time" : "Save call-back time"}
            />
          </div>
        ) : (
          <p className="mt-3 text-slate-700">
            To choose when we call, sign in to your account or call us on{" "}
            <a href={`tel:${tel}`} className="font-semibold text-brand-700 underline">
              {phone}
            </a>{" "}
            quoting your reference {reference}.
          </p>
        )}
      </div>
    </section>
  );
}
