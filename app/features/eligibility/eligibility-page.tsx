import { LenderPanelClaim, RatingClaim } from "~/components/claims";
import { RepossessionWarning } from "~/components/risk-warnings";
import { useSite } from "~/components/site-config";
import type { StepFormState } from "~/domain/step-form-post";
import type { MainFormAnswers, StepId } from "~/domain/main-form";
import { EligibilityForm } from "./eligibility-form";

export const ELIGIBILITY_TITLE = "Check Your Loan Eligibility";

/** The screen /apply and /loan-application both show. */
export function EligibilityPage({ posted }: { posted?: StepFormState<MainFormAnswers, StepId> }) {
  const site = useSite();
  return (
    <div className="bg-slate-50">
      <div className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{ELIGIBILITY_TITLE}</h1>
        <p className="mt-3 text-lg text-slate-700">
          A few quick questions about your home and the loan you need. It takes about two minutes and does not affect
          your credit score.
        </p>
        <ul className="mt-4 flex flex-wrap gap-x-6 gap-y-1 text-sm font-medium text-slate-700">
          {site.claims.lenderPanel && (
            <li>
              <LenderPanelClaim />
            </li>
          )}
          <li>✓ No upfront fees</li>
          {site.claims.rating && (
            <li>
              <RatingClaim />
            </li>
          )}
        </ul>
        <div className="mt-6">
          <EligibilityForm posted={posted} />
        </div>
        <div className="mt-6 space-y-3 text-sm text-slate-700">
          <RepossessionWarning />
          <p>
            {site.brandName} is a credit broker, not a lender. We will only use your details to answer your enquiry, as
            our privacy policy explains. Prefer to talk? Call us on{" "}
            <a href={`tel:${site.phone.replace(/\s/g, "")}`} className="font-semibold text-brand-700 underline">
              {site.phone}
            </a>{" "}
            ({site.openingHours}).
          </p>
        </div>
      </div>
    </div>
  );
}
