import { Link } from "react-router";
import { CustomerStory } from "~/components/customer-story";
import { RepresentativeExample } from "~/components/representative-example";
import { RepossessionWarning } from "~/components/risk-warnings";
import { STATIC_PAGE } from "~/components/route-handle";
import { pageMeta } from "~/components/seo";
import { buttonVariants } from "~/components/ui/button";
import { SCHOOL_FEES_CLAIMS, SCHOOL_FEES_STORY } from "~/content/loan-pages";
import { CLAIMS } from "~/content/marketing";
import { CALCULATOR_DEFAULTS, schoolFeesCalculator } from "~/domain/calculators";
import { formatPercent, formatPounds } from "~/domain/finance";
import { HEADLINE_APR } from "~/domain/rates";
import { monthlyInterestOnDraw } from "~/features/calculators/equity-line";
import { CalculatorIsland } from "~/features/calculators/calculator-island";
import type { Route } from "./+types/school-fees-loan";

const EXAMPLE = schoolFeesCalculator(CALCULATOR_DEFAULTS.schoolFees.amount, CALCULATOR_DEFAULTS.schoolFees.years);
const LINE = SCHOOL_FEES_CLAIMS.lineExample;
const LINE_INTEREST = monthlyInterestOnDraw(LINE.termlyDraw, HEADLINE_APR);
const claims = SCHOOL_FEES_CLAIMS;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "School Fees Loans",
    description: `Spread the cost of independent school and university fees with a homeowner loan from ${formatPounds(claims.minLoan)} to ${formatPounds(claims.maxLoan)} at fixed rates from ${formatPercent(HEADLINE_APR)}. Estimate your payments by school and year group.`,
    path: "/school-fees-loan",
  });

/** Reading with a calculator: the calculator hydrates alone (docs/decisions/058). */
export const handle = STATIC_PAGE;

export default function SchoolFeesLoanPage() {
  return (
    <>
      <section className="bg-gradient-to-b from-brand-900 to-brand-800 text-white">
        <div className="mx-auto max-w-7xl px-4 py-14 lg:py-20">
          <h1 className="max-w-3xl text-4xl font-bold leading-tight tracking-tight sm:text-5xl">School Fees Loans</h1>
          <p className="mt-5 max-w-2xl text-lg text-slate-100">
            Independent school fees arrive as large bills three times a year. A homeowner loan, or a line of credit you
            draw on each term, turns them into a steady monthly payment. Borrow {formatPounds(claims.minLoan)} to{" "}
            {formatPounds(claims.maxLoan)} at fixed rates from {formatPercent(HEADLINE_APR)}.
          </p>
          <ul className="mt-6 flex flex-wrap gap-x-6 gap-y-2 text-slate-100">
            <li>✓ A decision within {CLAIMS.approvalHours} hours</li>
            <li>✓ No impact on your credit score to check</li>
            <li>✓ Nursery to sixth form, and university</li>
          </ul>
          <Link to="/apply" className={buttonVariants({ size: "lg", variant: "inverse", className: "mt-8" })}>
            Check Eligibility »
          </Link>
        </div>
      </section>

      <div className="mx-auto grid max-w-4xl gap-6 px-4 pt-12">
        <CalculatorIsland name="school-fees" />
        <RepossessionWarning />
        <RepresentativeExample
          amount={EXAMPLE.amount}
          months={EXAMPLE.months}
          annualRatePercent={EXAMPLE.annualRatePercent}
        />
      </div>

      <section aria-labelledby="line-heading" className="mx-auto max-w-7xl px-4 py-16">
        <h2 id="line-heading" className="text-3xl font-bold text-slate-900">
          How a home equity line of credit works
        </h2>
        <div className="mt-6 grid gap-8 lg:grid-cols-2">
          <div className="space-y-4 text-lg text-slate-700">
            <p>
              Instead of borrowing everything at once, some lenders on our panel agree a limit secured on your home and
              let you draw from it as each term's invoice arrives. You pay interest only on what you have drawn, not on
              the whole limit, and repay as you go.
            </p>
            <p>
              Termly draws are typically {formatPounds(claims.typicalTermlyDraw.from)} to{" "}
              {formatPounds(claims.typicalTermlyDraw.to)}. Because you borrow only as fees fall due, the interest you
              pay builds up gradually over the school years rather than from day one.
            </p>
          </div>
          <div className="rounded-xl border-2 border-accent-600 p-6">
            <h3 className="text-xl font-semibold text-slate-900">Example</h3>
            <dl className="mt-4 space-y-3">
              <div className="flex justify-between gap-4">
                <dt>Agreed limit</dt>
                <dd className="font-semibold">{formatPounds(LINE.limit)}</dd>
              </div>
              <div className="flex justify-between gap-4">
                <dt>Drawn for the autumn term</dt>
                <dd className="font-semibold">{formatPounds(LINE.termlyDraw)}</dd>
              </div>
              <div className="flex justify-between gap-4">
                <dt>Rate</dt>
                <dd className="font-semibold">{formatPercent(HEADLINE_APR)} a year</dd>
              </div>
              <div className="flex justify-between gap-4 border-t border-slate-200 pt-3">
                <dt>Monthly interest on the draw</dt>
                <dd className="text-xl font-bold text-accent-700">{formatPounds(LINE_INTEREST, { pence: true })}</dd>
              </div>
            </dl>
            <p className="mt-4 text-sm text-slate-700">
              Interest only, on the {formatPounds(LINE.termlyDraw)} drawn; the remaining{" "}
              {formatPounds(LINE.limit - LINE.termlyDraw)} costs nothing until you use it. Repayments of the amount
              drawn are on top of the interest and depend on the lender's terms.
            </p>
          </div>
        </div>
      </section>

      <CustomerStory story={SCHOOL_FEES_STORY} />

      <section aria-labelledby="cta-heading" className="mx-auto max-w-7xl px-4">
        <div className="rounded-2xl bg-brand-900 p-8 text-center text-white">
          <h2 id="cta-heading" className="text-3xl font-bold">
            Plan the years ahead
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-lg text-slate-100">
            Tell us about your home and what you need, and an adviser will call with options from our panel.
          </p>
          <Link to="/apply" className={buttonVariants({ size: "lg", className: "mt-6" })}>
            Check Eligibility »
          </Link>
        </div>
        <RepossessionWarning className="mt-6" />
      </section>
    </>
  );
}
