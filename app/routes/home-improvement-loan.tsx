import { Link } from "react-router";
import { BenefitCards } from "~/components/benefit-cards";
import { CustomerStory } from "~/components/customer-story";
import { FaqSection } from "~/components/faq-section";
import { formatTerm, RepresentativeExample } from "~/components/representative-example";
import { RepossessionWarning } from "~/components/risk-warnings";
import { STATIC_PAGE } from "~/components/route-handle";
import { pageMeta } from "~/components/seo";
import { buttonVariants } from "~/components/ui/button";
import {
  HOME_IMPROVEMENT_BENEFITS,
  HOME_IMPROVEMENT_FAQS,
  HOME_IMPROVEMENT_SPECIALIST,
  HOME_IMPROVEMENT_STORY,
} from "~/content/loan-pages";
import { homeImprovementCalculator } from "~/domain/calculators";
import { formatPercent, formatPounds } from "~/domain/finance";
import { HOME_IMPROVEMENT_PROJECT_TYPES } from "~/domain/options";
import { HEADLINE_APR, HOMEOWNER_MAX_LOAN, HOMEOWNER_MIN_LOAN } from "~/domain/rates";
import { CalculatorIsland } from "~/features/calculators/calculator-island";
import type { Route } from "./+types/home-improvement-loan";

/** The page's worked example, £50,000 over 5 years at 7.74%, computed (not the spec's £1,009.92). */
const EXAMPLE = homeImprovementCalculator("50000", 5)!;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Home Improvement Loans",
    description: `Homeowner loans for kitchens, extensions, loft conversions and renovations: ${formatPounds(HOMEOWNER_MIN_LOAN)} to ${formatPounds(HOMEOWNER_MAX_LOAN)}, fixed rates from ${formatPercent(HEADLINE_APR)}, completion from 5 days and no early repayment fees.`,
    path: "/home-improvement-loan",
    keywords:
      "home improvement loan, homeowner loan, secured loan, extension loan, loft conversion finance, kitchen renovation loan, renovation finance UK",
  });

/** Reading with a calculator: the calculator hydrates alone (docs/decisions/058). */
export const handle = STATIC_PAGE;

export default function HomeImprovementLoanPage() {
  const specialist = HOME_IMPROVEMENT_SPECIALIST;
  return (
    <>
      <section className="bg-gradient-to-b from-brand-900 to-brand-800 text-white">
        <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 lg:grid-cols-[1.2fr_1fr] lg:py-20">
          <div>
            <h1 className="text-4xl font-bold leading-tight tracking-tight sm:text-5xl">Home Improvement Loans</h1>
            <p className="mt-5 max-w-xl text-lg text-slate-100">
              Build the extension, convert the loft or finally replace the kitchen. Borrow{" "}
              {formatPounds(HOMEOWNER_MIN_LOAN)} to {formatPounds(HOMEOWNER_MAX_LOAN)} against your home at fixed rates
              from {formatPercent(HEADLINE_APR)}, with completion from 5 days.
            </p>
            <ul className="mt-6 grid gap-2 text-slate-100 sm:grid-cols-2">
              <li>✓ No early repayment fees</li>
              <li>✓ Automated valuations</li>
              <li>✓ No impact on your credit score to check</li>
              <li>✓ Fixed monthly repayments</li>
            </ul>
            <Link to="/apply" className={buttonVariants({ size: "lg", variant: "inverse", className: "mt-8" })}>
              Check Eligibility »
            </Link>
          </div>
          <div className="self-start">
            <CalculatorIsland name="home-improvement" />
          </div>
        </div>
      </section>

      <div className="mx-auto max-w-7xl space-y-4 px-4 pt-8">
        <RepossessionWarning />
        <RepresentativeExample
          amount={EXAMPLE.amount}
          months={EXAMPLE.months}
          annualRatePercent={EXAMPLE.annualRatePercent}
        />
      </div>

      <section aria-labelledby="projects-heading" className="mx-auto max-w-7xl px-4 pt-16">
        <h2 id="projects-heading" className="text-3xl font-bold text-slate-900">
          Projects we help fund
        </h2>
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
      </section>

      <BenefitCards cards={HOME_IMPROVEMENT_BENEFITS} heading="Why fund your project with a homeowner loan" />

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

      <FaqSection faqs={HOME_IMPROVEMENT_FAQS} type="single" />

      <section aria-labelledby="cta-heading" className="mx-auto max-w-7xl px-4">
        <div className="rounded-2xl bg-brand-900 p-8 text-center text-white">
          <h2 id="cta-heading" className="text-3xl font-bold">
            Ready to start your project?
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-lg text-slate-100">
            Check your eligibility in a few minutes. An adviser will call with the lenders most likely to help.
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
