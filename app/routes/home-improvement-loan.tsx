import { pageMeta } from "~/components/seo";
import { promotionFromMatches } from "~/components/page-promotion";
import { ratesFrom } from "~/domain/rates-from";
import { formatPercent, formatPounds } from "~/domain/finance";
import { HOMEOWNER_MAX_LOAN, HOMEOWNER_MIN_LOAN } from "~/domain/rates";
import type { Route } from "./+types/home-improvement-loan";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Home Improvement Loans",
    description: `Homeowner loans for kitchens, extensions, loft conversions and renovations: ${formatPounds(HOMEOWNER_MIN_LOAN)} to ${formatPounds(HOMEOWNER_MAX_LOAN)}, fixed rates from ${formatPercent(ratesFrom(promotionFromMatches(matches)))}, completion from 5 days and no early repayment fees.`,
    path: "/home-improvement-loan",
    keywords:
      "home improvement loan, homeowner loan, secured loan, extension loan, loft conversion finance, kitchen renovation loan, renovation finance UK",
  });

/** The calculator is a GET form to this page: a query carries its inputs (docs/decisions/134). */
export { calculatorLoader as loader } from "~/features/calculators/calculator-island";

export { handle, HomeImprovementLoanPage as default } from "~/pages/home-improvement-loan";
