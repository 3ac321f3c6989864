import { pageMeta } from "~/components/seo";
import { useSite } from "~/components/site-config";
import { partnerBUrl } from "~/features/partner-redirect/partner-urls";
import { PartnerRedirect } from "~/features/partner-redirect/redirect-layout";
import { PERSONAL_LOAN_HAND_OFF } from "~/components/route-handle";
import type { Route } from "./+types/loanswarehouse-redirect";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Redirecting to Our Partner",
    description: "We are taking you to our partner, who compares personal loans across multiple lenders.",
    path: "/loanswarehouse-redirect",
  });

const TICKS = ["Loan Comparison Service", "Multiple Lender Options", "Quick Decision Process"] as const;

/** Reading only, no React in the browser (decision 010); a personal loan, so no secured-loan warning (D19). */
export const handle = PERSONAL_LOAN_HAND_OFF;

/** Partner B (spec section 2): a loan comparison service, with our source, medium and campaign. */
export default function LoansWarehouseRedirect() {
  const site = useSite();
  const partner = site.partners.b;
  return (
    <PartnerRedirect
      title="Redirecting to Our Partner"
      partnerName={partner.name}
      partnerUrl={partnerBUrl(site)}
      continueLabel={`Continue to ${partner.name}`}
      cancelLabel="Cancel & Go Back"
    >
      <p>
        Our partner {partner.name} compares personal loans across multiple lenders to find the one that suits you, so
        you can see your options side by side.
      </p>
      <ul className="space-y-2">
        {TICKS.map((tick) => (
          <li key={tick} className="flex items-center gap-3 font-semibold text-slate-900">
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="h-6 w-6 shrink-0 text-accent-700"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.5"
            >
              <path d="m5 12.5 4.5 4.5L19 7.5" />
            </svg>
            {tick}
          </li>
        ))}
      </ul>
    </PartnerRedirect>
  );
}
