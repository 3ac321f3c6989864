import { pageMeta } from "~/components/seo";
import { formatPercent, formatPounds } from "~/domain/finance";
import { HOMEOWNER_MAX_LOAN, HOMEOWNER_MIN_LOAN } from "~/domain/rates";
import { promotionFromMatches } from "~/components/page-promotion";
import { exampleAnnualRate } from "~/domain/promotion-figures";
import type { Route } from "./+types/homeowner-loan-calculator";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Homeowner Loan Calculator",
    description: `Work out the monthly repayment and total cost of a homeowner loan from ${formatPounds(HOMEOWNER_MIN_LOAN)} to ${formatPounds(HOMEOWNER_MAX_LOAN)} at a fixed ${formatPercent(exampleAnnualRate(promotionFromMatches(matches).examples.homeowner))}, then check your eligibility with no impact on your credit score.`,
    path: "/homeowner-loan-calculator",
  });

/** The calculator is a GET form to this page: a query carries its inputs (docs/decisions/134). */
export { calculatorLoader as loader } from "~/features/calculators/calculator-island";

export { handle, HomeownerLoanCalculatorPage as default } from "~/pages/homeowner-loan-calculator";
