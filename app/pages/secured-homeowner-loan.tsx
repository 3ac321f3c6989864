import { BenefitCards } from "~/components/benefit-cards";
import { CtaBand } from "~/components/cta-band";
import { CustomerStory } from "~/components/customer-story";
import { FaqSection } from "~/components/faq-section";
import { LoanHero } from "~/components/loan-hero";
import { LOAN_PAGE } from "~/components/route-handle";
import { SecuredRate } from "~/components/secured-rate";
import { PageSection } from "~/components/page-section";
import { useSite } from "~/components/site-config";
import { LOAN_TICKS, SECURED_LOAN_FAQS, SECURED_LOAN_STORY } from "~/content/loan-pages";
import { benefitCards, CLAIMS } from "~/content/marketing";
import { useRatesFrom } from "~/components/page-promotion";
import { formatPercent, formatPounds } from "~/domain/finance";
import { HOMEOWNER_MAX_LOAN, HOMEOWNER_MIN_LOAN } from "~/domain/rates";
import { CalculatorIsland } from "~/features/calculators/calculator-island";

export const handle = LOAN_PAGE;

export function SecuredHomeownerLoanPage() {
  const site = useSite();
  const from = useRatesFrom();
  return (
    <>
      <LoanHero
        badge="Homeowner Loans £10k - £2.5m"
        title="Secured Homeowner Loans"
        intro={
          <>
            Borrow from {formatPounds(HOMEOWNER_MIN_LOAN)} to {formatPounds(HOMEOWNER_MAX_LOAN)} against the equity in
            your home, for home improvements, debt consolidation, school fees or a major purchase. We compare loans from
            a panel of lenders, with fixed rates from {formatPercent(from)}.
          </>
        }
        ticks={[
          LOAN_TICKS.decision,
          `Funds in as little as ${CLAIMS.fundsInDays} days`,
          "No upfront fees: pay nothing unless your loan completes",
          "Checking your eligibility does not affect your credit score",
        ]}
        aside={<CalculatorIsland name="secured-loan" />}
      />

      <SecuredRate />

      <PageSection id="how-heading" heading="How a secured loan works" className="pt-16">
        <div className="mt-4 grid gap-6 text-lg text-slate-700 lg:grid-cols-2">
          <p>
            A secured homeowner loan, sometimes called a second charge mortgage, sits alongside your existing mortgage.
            The lender takes a charge on your home, which is why it can lend larger amounts over longer terms than an
            unsecured personal loan, often at a lower rate.
          </p>
          <p>
            Your current mortgage stays as it is, so you keep its rate and avoid any early repayment charge for leaving
            it. An adviser will check whether a secured loan, a further advance or a remortgage is the better choice for
            you before you apply.
          </p>
        </div>
      </PageSection>

      <BenefitCards cards={benefitCards(from)} heading={`Why homeowners choose ${site.brandName}`} />

      <CustomerStory story={SECURED_LOAN_STORY} />

      <FaqSection faqs={SECURED_LOAN_FAQS} type="multiple" />

      <CtaBand heading="Find out what you could borrow">
        Answer six short questions. An adviser will call with the lenders most likely to say yes.
      </CtaBand>
    </>
  );
}
