import { Link } from "react-router";
import { BenefitCards } from "~/components/benefit-cards";
import { CustomerStory } from "~/components/customer-story";
import { FaqSection } from "~/components/faq-section";
import { RepresentativeExample } from "~/components/representative-example";
import { RepossessionWarning } from "~/components/risk-warnings";
import { STATIC_PAGE } from "~/components/route-handle";
import { pageMeta } from "~/components/seo";
import { useSite } from "~/components/site-config";
import { buttonVariants } from "~/components/ui/button";
import { SECURED_LOAN_FAQS, SECURED_LOAN_STORY } from "~/content/loan-pages";
import { BENEFIT_CARDS, CLAIMS } from "~/content/marketing";
import { formatPercent, formatPounds } from "~/domain/finance";
import { HEADLINE_APR, HOMEOWNER_MAX_LOAN, HOMEOWNER_MIN_LOAN } from "~/domain/rates";
import { CalculatorIsland } from "~/features/calculators/calculator-island";
import type { Route } from "./+types/secured-homeowner-loan";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Secured Homeowner Loans",
    description: `Secured homeowner loans from ${formatPounds(HOMEOWNER_MIN_LOAN)} to ${formatPounds(HOMEOWNER_MAX_LOAN)} from a panel of lenders, with fixed rates from ${formatPercent(HEADLINE_APR)}. Calculate your repayments and check your eligibility without affecting your credit score.`,
    path: "/secured-homeowner-loan",
  });

/** Reading with a calculator: the calculator hydrates alone (docs/decisions/058). */
export const handle = STATIC_PAGE;

export default function SecuredHomeownerLoanPage() {
  const site = useSite();
  return (
    <>
      <section className="bg-gradient-to-b from-brand-900 to-brand-800 text-white">
        <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 lg:grid-cols-[1.2fr_1fr] lg:py-20">
          <div>
            <p className="inline-block rounded-full bg-white/10 px-4 py-1.5 text-sm font-semibold text-teal-100 ring-1 ring-white/25">
              Homeowner Loans £10k - £2.5m
            </p>
            <h1 className="mt-5 text-4xl font-bold leading-tight tracking-tight sm:text-5xl">
              Secured Homeowner Loans
            </h1>
            <p className="mt-5 max-w-xl text-lg text-slate-100">
              Borrow from {formatPounds(HOMEOWNER_MIN_LOAN)} to {formatPounds(HOMEOWNER_MAX_LOAN)} against the equity in
              your home, for home improvements, debt consolidation, school fees or a major purchase. We compare loans
              from a panel of lenders, with fixed rates from {formatPercent(HEADLINE_APR)}.
            </p>
            <ul className="mt-6 space-y-2 text-slate-100">
              <li>✓ A decision within {CLAIMS.approvalHours} hours</li>
              <li>✓ Funds in as little as {CLAIMS.fundsInDays} days</li>
              <li>✓ No upfront fees: pay nothing unless your loan completes</li>
              <li>✓ Checking your eligibility does not affect your credit score</li>
            </ul>
            <Link to="/apply" className={buttonVariants({ size: "lg", variant: "inverse", className: "mt-8" })}>
              Check Eligibility »
            </Link>
          </div>
          <div className="self-start">
            <CalculatorIsland name="secured-loan" />
          </div>
        </div>
      </section>

      <div className="mx-auto max-w-7xl space-y-4 px-4 pt-8">
        <RepossessionWarning />
        <RepresentativeExample />
      </div>

      <section aria-labelledby="how-heading" className="mx-auto max-w-7xl px-4 pt-16">
        <h2 id="how-heading" className="text-3xl font-bold text-slate-900">
          How a secured loan works
        </h2>
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
      </section>

      <BenefitCards cards={BENEFIT_CARDS} heading={`Why homeowners choose ${site.brandName}`} />

      <CustomerStory story={SECURED_LOAN_STORY} />

      <FaqSection faqs={SECURED_LOAN_FAQS} type="multiple" />

      <section aria-labelledby="cta-heading" className="mx-auto max-w-7xl px-4 py-8">
        <div className="rounded-2xl bg-brand-900 p-8 text-center text-white">
          <h2 id="cta-heading" className="text-3xl font-bold">
            Find out what you could borrow
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-lg text-slate-100">
            Answer six short questions. An adviser will call with the lenders most likely to say yes.
          </p>
          <Link to="/apply" className={buttonVariants({ size: "lg", className: "mt-6" })}>
            Check Eligibility »
          </Link>
          <RepossessionWarning className="mx-auto mt-6 max-w-3xl text-left" />
        </div>
      </section>
    </>
  );
}
