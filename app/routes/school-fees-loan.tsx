import { SCHOOL_FEES_CLAIMS } from "~/content/loan-pages";
import { pageMeta } from "~/components/seo";
import { promotionFromMatches } from "~/components/page-promotion";
import { ratesFrom } from "~/domain/rates-from";
import { formatPercent, formatPounds } from "~/domain/finance";
import type { Route } from "./+types/school-fees-loan";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "School Fees Loans",
    description: `Spread the cost of independent school and university fees with a homeowner loan from ${formatPounds(SCHOOL_FEES_CLAIMS.minLoan)} to ${formatPounds(SCHOOL_FEES_CLAIMS.maxLoan)} at fixed rates from ${formatPercent(ratesFrom(promotionFromMatches(matches)))}. Estimate your payments by school and year group.`,
    path: "/school-fees-loan",
  });

/** The calculator is a GET form to this page: a query carries its inputs (docs/decisions/134). */
export { calculatorLoader as loader } from "~/features/calculators/calculator-island";

export { handle, SchoolFeesLoanPage as default } from "~/pages/school-fees-loan";
