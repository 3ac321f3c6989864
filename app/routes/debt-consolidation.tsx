import { pageMeta } from "~/components/seo";
import { promotionFromMatches } from "~/components/page-promotion";
import { ratesFrom } from "~/domain/rates-from";
import { formatPercent } from "~/domain/finance";
import type { Route } from "./+types/debt-consolidation";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Debt Consolidation Loans for Homeowners",
    description: `Combine credit cards, store cards and loans into one fixed monthly repayment secured on your home, with rates from ${formatPercent(ratesFrom(promotionFromMatches(matches)))} from our panel of lenders. See what you could save with our calculator.`,
    path: "/debt-consolidation",
  });

/** The calculator is a GET form to this page: a query carries its inputs (docs/decisions/134). */
export { calculatorLoader as loader } from "~/features/calculators/calculator-island";

export { handle, DebtConsolidationPage as default } from "~/pages/debt-consolidation";
