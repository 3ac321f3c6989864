import { BenefitCards } from "~/components/benefit-cards";
import { CtaBand } from "~/components/cta-band";
import { CustomerStory } from "~/components/customer-story";
import { FaqSection } from "~/components/faq-section";
import { LoanHero } from "~/components/loan-hero";
import { LOAN_PAGE } from "~/components/route-handle";
import { SecuredRate } from "~/components/secured-rate";
import { PageSection } from "~/components/page-section";
import {
  homeImprovementBenefits,
  homeImprovementFaqs,
  HOME_IMPROVEMENT_SPECIALIST,
  HOME_IMPROVEMENT_STORY,
  LOAN_TICKS,
} from "~/content/loan-pages";
import { useExample } from "~/components/promotion";
import { useRatesFrom } from "~/components/page-promotion";
import { exampleCost } from "~/domain/example-cost";
import { formatPercent, formatPounds, formatTerm } from "~/domain/finance";
import { HOME_IMPROVEMENT_PROJECT_TYPES } from "~/domain/options";
import { HOMEOWNER_MAX_LOAN, HOMEOWNER_MIN_LOAN } from "~/domain/rates";
import { CalculatorIsland } from "~/features/calculators/calculator-island";

/** The page's worked example, £50,000 over 5 years at 7.74%, computed (not the spec's £1,009.92). */

export const handle = LOAN_PAGE;

export function HomeImprovementLoanPage() {
  const EXAMPLE = exampleCost(useExample("homeImprovement"));
  const from = useRatesFrom();
  const specialist = HOME_IMPROVEMENT_SPECIALIST;
  return (
    <>
      <LoanHero
        title="Home Improvement Loans"
        intro={
          <>
            Build the extension, convert the loft or finally replace the kitchen. Borrow{" "}
            {formatPounds(HOMEOWNER_MIN_LOAN)} to {formatPounds(HOMEOWNER_MAX_LOAN)} against your home at fixed rates
            from {formatPercent(from)}, with completion from 5 days.
          </>
        }
        ticks={[
          "No early repayment fees",
          "Automated valuations",
          LOAN_TICKS.noScoreImpact,
          "Fixed monthly repayments",
        ]}
        tickLayout="columns"
        aside={<CalculatorIsland name="home-improvement" />}
      />

      <SecuredRate example={EXAMPLE} />

      <PageSection id="projects-heading" heading="Projects we help fund" className="pt-16">
        <ul className="mt-6 flex flex-wrap gap-3">
          {HOME_IMPROVEMENT_PROJECT_TYPES.map((type) => (
            <li key={type.value} className="rounded-full bg-brand-50 px-4 py-2 font-medium text-brand-900">
              {type.label}
            </li>
          ))}
        </ul>
        <p className="mt-6 max-w-3xl text-lg text-slate-700">
          For example, borrowing {formatPounds(EXAMPLE.amount)} over {formatTerm(EXAMPLE.months)} at{" "}
          {formatPercent(EXAMPLE.annualRatePercent)} costs {formatPounds(EXAMPLE.monthlyPayment, { pence: true })} a
          month, {formatPounds(EXAMPLE.totalPayable, { pence: true })} in total.
        </p>
      </PageSection>

      <BenefitCards cards={homeImprovementBenefits(from)} heading="Why fund your project with a homeowner loan" />

      <CustomerStory story={HOME_IMPROVEMENT_STORY} />

      <section aria-labelledby="specialist-heading" className="mx-auto max-w-7xl px-4 py-8">
        <div className="grid items-center gap-8 rounded-2xl border border-slate-200 p-8 md:grid-cols-[auto_1fr]">
          <div
            aria-hidden="true"
            className="flex h-28 w-28 items-center justify-center rounded-full bg-brand-800 text-3xl font-bold text-white"
          >
            {specialist.initials}
          </div>
          <div>
            <p className="text-sm font-semibold uppercase tracking-wide text-accent-700">Meet your specialist</p>
            <h2 id="specialist-heading" className="mt-1 text-2xl font-bold text-slate-900">
              {specialist.name}, {specialist.role}
            </h2>
            <p className="mt-1 font-medium text-slate-700">{specialist.experience}</p>
            <p className="mt-3 text-lg text-slate-700">{specialist.bio}</p>
          </div>
        </div>
      </section>

      <FaqSection faqs={homeImprovementFaqs(from)} type="single" />

      <CtaBand heading="Ready to start your project?" spacing="flush">
        Check your eligibility in a few minutes. An adviser will call with the lenders most likely to help.
      </CtaBand>
    </>
  );
}
