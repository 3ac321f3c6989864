import { RatingClaim } from "~/components/claims";
import { Link } from "react-router";
import { CustomerStory } from "~/components/customer-story";
import { formatTerm, RepresentativeExample } from "~/components/representative-example";
import { RepossessionWarning } from "~/components/risk-warnings";
import { STATIC_PAGE } from "~/components/route-handle";
import { pageMeta } from "~/components/seo";
import { useSite } from "~/components/site-config";
import { buttonVariants } from "~/components/ui/button";
import { HOMEOWNER_CALCULATOR_STORY } from "~/content/loan-pages";
import { CLAIMS } from "~/content/marketing";
import { homeownerCalculator } from "~/domain/calculators";
import { formatPercent, formatPounds } from "~/domain/finance";
import { HOMEOWNER_CALCULATOR_APR, HOMEOWNER_MAX_LOAN, HOMEOWNER_MIN_LOAN } from "~/domain/rates";
import { CalculatorIsland } from "~/features/calculators/calculator-island";
import type { Route } from "./+types/homeowner-loan-calculator";

/** The page's worked example (the spec's printed figures were wrong; these are computed). */
const WORKED_EXAMPLE = homeownerCalculator(75_000, 15);

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Homeowner Loan Calculator",
    description: `Work out the monthly repayment and total cost of a homeowner loan from ${formatPounds(HOMEOWNER_MIN_LOAN)} to ${formatPounds(HOMEOWNER_MAX_LOAN)} at a fixed ${formatPercent(HOMEOWNER_CALCULATOR_APR)}, then check your eligibility with no impact on your credit score.`,
    path: "/homeowner-loan-calculator",
  });

/** Reading with a calculator: the calculator hydrates alone (docs/decisions/058). */
export const handle = STATIC_PAGE;

export default function HomeownerLoanCalculatorPage() {
  const site = useSite();
  return (
    <>
      <section className="bg-gradient-to-b from-brand-900 to-brand-800 text-white">
        <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 lg:grid-cols-2 lg:py-20">
          <div>
            <h1 className="text-4xl font-bold leading-tight tracking-tight sm:text-5xl">Homeowner Loan Calculator</h1>
            <p className="mt-5 max-w-xl text-lg text-slate-100">
              See what a homeowner loan could cost each month before you speak to anyone. Enter how much you would like
              to borrow and over how many years, and we will show the monthly payment and the total you would repay at a
              fixed {formatPercent(HOMEOWNER_CALCULATOR_APR)} a year.
            </p>
            <ul className="mt-6 space-y-2 text-slate-100">
              <li>
                ✓ Borrow {formatPounds(HOMEOWNER_MIN_LOAN)} to {formatPounds(HOMEOWNER_MAX_LOAN)}
              </li>
              <li>✓ Loans compared from a panel of lenders</li>
              <li>✓ No upfront fees, and no impact on your credit score to check</li>
              <li>✓ A decision within {CLAIMS.approvalHours} hours</li>
            </ul>
            <Link to="/apply" className={buttonVariants({ size: "lg", variant: "inverse", className: "mt-8" })}>
              Check Eligibility »
            </Link>
          </div>
          <div className="self-start">
            <CalculatorIsland name="homeowner" />
          </div>
        </div>
      </section>

      <div className="mx-auto max-w-7xl space-y-4 px-4 pt-8">
        <RepossessionWarning />
        <RepresentativeExample
          amount={WORKED_EXAMPLE.amount}
          months={WORKED_EXAMPLE.months}
          annualRatePercent={WORKED_EXAMPLE.annualRatePercent}
        />
      </div>

      <section aria-labelledby="example-heading" className="mx-auto max-w-7xl px-4 py-16">
        <div className="grid gap-10 lg:grid-cols-2">
          <div>
            <h2 id="example-heading" className="text-3xl font-bold text-slate-900">
              How the figures work
            </h2>
            <p className="mt-4 text-lg text-slate-700">
              A homeowner loan is repaid in equal monthly instalments. Each payment covers that month's interest and
              pays off part of what you borrowed, so by the end of the term the loan is cleared.
            </p>
            <p className="mt-4 text-lg text-slate-700">
              For example, borrowing {formatPounds(WORKED_EXAMPLE.amount)} over {formatTerm(WORKED_EXAMPLE.months)} at{" "}
              {formatPercent(WORKED_EXAMPLE.annualRatePercent)} costs{" "}
              <strong>{formatPounds(WORKED_EXAMPLE.monthlyPayment, { pence: true })} a month</strong>, and{" "}
              <strong>{formatPounds(WORKED_EXAMPLE.totalPayable, { pence: true })}</strong> in total, of which{" "}
              {formatPounds(WORKED_EXAMPLE.totalInterest, { pence: true })} is interest.
            </p>
            <p className="mt-4 text-lg text-slate-700">
              A longer term lowers the monthly payment but means paying more interest overall. The rate you are offered
              depends on your circumstances, the equity in your home and the lender.
            </p>
          </div>
          <div>
            <h2 className="text-3xl font-bold text-slate-900">Why use {site.brandName}</h2>
            <ul className="mt-4 space-y-3 text-lg text-slate-700">
              <li>✓ Fixed rates, so your payment stays the same every month</li>
              <li>✓ Funds in as little as {CLAIMS.fundsInDays} days once you accept an offer</li>
              <li>✓ Borrow up to {CLAIMS.incomeMultiple}x your income, depending on your equity</li>
              <li>✓ Advisers who explain the total cost, not just the monthly figure</li>
              {site.claims.rating && (
                <li>
                  <RatingClaim />
                </li>
              )}
            </ul>
          </div>
        </div>
      </section>

      <CustomerStory story={HOMEOWNER_CALCULATOR_STORY} heading="What our customers say" />

      <section aria-labelledby="about-heading" className="mx-auto max-w-7xl px-4 py-16">
        <div className="grid items-center gap-8 rounded-2xl border border-slate-200 p-8 lg:grid-cols-[1.5fr_1fr]">
          <div>
            <h2 id="about-heading" className="text-3xl font-bold text-slate-900">
              About {site.brandName}
            </h2>
            <p className="mt-3 text-lg text-slate-700">
              {site.brandName} is a trading style of {site.companyName}, a credit broker helping UK homeowners since{" "}
              {site.establishedYear}. We are not a lender: we compare loans from a panel of lenders and arrange the one
              that suits you, and we are authorised and regulated by the Financial Conduct Authority (firm reference{" "}
              {site.fcaFirmReference}).
            </p>
          </div>
          <div className="lg:text-right">
            <Link to="/apply" className={buttonVariants({ size: "lg" })}>
              Check Eligibility »
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
