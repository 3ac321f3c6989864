import { Link } from "react-router";
import { BenefitCards } from "~/components/benefit-cards";
import { CheckEligibilityLink } from "~/components/check-eligibility-link";
import { CtaBand } from "~/components/cta-band";
import { LoanHero } from "~/components/loan-hero";
import { LoanPurposes } from "~/components/loan-purposes";
import { SecuredRate } from "~/components/secured-rate";
import { PageSection } from "~/components/page-section";
import { useSite } from "~/components/site-config";
import { SuccessStory } from "~/components/success-story";
import { TickList } from "~/components/tick-list";
import { buttonVariants } from "~/components/ui/button";
import { benefitCards, CLAIMS, LOANS_SUCCESS_STORY } from "~/content/marketing";
import { useRatesFrom } from "~/components/page-promotion";
import { formatPounds } from "~/domain/finance";
import { HOMEOWNER_MAX_LOAN, HOMEOWNER_MIN_LOAN, PERSONAL_MAX_LOAN, PERSONAL_MIN_LOAN } from "~/domain/rates";
import { LOAN_PAGE } from "~/components/route-handle";

/** The quick check decides between a personal and a homeowner loan, so every button leads there. */
const APPLY = "/apply-personal";

export const handle = LOAN_PAGE;

export function Loans() {
  const site = useSite();
  const from = useRatesFrom();
  return (
    <>
      <LoanHero
        badge="Best Loans £1k - £2.5m"
        title="The right loan, whether you rent or own your home"
        intro={
          <>
            Personal loans from {formatPounds(PERSONAL_MIN_LOAN)} and homeowner loans up to{" "}
            {formatPounds(HOMEOWNER_MAX_LOAN)}, from a panel of lenders. Answer a few questions and we will show you the
            way to the best fit, without touching your credit score.
          </>
        }
        actions={<CheckEligibilityLink to={APPLY} />}
        reassurances={[
          "No impact on your credit score",
          `An adviser's call within ${CLAIMS.approvalHours} hours`,
          "No upfront fees",
          `Helping borrowers since ${site.establishedYear}`,
        ]}
      />

      <PageSection
        id="loan-types-heading"
        heading="Two ways to borrow"
        className="py-16"
        headingClassName="text-center"
      >
        <div className="mt-10 grid gap-6 md:grid-cols-2">
          <div className="flex flex-col rounded-2xl border border-slate-200 p-5 shadow-sm sm:p-8">
            <h3 className="text-2xl font-bold text-slate-900">Personal loans</h3>
            <p className="mt-2 text-slate-700">Unsecured, so your home is not at risk. For homeowners and renters.</p>
            <TickList
              className="mt-4 flex-1 text-slate-800"
              items={[
                `${formatPounds(PERSONAL_MIN_LOAN)} to ${formatPounds(PERSONAL_MAX_LOAN)}`,
                "Terms from 1 to 7 years",
                "No early repayment penalties with most lenders",
                "Options for good and bad credit, through our lending partners",
              ]}
            />
            <Link to={APPLY} className={`${buttonVariants({ variant: "secondary" })} mt-6 self-start`}>
              Check personal loans
            </Link>
          </div>
          <div className="flex flex-col rounded-2xl border-2 border-accent-600 p-5 shadow-sm sm:p-8">
            <h3 className="text-2xl font-bold text-slate-900">Homeowner loans</h3>
            <p className="mt-2 text-slate-700">Secured on your home, for larger amounts over longer terms.</p>
            <TickList
              className="mt-4 flex-1 text-slate-800"
              items={[
                `${formatPounds(HOMEOWNER_MIN_LOAN)} to ${formatPounds(HOMEOWNER_MAX_LOAN)}`,
                `Terms up to 25 years, rates from ${from}%`,
                `Borrow up to ${CLAIMS.incomeMultiple}x your income, depending on your equity`,
                `Funds in as little as ${CLAIMS.fundsInDays} days`,
              ]}
            />
            <Link to={APPLY} className={`${buttonVariants({ variant: "secondary" })} mt-6 self-start`}>
              Check homeowner loans
            </Link>
          </div>
        </div>
        <SecuredRate layout="nested" />
      </PageSection>

      <SuccessStory story={LOANS_SUCCESS_STORY} heading="Five debts became one monthly payment" />

      <BenefitCards cards={benefitCards(from)} heading={`Why borrowers choose ${site.brandName}`} />

      <LoanPurposes heading="What people borrow for" />

      <CtaBand
        id="loans-cta-heading"
        heading="See what you could borrow"
        actions={<CheckEligibilityLink to={APPLY} />}
        spacing="wide"
      >
        It takes about two minutes, and checking does not affect your credit score.
      </CtaBand>
    </>
  );
}
