import { Link } from "react-router";
import { BenefitCards } from "~/components/benefit-cards";
import { LoanPurposes } from "~/components/loan-purposes";
import { RepresentativeExample } from "~/components/representative-example";
import { RepossessionWarning } from "~/components/risk-warnings";
import { pageMeta } from "~/components/seo";
import { useSite } from "~/components/site-config";
import { SuccessStory } from "~/components/success-story";
import { buttonVariants } from "~/components/ui/button";
import { BENEFIT_CARDS, CLAIMS, LOANS_SUCCESS_STORY } from "~/content/marketing";
import { formatPounds } from "~/domain/finance";
import { HOMEOWNER_MAX_LOAN, HOMEOWNER_MIN_LOAN, PERSONAL_MAX_LOAN, PERSONAL_MIN_LOAN } from "~/domain/rates";
import { STATIC_PAGE } from "~/components/route-handle";
import type { Route } from "./+types/loans";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Loans from £1,000 to £2.5m: Personal and Homeowner Loans",
    description: `Personal loans from ${formatPounds(PERSONAL_MIN_LOAN)} to ${formatPounds(PERSONAL_MAX_LOAN)} and homeowner loans up to ${formatPounds(HOMEOWNER_MAX_LOAN)}, compared across our panel of lenders. Check your eligibility in minutes with no impact on your credit score.`,
    path: "/loans",
  });

/** The quick check decides between a personal and a homeowner loan, so every button leads there. */
const APPLY = "/apply-personal";

/** Reading only: no React in the browser (docs/decisions/010). */
export const handle = STATIC_PAGE;

export default function Loans() {
  const site = useSite();
  return (
    <>
      <section className="bg-gradient-to-b from-brand-900 to-brand-800 text-white">
        <div className="mx-auto max-w-7xl px-4 py-14 lg:py-20">
          <p className="inline-block rounded-full bg-white/10 px-4 py-1.5 text-sm font-semibold text-teal-100 ring-1 ring-white/25">
            Best Loans £1k - £2.5m
          </p>
          <h1 className="mt-5 max-w-3xl text-4xl font-bold leading-tight tracking-tight sm:text-5xl">
            The right loan, whether you rent or own your home
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-slate-100">
            Personal loans from {formatPounds(PERSONAL_MIN_LOAN)} and homeowner loans up to{" "}
            {formatPounds(HOMEOWNER_MAX_LOAN)}, from a panel of lenders. Answer a few questions and we will show you the
            way to the best fit, without touching your credit score.
          </p>
          <div className="mt-8">
            <Link to={APPLY} className={buttonVariants({ size: "lg" })}>
              Check Eligibility »
            </Link>
          </div>
          <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-100">
            <li>✓ No impact on your credit score</li>
            <li>✓ Decision within {CLAIMS.approvalHours} hours</li>
            <li>✓ No upfront fees</li>
            <li>✓ Helping borrowers since {site.establishedYear}</li>
          </ul>
        </div>
      </section>

      <section aria-labelledby="loan-types-heading" className="mx-auto max-w-7xl px-4 py-16">
        <h2 id="loan-types-heading" className="text-center text-3xl font-bold text-slate-900">
          Two ways to borrow
        </h2>
        <div className="mt-10 grid gap-6 md:grid-cols-2">
          <div className="flex flex-col rounded-2xl border border-slate-200 p-5 shadow-sm sm:p-8">
            <h3 className="text-2xl font-bold text-slate-900">Personal loans</h3>
            <p className="mt-2 text-slate-700">Unsecured, so your home is not at risk. For homeowners and renters.</p>
            <ul className="mt-4 flex-1 space-y-2 text-slate-800">
              <li>
                ✓ {formatPounds(PERSONAL_MIN_LOAN)} to {formatPounds(PERSONAL_MAX_LOAN)}
              </li>
              <li>✓ Terms from 1 to 7 years</li>
              <li>✓ No early repayment penalties with most lenders</li>
              <li>✓ Options for good and bad credit, through our lending partners</li>
            </ul>
            <Link to={APPLY} className={`${buttonVariants({ variant: "secondary" })} mt-6 self-start`}>
              Check personal loans
            </Link>
          </div>
          <div className="flex flex-col rounded-2xl border-2 border-accent-600 p-5 shadow-sm sm:p-8">
            <h3 className="text-2xl font-bold text-slate-900">Homeowner loans</h3>
            <p className="mt-2 text-slate-700">Secured on your home, for larger amounts over longer terms.</p>
            <ul className="mt-4 flex-1 space-y-2 text-slate-800">
              <li>
                ✓ {formatPounds(HOMEOWNER_MIN_LOAN)} to {formatPounds(HOMEOWNER_MAX_LOAN)}
              </li>
              <li>✓ Terms up to 25 years, rates from {CLAIMS.ratesFrom}%</li>
              <li>✓ Borrow up to {CLAIMS.incomeMultiple}x your income, depending on your equity</li>
              <li>✓ Funds in as little as {CLAIMS.fundsInDays} days</li>
            </ul>
            <Link to={APPLY} className={`${buttonVariants({ variant: "secondary" })} mt-6 self-start`}>
              Check homeowner loans
            </Link>
          </div>
        </div>
        <RepresentativeExample className="mt-8" />
        <RepossessionWarning className="mt-4" />
      </section>

      <SuccessStory story={LOANS_SUCCESS_STORY} heading="Five debts became one monthly payment" />

      <BenefitCards cards={BENEFIT_CARDS} heading={`Why borrowers choose ${site.brandName}`} />

      <LoanPurposes heading="What people borrow for" />

      <section aria-labelledby="loans-cta-heading" className="mx-auto max-w-7xl px-4 py-16">
        <div className="rounded-2xl bg-brand-900 p-8 text-center text-white sm:p-12">
          <h2 id="loans-cta-heading" className="text-3xl font-bold">
            See what you could borrow
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-lg text-slate-100">
            It takes about two minutes, and checking does not affect your credit score.
          </p>
          <Link to={APPLY} className={`${buttonVariants({ size: "lg" })} mt-6`}>
            Check Eligibility »
          </Link>
        </div>
        <RepossessionWarning className="mt-8" />
      </section>
    </>
  );
}
