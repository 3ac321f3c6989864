import { BAD_CREDIT_CLAIMS } from "~/content/loan-pages";
import { pageMeta } from "~/components/seo";
import { formatPounds } from "~/domain/finance";
import type { Route } from "./+types/bad-credit-homeowner-loan";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Bad Credit Homeowner Loans",
    description: `Homeowner loans for people with missed payments, defaults or CCJs: ${formatPounds(BAD_CREDIT_CLAIMS.minLoan)} to ${formatPounds(BAD_CREDIT_CLAIMS.maxLoan)} over ${BAD_CREDIT_CLAIMS.minTermYears} to ${BAD_CREDIT_CLAIMS.maxTermYears} years from specialist lenders. Check your eligibility without affecting your credit score.`,
    path: "/bad-credit-homeowner-loan",
  });

/** The calculator is a GET form to this page: a query carries its inputs (docs/decisions/134). */
export { calculatorLoader as loader } from "~/features/calculators/calculator-island";

export { handle, BadCreditHomeownerLoanPage as default } from "~/pages/bad-credit-homeowner-loan";
