import { CtaBand } from "~/components/cta-band";
import { CustomerStory } from "~/components/customer-story";
import { LoanHero } from "~/components/loan-hero";
import { LOAN_PAGE } from "~/components/route-handle";
import { SecuredRate } from "~/components/secured-rate";
import { CardGrid, PageSection } from "~/components/page-section";
import {
  BAD_CREDIT_ALTERNATIVES,
  BAD_CREDIT_CLAIMS,
  BAD_CREDIT_STORY,
  BAD_CREDIT_TIPS,
  CREDIT_AGENCIES,
} from "~/content/loan-pages";
import { useExample } from "~/components/promotion";
import { exampleCost } from "~/domain/example-cost";
import { formatPercent, formatPounds } from "~/domain/finance";
import { CalculatorIsland } from "~/features/calculators/calculator-island";

/** The page's representative example: the calculator's starting amount and term. */
const claims = BAD_CREDIT_CLAIMS;

export const handle = LOAN_PAGE;

export function BadCreditHomeownerLoanPage() {
  const EXAMPLE = exampleCost(useExample("badCredit"));
  return (
    <>
      <LoanHero
        title="Bad Credit Homeowner Loans"
        intro={
          <>
            A low credit score, missed payments, defaults or a CCJ do not have to mean no. Specialist lenders on our
            panel look at the equity in your home and what you can afford today, not only at your past.
          </>
        }
        ticks={[
          `${formatPounds(claims.minLoan)} to ${formatPounds(claims.maxLoan)}`,
          `Terms of ${claims.minTermYears} to ${claims.maxTermYears} years`,
          `An adviser's call within ${claims.decisionHours} hours`,
          `Rates from ${formatPercent(claims.ratesFrom)}`,
          `Usually ${claims.equityNeeded} equity needed`,
          `Adverse credit ideally ${claims.adverseMarksAgeMonths} months old`,
        ]}
        tickLayout="columns"
        aside={<CalculatorIsland name="bad-credit" />}
      />

      <SecuredRate example={EXAMPLE} />

      <PageSection id="scores-heading" heading="Credit scores explained" className="pt-16">
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
      </PageSection>

      <CustomerStory story={BAD_CREDIT_STORY} />

      <PageSection id="tips-heading" heading="Tips to improve your chances" className="py-8">
        <CardGrid cards={BAD_CREDIT_TIPS} className="mt-8 sm:grid-cols-2 lg:grid-cols-3" />
      </PageSection>

      <PageSection id="alternatives-heading" heading="Alternatives to consider" className="py-16">
        <CardGrid
          cards={BAD_CREDIT_ALTERNATIVES}
          className="mt-8 lg:grid-cols-3"
          cardClassName="rounded-xl bg-slate-50 p-6"
        />
      </PageSection>

      <CtaBand heading="Check your eligibility in minutes" spacing="flush">
        A soft search only, so checking will not affect your credit score further.
      </CtaBand>
    </>
  );
}
