import { TermsOfBusinessContent } from "~/components/legal/terms-of-business";
import { PageHeader } from "~/components/page-header";
import { pageMeta } from "~/components/seo";
import { TERMS_LAST_UPDATED } from "~/content/legal";
import { STATIC_PAGE } from "~/components/route-handle";
import type { Route } from "./+types/terms-of-business";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Terms of Business",
    description:
      "Our terms of business: an FCA-regulated credit broker, not a lender. How we are paid, your 14-day right to cancel, how to complain, the Financial Ombudsman Service and the FSCS.",
    path: "/terms-of-business",
  });

/** Reading only: no React in the browser (docs/decisions/010). */
export const handle = STATIC_PAGE;

export default function TermsOfBusiness() {
  return (
    <>
      <PageHeader title="Terms of Business">
        <p>Last updated {TERMS_LAST_UPDATED}.</p>
      </PageHeader>
      <article className="mx-auto max-w-3xl px-4 py-12">
        <TermsOfBusinessContent />
      </article>
    </>
  );
}
