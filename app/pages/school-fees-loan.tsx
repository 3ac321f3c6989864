import { CtaBand } from "~/components/cta-band";
import { CustomerStory } from "~/components/customer-story";
import { LoanHero } from "~/components/loan-hero";
import { LOAN_PAGE } from "~/components/route-handle";
import { SecuredRate } from "~/components/secured-rate";
import { PageSection } from "~/components/page-section";
import { LOAN_TICKS, SCHOOL_FEES_CLAIMS, SCHOOL_FEES_STORY } from "~/content/loan-pages";
import { useExample } from "~/components/promotion";
import { useRatesFrom } from "~/components/page-promotion";
import { exampleCost } from "~/domain/example-cost";
import { exampleAnnualRate } from "~/domain/promotion-figures";
import { formatPercent, formatPounds } from "~/domain/finance";
import { monthlyInterestOnDraw } from "~/features/calculators/equity-line";
import { CalculatorIsland } from "~/features/calculators/calculator-island";

const LINE = SCHOOL_FEES_CLAIMS.lineExample;
const claims = SCHOOL_FEES_CLAIMS;

export const handle = LOAN_PAGE;

export function SchoolFeesLoanPage() {
  const example = useExample("schoolFees");
  const EXAMPLE = exampleCost(example);
  const rate = exampleAnnualRate(example);
  const LINE_INTEREST = monthlyInterestOnDraw(LINE.termlyDraw, rate);
  const from = useRatesFrom();
  return (
    <>
      <LoanHero
        title="School Fees Loans"
        intro={
          <>
            Independent school fees arrive as large bills three times a year. A homeowner loan, or a line of credit you
            draw on each term, turns them into a steady monthly payment. Borrow {formatPounds(claims.minLoan)} to{" "}
            {formatPounds(claims.maxLoan)} at fixed rates from {formatPercent(from)}.
          </>
        }
        ticks={[LOAN_TICKS.decision, LOAN_TICKS.noScoreImpact, "Nursery to sixth form, and university"]}
        tickLayout="row"
      />

      <SecuredRate example={EXAMPLE} layout="beside-calculator">
        <CalculatorIsland name="school-fees" />
      </SecuredRate>

      <PageSection id="line-heading" heading="How a home equity line of credit works" className="py-16">
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
                <dd className="font-semibold">{formatPercent(rate)} a year</dd>
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
      </PageSection>

      <CustomerStory story={SCHOOL_FEES_STORY} />

      <CtaBand heading="Plan the years ahead" spacing="flush">
        Tell us about your home and what you need, and an adviser will call with options from our panel.
      </CtaBand>
    </>
  );
}
