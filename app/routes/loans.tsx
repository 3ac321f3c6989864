import { pageMeta } from "~/components/seo";
import { formatPounds } from "~/domain/finance";
import { HOMEOWNER_MAX_LOAN, PERSONAL_MAX_LOAN, PERSONAL_MIN_LOAN } from "~/domain/rates";
import type { Route } from "./+types/loans";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Loans from £1,000 to £2.5m: Personal and Homeowner Loans",
    description: `Personal loans from ${formatPounds(PERSONAL_MIN_LOAN)} to ${formatPounds(PERSONAL_MAX_LOAN)} and homeowner loans up to ${formatPounds(HOMEOWNER_MAX_LOAN)}, compared across our panel of lenders. Check your eligibility in minutes with no impact on your credit score.`,
    path: "/loans",
  });

export { handle, Loans as default } from "~/pages/loans";
