import { pageMeta } from "~/components/seo";
import { promotionFromMatches } from "~/components/page-promotion";
import { ratesFrom } from "~/domain/rates-from";
import { formatPercent, formatPounds } from "~/domain/finance";
import { HOMEOWNER_MAX_LOAN, HOMEOWNER_MIN_LOAN } from "~/domain/rates";
import type { Route } from "./+types/secured-homeowner-loan";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Secured Homeowner Loans",
    description: `Secured homeowner loans from ${formatPounds(HOMEOWNER_MIN_LOAN)} to ${formatPounds(HOMEOWNER_MAX_LOAN)} from a panel of lenders, with fixed rates from ${formatPercent(ratesFrom(promotionFromMatches(matches)))}. Calculate your repayments and check your eligibility without affecting your credit score.`,
    path: "/secured-homeowner-loan",
  });

/** The calculator is a GET form to this page: a query carries its inputs (docs/decisions/134). */
export { calculatorLoader as loader } from "~/features/calculators/calculator-island";

export { handle, SecuredHomeownerLoanPage as default } from "~/pages/secured-homeowner-loan";
