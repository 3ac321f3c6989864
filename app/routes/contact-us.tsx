import { Link } from "react-router";
import { ContactDetails } from "~/components/contact-details";
import { PageHeader } from "~/components/page-header";
import { pageMeta, siteFromMatches } from "~/components/seo";
import { ContactForm } from "~/features/contact/contact-form";
import { ContactMap } from "~/features/contact/contact-map";
import type { Route } from "./+types/contact-us";

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteFromMatches(matches);
  return pageMeta(matches, {
    title: "Contact Us",
    description: `Talk to a loan adviser${site ? ` on ${site.phone}` : ""}, email us or send a message. We reply within 24 hours on working days.`,
    path: "/contact-us",
  });
};

export default function ContactUs() {
  return (
    <>
      <PageHeader title="Contact Us">
        <p>
          Questions about a loan, an application in progress or anything else: we reply within 24 hours on working days.
        </p>
      </PageHeader>
      <div className="mx-auto grid max-w-6xl gap-12 px-4 py-12 lg:grid-cols-[1fr_1.3fr]">
        <div className="space-y-8">
          <section aria-labelledby="details-heading">
            <h2 id="details-heading" className="text-2xl font-bold text-slate-900">
              Our details
            </h2>
            <ContactDetails className="mt-4 grid gap-5 sm:grid-cols-2 lg:grid-cols-1" />
          </section>
          <section aria-labelledby="find-heading">
            <h2 id="find-heading" className="text-2xl font-bold text-slate-900">
              Find us
            </h2>
            <div className="mt-4">
              <ContactMap />
            </div>
          </section>
        </div>
        <section aria-labelledby="message-heading" className="rounded-2xl border border-slate-200 p-6 shadow-sm sm:p-8">
          <h2 id="message-heading" className="text-2xl font-bold text-slate-900">
            Send us a message
          </h2>
          <p className="mt-2 mb-6 text-slate-700">
            Please do not include bank details. We use what you send only to answer you; see our{" "}
            <Link to="/privacy-policy" className="font-semibold text-brand-700 underline">
              privacy policy
            </Link>
            .
          </p>
          <ContactForm />
        </section>
      </div>
    </>
  );
}
