import type { ComponentType } from "react";
import { BadCreditCalculator } from "./bad-credit-calculator";
import { DebtConsolidationCalculator } from "./debt-consolidation-calculator";
import { HomeImprovementCalculator } from "./home-improvement-calculator";
import { HomeownerCalculator } from "./homeowner-calculator";
import { SchoolFeesCalculator } from "./school-fees-calculator";
import { SecuredLoanCalculator } from "./secured-loan-calculator";

/** Every calculator by the name its island carries: the server renders it, the browser hydrates it. */
export const CALCULATORS = {
  "bad-credit": BadCreditCalculator,
  "debt-consolidation": DebtConsolidationCalculator,
  "home-improvement": HomeImprovementCalculator,
  homeowner: HomeownerCalculator,
  "school-fees": SchoolFeesCalculator,
  "secured-loan": SecuredLoanCalculator,
} satisfies Record<string, ComponentType>;

export type CalculatorName = keyof typeof CALCULATORS;
