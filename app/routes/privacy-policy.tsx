import { PrivacyPolicyContent } from "~/components/legal/privacy-policy";
import { PageHeader } from "~/components/page-header";
import { pageMeta } from "~/components/seo";
import { RETENTION } from "~/content/legal";
import { STATIC_PAGE } from "~/components/route-handle";
import type { Route } from "./+types/privacy-policy";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Privacy Policy",
    description: `What personal information we collect when you enquire about a loan, why, who we share it with, how long we keep it (${RETENTION.completedLeadYears} years after a loan, ${RETENTION.otherLeadYears} years otherwise) and your rights.`,
    path: "/privacy-policy",
  });

/** Reading only: no React in the browser (docs/decisions/010). */
export const handle = STATIC_PAGE;

export default function PrivacyPolicy() {
  return (
    <>
      <PageHeader title="Privacy Policy">
        <p>How we look after the information you give us, and your rights over it.</p>
      </PageHeader>
      <article className="mx-auto max-w-3xl px-4 py-12">
        <PrivacyPolicyContent />
      </article>
    </>
  );
}
