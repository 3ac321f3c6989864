import { pageMeta } from "~/components/seo";
import { ELIGIBILITY_TITLE, EligibilityPage } from "~/features/eligibility/eligibility-page";
import type { Route } from "./+types/loan-application";

// The same screen as /apply (spec section 2), posting to itself without script; its canonical address is /apply.
export { action } from "./apply";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: ELIGIBILITY_TITLE,
    description:
      "Check your eligibility for a homeowner loan from £10,000 to £2,500,000 in about two minutes, with no impact on your credit score.",
    path: "/apply",
  });

export default function LoanApplication({ actionData }: Route.ComponentProps) {
  return <EligibilityPage posted={actionData} />;
}
