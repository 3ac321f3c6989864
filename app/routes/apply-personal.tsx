import { pageMeta } from "~/components/seo";
import { QUICK_CHECK_TITLE, QuickCheckPage } from "~/features/quick-check/quick-check-page";
import type { Route } from "./+types/apply-personal";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: QUICK_CHECK_TITLE,
    description:
      "Personal loans from £1,000 to £50,000 through our partners, or a homeowner loan quote: answer a few quick questions, with no impact on your credit score.",
    path: "/apply-personal",
  });

export default function ApplyPersonal() {
  return <QuickCheckPage />;
}
