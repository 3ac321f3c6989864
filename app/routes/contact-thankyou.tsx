import { Link } from "react-router";
import { PageHeader } from "~/components/page-header";
import { pageMeta } from "~/components/seo";
import { useSite } from "~/components/site-config";
import { buttonVariants } from "~/components/ui/button";
import { STATIC_PAGE } from "~/components/route-handle";
import type { Route } from "./+types/contact-thankyou";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Message Received",
    description: "Thank you for your message. We will reply within 24 hours on working days.",
    path: "/contact-thankyou",
  });

/** Reading only: no React in the browser (docs/decisions/010). */
export const handle = STATIC_PAGE;

export default function ContactThankYou() {
  const site = useSite();
  return (
    <>
      <PageHeader title="Thank you, your message has been received">
        <p>We have your message and a copy is on its way to your inbox.</p>
      </PageHeader>
      <div className="mx-auto max-w-3xl px-4 py-12">
        <section aria-labelledby="next-heading">
          <h2 id="next-heading" className="text-2xl font-bold text-slate-900">
            What happens next
          </h2>
          <ol className="mt-4 space-y-4 text-lg text-slate-700">
            <li className="flex gap-4">
              <span
                aria-hidden="true"
                className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-800 font-bold text-white"
              >
                1
              </span>
              <span>One of our team reads your message and looks into your question.</span>
            </li>
            <li className="flex gap-4">
              <span
                aria-hidden="true"
                className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-800 font-bold text-white"
              >
                2
              </span>
              <span>We reply by email or phone within 24 hours on working days ({site.openingHours}).</span>
            </li>
            <li className="flex gap-4">
              <span
                aria-hidden="true"
                className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-800 font-bold text-white"
              >
                3
              </span>
              <span>
                If it is urgent, call us on{" "}
                <a href={`tel:${site.phone.replace(/\s/g, "")}`} className="font-semibold text-brand-700 underline">
                  {site.phone}
                </a>
                .
              </span>
            </li>
          </ol>
        </section>
        <div className="mt-10 flex flex-wrap gap-3">
          <Link to="/" className={buttonVariants({ variant: "outline" })}>
            Return to Homepage
          </Link>
          <Link to="/apply" className={buttonVariants()}>
            Check Your Eligibility »
          </Link>
        </div>
      </div>
    </>
  );
}
