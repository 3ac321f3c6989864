import type { ComponentType } from "react";
import type { RouteHandle } from "~/components/route-handle";
import { AboutUs, handle as aboutUs } from "./about-us";
import { BadCreditHomeownerLoanPage, handle as badCredit } from "./bad-credit-homeowner-loan";
import { DebtConsolidationPage, handle as debtConsolidation } from "./debt-consolidation";
import { Home, handle as home } from "./home";
import { HomeImprovementLoanPage, handle as homeImprovement } from "./home-improvement-loan";
import { HomeownerLoanCalculatorPage, handle as homeownerCalculator } from "./homeowner-loan-calculator";
import { Loans, handle as loans } from "./loans";
import { SchoolFeesLoanPage, handle as schoolFees } from "./school-fees-loan";
import { SecuredHomeownerLoanPage, handle as securedLoan } from "./secured-homeowner-loan";

// The public pages that show the firm's financial promotion (rates, representative
// examples, claims), by address: each route draws its page from here, and the console's
// "a page as it was" (/staff/promotions/history, DECISIONS D27) draws the same page with
// the figures of a past version. A page that shows a promotion is added here and nowhere else.

export interface PromotedPage {
  title: string;
  Page: ComponentType;
  handle: RouteHandle;
}

export const PROMOTED_PAGES: Record<string, PromotedPage> = {
  "/": { title: "Home", Page: Home, handle: home },
  "/loans": { title: "Loans", Page: Loans, handle: loans },
  "/secured-homeowner-loan": { title: "Secured homeowner loan", Page: SecuredHomeownerLoanPage, handle: securedLoan },
  "/homeowner-loan-calculator": {
    title: "Homeowner loan calculator",
    Page: HomeownerLoanCalculatorPage,
    handle: homeownerCalculator,
  },
  "/bad-credit-homeowner-loan": {
    title: "Bad credit homeowner loan",
    Page: BadCreditHomeownerLoanPage,
    handle: badCredit,
  },
  "/school-fees-loan": { title: "School fees loan", Page: SchoolFeesLoanPage, handle: schoolFees },
  "/home-improvement-loan": { title: "Home improvement loan", Page: HomeImprovementLoanPage, handle: homeImprovement },
  "/debt-consolidation": { title: "Debt consolidation", Page: DebtConsolidationPage, handle: debtConsolidation },
  "/about-us": { title: "About us", Page: AboutUs, handle: aboutUs },
};
