import { QUOTE_LEAD, stepFormAction } from "../../server/borrowers/step-form-posts.server";
import { pageMeta } from "~/components/seo";
import { ELIGIBILITY_TITLE, EligibilityPage } from "~/features/eligibility/eligibility-page";
import { ELIGIBILITY_FLOW } from "~/features/eligibility/flow";
import { SAVE_FAILED_PREFIX, SUBMISSION_FAILED_PREFIX, SUBMISSION_FAILED_TITLE } from "~/features/eligibility/messages";
import type { Route } from "./+types/apply";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: ELIGIBILITY_TITLE,
    description:
      "Check your eligibility for a homeowner loan from £10,000 to £2,500,000 in about two minutes, with no impact on your credit score.",
    path: "/apply",
  });

/** Each step posted without script (issue 13): the same rules on the server, the quote stored as the endpoint stores it. */
export function action(args: Route.ActionArgs) {
  return stepFormAction(args, {
    flow: ELIGIBILITY_FLOW,
    lead: QUOTE_LEAD,
    refused: (reason) => `${SUBMISSION_FAILED_TITLE}: ${SUBMISSION_FAILED_PREFIX}${SAVE_FAILED_PREFIX}${reason}`,
  });
}

export default function Apply({ actionData }: Route.ComponentProps) {
  return <EligibilityPage posted={actionData} />;
}
