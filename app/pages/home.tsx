import { Link } from "react-router";
import { BenefitCards } from "~/components/benefit-cards";
import { CheckEligibilityLink } from "~/components/check-eligibility-link";
import { RatingClaim } from "~/components/claims";
import { LoanHero } from "~/components/loan-hero";
import { LoanPurposes } from "~/components/loan-purposes";
import { LOAN_PAGE } from "~/components/route-handle";
import { SecuredRate } from "~/components/secured-rate";
import { useSite } from "~/components/site-config";
import { SuccessStory } from "~/components/success-story";
import { TickList } from "~/components/tick-list";
import { buttonVariants } from "~/components/ui/button";
import { benefitCards, CLAIMS, HOME_SUCCESS_STORY } from "~/content/marketing";
import { usePromotion } from "~/components/promotion";
import { useRatesFrom } from "~/components/page-promotion";
import { PERSONAL_MAX_LOAN, PERSONAL_MIN_LOAN } from "~/domain/rates";
import { formatPounds } from "~/domain/finance";

export const handle = LOAN_PAGE;

export function Home() {
  const site = useSite();
  const { claims } = usePromotion();
  const from = useRatesFrom();
  return (
    <>
      <LoanHero
        badge="Homeowner Loans £10k - £2.5m"
        title="Borrow against your home, with an adviser on your side"
        intro={
          <>
            We compare secured loans from our panel of lenders to find the one that fits, for debt consolidation, home
            improvements, school fees or anything else. Rates from {from}%.
          </>
        }
        actions={
          <>
            <CheckEligibilityLink />
            <Link to="/homeowner-loan-calculator" className={buttonVariants({ size: "lg", variant: "inverse" })}>
              Calculate repayments
            </Link>
          </>
        }
        reassurances={[
          "No impact on your credit score",
          `An adviser's call within ${CLAIMS.approvalHours} hours`,
          claims.rating && <RatingClaim prefix="" />,
          `Helping homeowners since ${site.establishedYear}`,
        ]}
        columns="lg:grid-cols-[1.4fr_1fr]"
        asideClassName="self-center rounded-2xl bg-white p-6 text-slate-800 shadow-xl"
        aside={
          <>
            <h2 className="text-xl font-bold text-slate-900">How it works</h2>
            <ol className="mt-4 space-y-4">
              <li>
                <strong className="text-slate-900">1. Check your eligibility.</strong> Six short questions, about two
                minutes, no credit footprint.
              </li>
              <li>
                <strong className="text-slate-900">2. Talk to an adviser.</strong> We call within {CLAIMS.approvalHours}{" "}
                hours on working days with the lenders likely to say yes.
              </li>
              <li>
                <strong className="text-slate-900">3. Get your funds.</strong> In as little as {CLAIMS.fundsInDays} days
                once you accept an offer.
              </li>
            </ol>
          </>
        }
      />

      <SecuredRate />

      <SuccessStory story={HOME_SUCCESS_STORY} heading="One loan instead of six payments" />

      <BenefitCards cards={benefitCards(from)} heading={`Why homeowners choose ${site.brandName}`} />

      <LoanPurposes />

      <section aria-labelledby="personal-heading" className="mx-auto max-w-7xl px-4 py-16">
        <div className="grid items-center gap-8 rounded-2xl border border-slate-200 p-8 lg:grid-cols-[1.5fr_1fr]">
          <div>
            <h2 id="personal-heading" className="text-3xl font-bold text-slate-900">
              Looking for a Personal Loan?
            </h2>
            <p className="mt-3 text-lg text-slate-700">
              Not a homeowner, or need a smaller amount? Our partner lenders offer unsecured personal loans.
            </p>
            <TickList
              layout="columns"
              className="mt-4 text-slate-800"
              items={[
                `Loans from ${formatPounds(PERSONAL_MIN_LOAN)} to ${formatPounds(PERSONAL_MAX_LOAN)}`,
                "Terms from 1 to 7 years",
                "No early repayment penalties",
                "Options for good and bad credit",
              ]}
            />
          </div>
          <div className="lg:text-right">
            <Link to="/apply-personal" className={buttonVariants({ size: "lg", variant: "secondary" })}>
              Get a Personal Loan Quote »
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
