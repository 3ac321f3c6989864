import { pageMeta } from "~/components/seo";
import { useSite } from "~/components/site-config";
import { partnerAUrl } from "~/features/partner-redirect/partner-urls";
import { PartnerRedirect } from "~/features/partner-redirect/redirect-layout";
import { PERSONAL_LOAN_HAND_OFF } from "~/components/route-handle";
import type { Route } from "./+types/creditec-redirect";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Redirecting to Our Lending Partner",
    description: "We are taking you to our personal loan partner's application form.",
    path: "/creditec-redirect",
  });

/** Reading only, no React in the browser (decision 010); a personal loan, so no secured-loan warning (D19). */
export const handle = PERSONAL_LOAN_HAND_OFF;

/** Partner lender A (spec section 2): its personal-loan form, after a cancellable countdown. */
export default function CreditecRedirect() {
  const site = useSite();
  const partner = site.partners.a;
  return (
    <PartnerRedirect
      title={`Redirecting to ${partner.name}`}
      partnerName={partner.name}
      partnerUrl={partnerAUrl(site)}
      continueLabel="Continue"
      cancelLabel="Cancel and Go Back"
    >
      <p>
        For the loan you described, our lending partner {partner.name} is best placed to help. We are taking you to
        their personal loan application form, where you can check your rate and apply.
      </p>
      <p>Checking your eligibility with {partner.name} will not affect your credit score.</p>
    </PartnerRedirect>
  );
}
