import { Link } from "react-router";
import { BenefitCards } from "~/components/benefit-cards";
import { CheckEligibilityLink } from "~/components/check-eligibility-link";
import { CtaBand } from "~/components/cta-band";
import { LoanHero } from "~/components/loan-hero";
import { ConsolidationWarning } from "~/components/risk-warnings";
import { LOAN_PAGE } from "~/components/route-handle";
import { SecuredRate } from "~/components/secured-rate";
import { CardGrid, PageSection } from "~/components/page-section";
import { buttonVariants } from "~/components/ui/button";
import { debtConsolidationBenefits } from "~/content/loan-pages";
import { useExample } from "~/components/promotion";
import { useRatesFrom } from "~/components/page-promotion";
import { exampleCost } from "~/domain/example-cost";
import { exampleAnnualRate } from "~/domain/promotion-figures";
import {
  CALCULATOR_DEFAULTS,
  CONSOLIDATION_TERM_MONTHS,
  CURRENT_PAYMENT_SHARES,
  debtConsolidationSaving,
} from "~/domain/calculators";
import { formatPercent, formatPounds, formatTerm, roundToPence } from "~/domain/finance";
import { CalculatorIsland } from "~/features/calculators/calculator-island";
import { DEBT_FIELDS } from "~/features/calculators/debt-consolidation-calculator";

/** The before/after example: the calculator's starting debts, computed (not the spec's £847). */
const EXAMPLE_DEBTS = CALCULATOR_DEFAULTS.debtConsolidation;

export const handle = LOAN_PAGE;

const stats = (ratesFrom: number) => [
  { value: "£10k - £2.5m", label: "Loan amounts" },
  { value: `from ${formatPercent(ratesFrom)}`, label: "Fixed rates" },
  { value: "No fees", label: "To check eligibility" },
];

/** Why consolidating can help, and when borrowing more is not the answer. */
const UK_DEBT = [
  {
    title: "Card balances are large",
    body: "UK households owe tens of billions of pounds on credit cards, according to the Bank of England's monthly Money and Credit statistics.",
  },
  {
    title: "Card interest is high",
    body: `Credit card and store card rates are typically far higher than secured lending. The calculator below labels each debt with a typical average APR: ${DEBT_FIELDS.map((f) => `${f.label.toLowerCase()} ${formatPercent(f.averageApr)}`).join(", ")}.`,
  },
  {
    title: "Help is free",
    body: (
      <>
        The Money and Pensions Service estimates that millions of adults in the UK would benefit from debt advice. If
        repayments are a struggle, free advice from{" "}
        <a
          href="https://www.moneyhelper.org.uk/en/money-troubles/dealing-with-debt"
          className="font-semibold text-brand-700 underline"
        >
          MoneyHelper
        </a>{" "}
        may be a better first step than borrowing more.
      </>
    ),
  },
];

export function DebtConsolidationPage() {
  const example = useExample("debtConsolidation");
  // The debts' worked example at the live rate; the representative example is the page's own inputs (DECISIONS D27).
  const EXAMPLE = debtConsolidationSaving(EXAMPLE_DEBTS, exampleAnnualRate(example));
  const from = useRatesFrom();
  return (
    <>
      <LoanHero
        notice={<ConsolidationWarning className="max-w-3xl rounded-md bg-amber-100 px-4 py-2" />}
        title="Debt Consolidation Loans for Homeowners"
        intro={
          <>
            Bring credit cards, store cards and loans together into one fixed monthly repayment, secured on your home.
            We compare loans from our panel to find one that could lower what you pay each month, and we will show you
            the total cost before you decide.
          </>
        }
      >
        <dl className="mt-10 grid grid-cols-2 gap-4 lg:grid-cols-4">
          {stats(from).map((stat) => (
            <div key={stat.label} className="rounded-xl bg-white/10 p-4 ring-1 ring-white/20">
              <dt className="text-sm text-slate-100">{stat.label}</dt>
              <dd className="text-2xl font-bold">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </LoanHero>

      <SecuredRate example={exampleCost(example)} />

      <PageSection id="uk-debt-heading" heading="Debt in the UK" className="pt-16">
        <CardGrid cards={UK_DEBT} className="mt-6 md:grid-cols-3" />
      </PageSection>

      <div className="mx-auto grid max-w-7xl gap-6 px-4 pt-16">
        <ConsolidationWarning />
        <CalculatorIsland name="debt-consolidation" />
      </div>

      <section aria-labelledby="example-heading" className="mx-auto max-w-7xl px-4 py-16">
        <ConsolidationWarning className="mb-4" />
        <h2 id="example-heading" className="text-3xl font-bold text-slate-900">
          Before and after: an example
        </h2>
        <div className="mt-8 grid gap-6 lg:grid-cols-2">
          <div className="rounded-xl border border-slate-200 p-6">
            <h3 className="font-semibold text-slate-900">Before: three debts</h3>
            <ul className="mt-3 space-y-2">
              {DEBT_FIELDS.map((field) => (
                <li key={field.key} className="flex justify-between gap-4">
                  <span>
                    {field.label}: {formatPounds(EXAMPLE_DEBTS[field.key])}
                  </span>
                  <span>
                    {formatPounds(roundToPence(EXAMPLE_DEBTS[field.key] * CURRENT_PAYMENT_SHARES[field.key]), {
                      pence: true,
                    })}
                    /month
                  </span>
                </li>
              ))}
            </ul>
            <p className="mt-4 border-t border-slate-200 pt-3 font-semibold">
              {formatPounds(EXAMPLE.currentMonthlyPayment, { pence: true })} a month on{" "}
              {formatPounds(EXAMPLE.totalDebt)} of debt
            </p>
          </div>
          <div className="rounded-xl border-2 border-accent-600 p-6">
            <h3 className="font-semibold text-slate-900">After: one loan</h3>
            <p className="mt-3">
              {formatPounds(EXAMPLE.newLoan.amount)} over {formatTerm(CONSOLIDATION_TERM_MONTHS)} at a fixed{" "}
              {formatPercent(EXAMPLE.newLoan.annualRatePercent)} a year.
            </p>
            <p className="mt-4 border-t border-slate-200 pt-3 font-semibold">
              {formatPounds(EXAMPLE.newLoan.monthlyPayment, { pence: true })} a month:{" "}
              {formatPounds(EXAMPLE.monthlySaving, { pence: true })} a month less,{" "}
              {formatPounds(EXAMPLE.annualSaving, { pence: true })} a year
            </p>
            <p className="mt-2 text-sm text-slate-700">
              Total payable {formatPounds(EXAMPLE.newLoan.totalPayable, { pence: true })}. Minimum payments on cards can
              take many years to clear a balance; a loan ends on a fixed date, but spreading debts over a longer term
              can mean paying more interest in total.
            </p>
          </div>
        </div>
      </section>

      <BenefitCards cards={debtConsolidationBenefits(from)} heading="Why consolidate with a homeowner loan" />

      <CtaBand
        id="next-heading"
        heading="See if you could pay less each month"
        actions={
          <>
            <CheckEligibilityLink />
            <Link to="/homeowner-loan-calculator" className={buttonVariants({ size: "lg", variant: "inverse" })}>
              Homeowner loan calculator
            </Link>
          </>
        }
      >
        Check your eligibility in a few minutes with no impact on your credit score, or work out the cost of a different
        amount or term first.
      </CtaBand>
    </>
  );
}
