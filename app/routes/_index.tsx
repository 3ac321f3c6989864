import { pageMeta } from "~/components/seo";
import { CLAIMS } from "~/content/marketing";
import { promotionFromMatches } from "~/components/page-promotion";
import { ratesFrom } from "~/domain/rates-from";
import type { Route } from "./+types/_index";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Homeowner Loans from £10,000 to £2.5m",
    description: `Secured homeowner loans from £10,000 to £2,500,000 compared across our panel of lenders. Rates from ${ratesFrom(promotionFromMatches(matches))}%, an adviser's call within ${CLAIMS.approvalHours} hours, and an eligibility check that won't affect your credit score.`,
    path: "/",
  });

export { handle, Home as default } from "~/pages/home";
