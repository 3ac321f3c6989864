import { ENQUIRY_LEAD, stepFormAction } from "../../server/borrowers/step-form-posts.server";
import { pageMeta } from "~/components/seo";
import { QUICK_CHECK_FLOW } from "~/features/quick-check/flow";
import { QUICK_CHECK_TITLE, QuickCheckPage } from "~/features/quick-check/quick-check-page";
import { enquiryErrorMessage, quickSubmitIssue } from "~/domain/quick-form";
import type { Route } from "./+types/apply-personal";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: QUICK_CHECK_TITLE,
    description:
      "Personal loans from £1,000 to £50,000 through our partners, or a homeowner loan quote: answer a few quick questions, with no impact on your credit score.",
    path: "/apply-personal",
  });

/** Each step posted without script (issue 13): the same rules on the server, the enquiry stored as the endpoint stores it. */
export function action(args: Route.ActionArgs) {
  return stepFormAction(args, {
    flow: QUICK_CHECK_FLOW,
    lead: ENQUIRY_LEAD,
    submitIssue: quickSubmitIssue,
    refused: enquiryErrorMessage,
  });
}

export default function ApplyPersonal({ actionData }: Route.ComponentProps) {
  return <QuickCheckPage posted={actionData} />;
}
