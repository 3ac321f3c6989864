/**
 * The calculator pages' only script: React hydrates each calculator island and nothing
 * else on the page (docs/decisions/058), once it is near the viewport or touched
 * (decision 142). Each calculator is a chunk of its own, so a page downloads its own
 * calculator, not all six (docs/decisions/134).
 */
import { hydrateIslands } from "~/components/hydrate-islands";
import type { CalculatorName } from "./calculators";

hydrateIslands({
  "bad-credit": () => import("./bad-credit-calculator").then((m) => m.BadCreditCalculator),
  "debt-consolidation": () => import("./debt-consolidation-calculator").then((m) => m.DebtConsolidationCalculator),
  "home-improvement": () => import("./home-improvement-calculator").then((m) => m.HomeImprovementCalculator),
  homeowner: () => import("./homeowner-calculator").then((m) => m.HomeownerCalculator),
  "school-fees": () => import("./school-fees-calculator").then((m) => m.SchoolFeesCalculator),
  "secured-loan": () => import("./secured-loan-calculator").then((m) => m.SecuredLoanCalculator),
} satisfies Record<CalculatorName, unknown>);
