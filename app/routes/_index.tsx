import { RatingClaim } from "~/components/claims";
import { Link } from "react-router";
import { BenefitCards } from "~/components/benefit-cards";
import { LoanPurposes } from "~/components/loan-purposes";
import { RepresentativeExample } from "~/components/representative-example";
import { RepossessionWarning } from "~/components/risk-warnings";
import { STATIC_PAGE } from "~/components/route-handle";
import { pageMeta } from "~/components/seo";
import { useSite } from "~/components/site-config";
import { SuccessStory } from "~/components/success-story";
import { buttonVariants } from "~/components/ui/button";
import { BENEFIT_CARDS, CLAIMS, HOME_SUCCESS_STORY } from "~/content/marketing";
import { PERSONAL_MAX_LOAN, PERSONAL_MIN_LOAN } from "~/domain/rates";
import { formatPounds } from "~/domain/finance";
import type { Route } from "./+types/_index";

export const handle = STATIC_PAGE;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Homeowner Loans from £10,000 to £2.5m",
    description: `Secured homeowner loans from £10,000 to £2,500,000 compared across our panel of lenders. Rates from ${CLAIMS.ratesFrom}%, a decision within ${CLAIMS.approvalHours} hours, and an eligibility check that won't affect your credit score.`,
    path: "/",
  });

export default function Home() {
  const site = useSite();
  return (
    <>
      <section className="bg-gradient-to-b from-brand-900 to-brand-800 text-white">
        <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 lg:grid-cols-[1.4fr_1fr] lg:py-20">
          <div>
            <p className="inline-block rounded-full bg-white/10 px-4 py-1.5 text-sm font-semibold text-teal-100 ring-1 ring-white/25">
              Homeowner Loans £10k - £2.5m
            </p>
            <h1 className="mt-5 text-4xl font-bold leading-tight tracking-tight sm:text-5xl">
              Borrow against your home, with an adviser on your side
            </h1>
            <p className="mt-5 max-w-xl text-lg text-slate-100">
              We compare secured loans from our panel of lenders to find the one that fits, for debt consolidation, home
              improvements, school fees or anything else. Rates from {CLAIMS.ratesFrom}%.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link to="/apply" className={buttonVariants({ size: "lg" })}>
                Check Eligibility »
              </Link>
              <Link to="/homeowner-loan-calculator" className={buttonVariants({ size: "lg", variant: "inverse" })}>
                Calculate repayments
              </Link>
            </div>
            <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-100">
              <li>✓ No impact on your credit score</li>
              <li>✓ Decision within {CLAIMS.approvalHours} hours</li>
              {site.claims.rating && (
                <li>
                  <RatingClaim />
                </li>
              )}
              <li>✓ Helping homeowners since {site.establishedYear}</li>
            </ul>
          </div>
          <div className="self-center rounded-2xl bg-white p-6 text-slate-800 shadow-xl">
            <h2 className="text-xl font-bold text-slate-900">How it works</h2>
            <ol className="mt-4 space-y-4">
              <li>
                <strong className="text-slate-900">1. Check your eligibility.</strong> Six short questions, about two
                minutes, no credit footprint.
              </li>
              <li>
                <strong className="text-slate-900">2. Talk to an adviser.</strong> We call within a working day with the
                lenders likely to say yes.
              </li>
              <li>
                <strong className="text-slate-900">3. Get your funds.</strong> In as little as {CLAIMS.fundsInDays} days
                once you accept an offer.
              </li>
            </ol>
            <RepossessionWarning className="mt-6" />
          </div>
        </div>
      </section>

      <div className="mx-auto max-w-7xl px-4 pt-8">
        <RepresentativeExample />
      </div>

      <SuccessStory story={HOME_SUCCESS_STORY} heading="One loan instead of six payments" />

      <BenefitCards cards={BENEFIT_CARDS} heading={`Why homeowners choose ${site.brandName}`} />

      <LoanPurposes />

      <section aria-labelledby="personal-heading" className="mx-auto max-w-7xl px-4 py-16">
        <div className="grid items-center gap-8 rounded-2xl border border-slate-200 p-8 lg:grid-cols-[1.5fr_1fr]">
          <div>
            <h2 id="personal-heading" className="text-3xl font-bold text-slate-900">
              Looking for a Personal Loan?
            </h2>
            <p className="mt-3 text-lg text-slate-700">
              Not a homeowner, or need a smaller amount? Our partner lenders offer unsecured personal loans.
            </p>
            <ul className="mt-4 grid gap-2 text-slate-800 sm:grid-cols-2">
              <li>
                ✓ Loans from {formatPounds(PERSONAL_MIN_LOAN)} to {formatPounds(PERSONAL_MAX_LOAN)}
              </li>
              <li>✓ Terms from 1 to 7 years</li>
              <li>✓ No early repayment penalties</li>
              <li>✓ Options for good and bad credit</li>
            </ul>
          </div>
          <div className="lg:text-right">
            <Link to="/apply-personal" className={buttonVariants({ size: "lg", variant: "secondary" })}>
              Get a Personal Loan Quote »
            </Link>
          </div>
        </div>
      </section>

      <div className="mx-auto max-w-7xl px-4">
        <RepossessionWarning />
      </div>
    </>
  );
}
