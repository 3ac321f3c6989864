import { CheckEligibilityLink } from "~/components/check-eligibility-link";
import { RatingClaim } from "~/components/claims";
import { CustomerStory } from "~/components/customer-story";
import { LoanHero } from "~/components/loan-hero";
import { LOAN_PAGE } from "~/components/route-handle";
import { SecuredRate } from "~/components/secured-rate";
import { useSite } from "~/components/site-config";
import { TickList } from "~/components/tick-list";
import { HOMEOWNER_CALCULATOR_STORY } from "~/content/loan-pages";
import { CLAIMS } from "~/content/marketing";
import { formatPercent, formatPounds, formatTerm } from "~/domain/finance";
import { HOMEOWNER_MAX_LOAN, HOMEOWNER_MIN_LOAN } from "~/domain/rates";
import { useExample, usePromotion } from "~/components/promotion";
import { exampleCost } from "~/domain/example-cost";
import { exampleAnnualRate } from "~/domain/promotion-figures";
import { CalculatorIsland } from "~/features/calculators/calculator-island";

/** The page's worked example (the spec's printed figures were wrong; these are computed). */

export const handle = LOAN_PAGE;

export function HomeownerLoanCalculatorPage() {
  const site = useSite();
  const { claims } = usePromotion();
  // The page's worked example is its representative example (DECISIONS D27): computed from the live inputs.
  const example = useExample("homeowner");
  const WORKED_EXAMPLE = exampleCost(example);
  return (
    <>
      <LoanHero
        title="Homeowner Loan Calculator"
        columns="lg:grid-cols-2"
        intro={
          <>
            See what a homeowner loan could cost each month before you speak to anyone. Enter how much you would like to
            borrow and over how many years, and we will show the monthly payment and the total you would repay at a
            fixed {formatPercent(exampleAnnualRate(example))} a year.
          </>
        }
        ticks={[
          `Borrow ${formatPounds(HOMEOWNER_MIN_LOAN)} to ${formatPounds(HOMEOWNER_MAX_LOAN)}`,
          "Loans compared from a panel of lenders",
          "No upfront fees, and no impact on your credit score to check",
          `An adviser's call within ${CLAIMS.approvalHours} hours`,
        ]}
        aside={<CalculatorIsland name="homeowner" />}
      />

      <SecuredRate example={WORKED_EXAMPLE} />

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
            <TickList
              layout="loose-stack"
              className="mt-4 text-lg text-slate-700"
              items={[
                "Fixed rates, so your payment stays the same every month",
                `Funds in as little as ${CLAIMS.fundsInDays} days once you accept an offer`,
                `Borrow up to ${CLAIMS.incomeMultiple}x your income, depending on your equity`,
                "Advisers who explain the total cost, not just the monthly figure",
                claims.rating && <RatingClaim prefix="" />,
              ]}
            />
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
            <CheckEligibilityLink />
          </div>
        </div>
      </section>
    </>
  );
}
