import { RatingClaim } from "~/components/claims";
import { Link } from "react-router";
import { ContactDetails } from "~/components/contact-details";
import { PageHeader } from "~/components/page-header";
import { RepossessionWarning } from "~/components/risk-warnings";
import { useSite } from "~/components/site-config";
import { buttonVariants } from "~/components/ui/button";
import { CLAIMS } from "~/content/marketing";
import { formatPounds } from "~/domain/finance";
import { STATIC_PAGE } from "~/components/route-handle";

/** Reading only: no React in the browser (docs/decisions/010). */
export const handle = STATIC_PAGE;

export function AboutUs() {
  const site = useSite();
  const years = new Date().getFullYear() - site.establishedYear;
  return (
    <>
      <PageHeader title={`About ${site.brandName}`}>
        <p>
          A Bristol credit broker that has spent {years} years matching UK homeowners with lenders who will say yes,
          since {site.establishedYear}.
        </p>
      </PageHeader>

      <div className="mx-auto grid max-w-5xl gap-12 px-4 py-12 lg:grid-cols-[1.6fr_1fr]">
        <div className="space-y-10">
          <section aria-labelledby="who-heading">
            <h2 id="who-heading" className="text-2xl font-bold text-slate-900">
              Who we are
            </h2>
            <div className="mt-3 space-y-4 text-lg leading-relaxed text-slate-700">
              <p>
                {site.brandName} is a trading style of {site.companyName}, a credit broker authorised and regulated by
                the Financial Conduct Authority (firm reference number {site.fcaFirmReference}). We are a broker, not a
                lender: our job is to understand what you need and find the lender on our panel best placed to provide
                it.
              </p>
              <p>
                Our advisers are based in Bristol and speak to customers across England, Wales, Scotland and Northern
                Ireland.
                {site?.claims.rating && (
                  <>
                    {" "}
                    <RatingClaim prefix="" />.
                  </>
                )}
              </p>
            </div>
          </section>

          <section aria-labelledby="what-heading">
            <h2 id="what-heading" className="text-2xl font-bold text-slate-900">
              What we do
            </h2>
            <ul className="mt-3 space-y-3 text-lg text-slate-700">
              <li>
                <strong className="text-slate-900">Homeowner loans</strong> from {formatPounds(CLAIMS.minLoan)} to{" "}
                {formatPounds(CLAIMS.maxLoan)}, secured on your home, for debt consolidation, home improvements, school
                fees and more.
              </li>
              <li>
                <strong className="text-slate-900">A whole panel in one place:</strong> lenders and loan products,
                including specialists who do not deal with the public directly.
              </li>
              <li>
                <strong className="text-slate-900">Personal loans</strong> through trusted partners, for renters and
                smaller amounts.
              </li>
              <li>
                <strong className="text-slate-900">No upfront fees.</strong> We are usually paid a commission by the
                lender when your loan completes, and we tell you about it before you commit.
              </li>
            </ul>
          </section>

          <section aria-labelledby="how-heading">
            <h2 id="how-heading" className="text-2xl font-bold text-slate-900">
              How we work
            </h2>
            <ol className="mt-3 list-decimal space-y-2 pl-6 text-lg text-slate-700">
              <li>You check your eligibility online in a couple of minutes, with no mark on your credit file.</li>
              <li>An adviser calls you, usually within {CLAIMS.approvalHours} hours, to understand your situation.</li>
              <li>We recommend a loan, help you apply, and stay with you until the funds arrive.</li>
            </ol>
            <p className="mt-4 text-slate-700">
              Read our{" "}
              <Link to="/terms-of-business" className="font-semibold text-brand-700 underline">
                terms of business
              </Link>{" "}
              for how we are paid and how to complain.
            </p>
          </section>

          <RepossessionWarning />

          <Link to="/apply" className={buttonVariants({ size: "lg" })}>
            Apply Now »
          </Link>
        </div>

        <aside
          aria-labelledby="contact-heading"
          className="self-start rounded-2xl border border-slate-200 bg-slate-50 p-6"
        >
          <h2 id="contact-heading" className="text-xl font-bold text-slate-900">
            Get in touch
          </h2>
          <ContactDetails className="mt-4 grid gap-5" />
          <Link to="/contact-us" className={`${buttonVariants({ variant: "outline", size: "sm" })} mt-6`}>
            Send us a message
          </Link>
        </aside>
      </div>
    </>
  );
}
