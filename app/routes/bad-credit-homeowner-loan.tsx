import { Link } from "react-router";
import { CustomerStory } from "~/components/customer-story";
import { RepresentativeExample } from "~/components/representative-example";
import { RepossessionWarning } from "~/components/risk-warnings";
import { STATIC_PAGE } from "~/components/route-handle";
import { pageMeta } from "~/components/seo";
import { buttonVariants } from "~/components/ui/button";
import {
  BAD_CREDIT_ALTERNATIVES,
  BAD_CREDIT_CLAIMS,
  BAD_CREDIT_STORY,
  BAD_CREDIT_TIPS,
  CREDIT_AGENCIES,
} from "~/content/loan-pages";
import { badCreditCalculator, CALCULATOR_DEFAULTS } from "~/domain/calculators";
import { formatPercent, formatPounds } from "~/domain/finance";
import { CalculatorIsland } from "~/features/calculators/calculator-island";
import type { Route } from "./+types/bad-credit-homeowner-loan";

/** The page's representative example: the calculator's starting amount and term. */
const EXAMPLE = badCreditCalculator(CALCULATOR_DEFAULTS.badCredit.amount, CALCULATOR_DEFAULTS.badCredit.years);
const claims = BAD_CREDIT_CLAIMS;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Bad Credit Homeowner Loans",
    description: `Homeowner loans for people with missed payments, defaults or CCJs: ${formatPounds(claims.minLoan)} to ${formatPounds(claims.maxLoan)} over ${claims.minTermYears} to ${claims.maxTermYears} years from specialist lenders. Check your eligibility without affecting your credit score.`,
    path: "/bad-credit-homeowner-loan",
  });

/** Reading with a calculator: the calculator hydrates alone (docs/decisions/058). */
export const handle = STATIC_PAGE;

export default function BadCreditHomeownerLoanPage() {
  return (
    <>
      <section className="bg-gradient-to-b from-brand-900 to-brand-800 text-white">
        <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 lg:grid-cols-[1.2fr_1fr] lg:py-20">
          <div>
            <h1 className="text-4xl font-bold leading-tight tracking-tight sm:text-5xl">Bad Credit Homeowner Loans</h1>
            <p className="mt-5 max-w-xl text-lg text-slate-100">
              A low credit score, missed payments, defaults or a CCJ do not have to mean no. Specialist lenders on our
              panel look at the equity in your home and what you can afford today, not only at your past.
            </p>
            <ul className="mt-6 grid gap-2 text-slate-100 sm:grid-cols-2">
              <li>
                ✓ {formatPounds(claims.minLoan)} to {formatPounds(claims.maxLoan)}
              </li>
              <li>
                ✓ Terms of {claims.minTermYears} to {claims.maxTermYears} years
              </li>
              <li>✓ A decision within {claims.decisionHours} hours</li>
              <li>✓ Rates from {formatPercent(claims.ratesFrom)}</li>
              <li>✓ Usually {claims.equityNeeded} equity needed</li>
              <li>✓ Adverse credit ideally {claims.adverseMarksAgeMonths} months old</li>
            </ul>
            <Link to="/apply" className={buttonVariants({ size: "lg", variant: "inverse", className: "mt-8" })}>
              Check Eligibility »
            </Link>
          </div>
          <div className="self-start">
            <CalculatorIsland name="bad-credit" />
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

      <section aria-labelledby="scores-heading" className="mx-auto max-w-7xl px-4 pt-16">
        <h2 id="scores-heading" className="text-3xl font-bold text-slate-900">
          Credit scores explained
        </h2>
        <p className="mt-3 max-w-3xl text-lg text-slate-700">
          The three UK credit reference agencies each score you on their own scale. Lenders set their own criteria, so a
          score is a guide, not a verdict: specialist lenders regularly help people in the lower bands.
        </p>
        <div className="mt-8 grid gap-6 md:grid-cols-3">
          {CREDIT_AGENCIES.map((agency) => (
            <table key={agency.name} className="w-full overflow-hidden rounded-xl border border-slate-200 text-left">
              <caption className="bg-brand-50 px-4 py-3 text-left font-semibold text-slate-900">
                {agency.name} (0 to {agency.max})
              </caption>
              <thead className="sr-only">
                <tr>
                  <th scope="col">Band</th>
                  <th scope="col">Score</th>
                </tr>
              </thead>
              <tbody>
                {agency.bands.map((band) => (
                  <tr key={band.label} className="border-t border-slate-200">
                    <th scope="row" className="px-4 py-2 font-medium text-slate-900">
                      {band.label}
                    </th>
                    <td className="px-4 py-2 text-right text-slate-700">
                      {band.from} to {band.to}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ))}
        </div>
      </section>

      <CustomerStory story={BAD_CREDIT_STORY} />

      <section aria-labelledby="tips-heading" className="mx-auto max-w-7xl px-4 py-8">
        <h2 id="tips-heading" className="text-3xl font-bold text-slate-900">
          Tips to improve your chances
        </h2>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {BAD_CREDIT_TIPS.map((tip) => (
            <li key={tip.title} className="rounded-xl border border-slate-200 p-6">
              <h3 className="font-semibold text-slate-900">{tip.title}</h3>
              <p className="mt-2 text-slate-700">{tip.body}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="alternatives-heading" className="mx-auto max-w-7xl px-4 py-16">
        <h2 id="alternatives-heading" className="text-3xl font-bold text-slate-900">
          Alternatives to consider
        </h2>
        <ul className="mt-8 grid gap-6 lg:grid-cols-3">
          {BAD_CREDIT_ALTERNATIVES.map((alternative) => (
            <li key={alternative.title} className="rounded-xl bg-slate-50 p-6">
              <h3 className="font-semibold text-slate-900">{alternative.title}</h3>
              <p className="mt-2 text-slate-700">{alternative.body}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="cta-heading" className="mx-auto max-w-7xl px-4">
        <div className="rounded-2xl bg-brand-900 p-8 text-center text-white">
          <h2 id="cta-heading" className="text-3xl font-bold">
            Check your eligibility in minutes
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-lg text-slate-100">
            A soft search only, so checking will not affect your credit score further.
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
