import { useSite } from "~/components/site-config";
import type { StepFormState } from "~/domain/step-form-post";
import type { QuickFormAnswers, QuickStepId } from "~/domain/quick-form";
import { formatPounds } from "~/domain/finance";
import { PERSONAL_MAX_LOAN, PERSONAL_MIN_LOAN } from "~/domain/rates";
import { QuickCheckForm } from "./quick-check-form";

export const QUICK_CHECK_TITLE = "Quick Eligibility Check";

/** The /apply-personal screen. */
export function QuickCheckPage({ posted }: { posted?: StepFormState<QuickFormAnswers, QuickStepId> }) {
  const site = useSite();
  return (
    <div className="bg-slate-50">
      <div className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{QUICK_CHECK_TITLE}</h1>
        <p className="mt-3 text-lg text-slate-700">
          Personal loans from {formatPounds(PERSONAL_MIN_LOAN)} to {formatPounds(PERSONAL_MAX_LOAN)} through our partner
          lenders, or a homeowner loan quote from our own advisers. Answer a few questions to see where to go next; it
          does not affect your credit score.
        </p>
        <div className="mt-6">
          <QuickCheckForm posted={posted} />
        </div>
        <div className="mt-6 space-y-3 text-sm text-slate-700">
          <p>
            {site.brandName} is a credit broker, not a lender. Personal loans are provided by our partners, who will
            explain their own terms before you apply. Prefer to talk? Call us on{" "}
            <a href={`tel:${site.phone.replace(/\s/g, "")}`} className="font-semibold text-brand-700 underline">
              {site.phone}
            </a>
            .
          </p>
        </div>
      </div>
    </div>
  );
}
