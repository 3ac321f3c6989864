import { data, redirect } from "react-router";
import { contactFormAction } from "../../server/borrowers/contact.server";
import { ContactDetails } from "~/components/contact-details";
import { PageHeader } from "~/components/page-header";
import { Island } from "~/components/island";
import { STATIC_PAGE } from "~/components/route-handle";
import { pageMeta, siteFromMatches } from "~/components/seo";
import { useSite } from "~/components/site-config";
import { ContactForm } from "~/features/contact/contact-form";
import { ContactMap } from "~/features/contact/contact-map";
import script from "~/features/contact/hydrate-contact.tsx?island-module";
import type { Route } from "./+types/contact-us";

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteFromMatches(matches);
  return pageMeta(matches, {
    title: "Contact Us",
    description: `Talk to a loan adviser${site ? ` on ${site.phone}` : ""}, email us or send a message. We reply within 24 hours on working days.`,
    path: "/contact-us",
  });
};

/** Reading with a form and a map: those two hydrate alone (docs/decisions/058). */
export const handle = STATIC_PAGE;

/**
 * The form as a browser posts it before any script runs (decision 137): sent, on to the
 * thank-you page; refused, this page again with the visitor's words and what to fix.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const outcome = await contactFormAction(context, request);
  if (outcome.sent) return redirect("/contact-thankyou", 303);
  return data(outcome.reply, { status: outcome.status });
}

export default function ContactUs({ actionData }: Route.ComponentProps) {
  const site = useSite();
  const map = { embedUrl: site.mapEmbedUrl, address: site.registeredAddress };
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
              <Island name="contact-map" script={script} props={map}>
                <ContactMap {...map} />
              </Island>
            </div>
          </section>
        </div>
        <section aria-labelledby="message-heading" className="rounded-2xl border border-slate-200 p-6 shadow-sm sm:p-8">
          <h2 id="message-heading" className="text-2xl font-bold text-slate-900">
            Send us a message
          </h2>
          <p className="mt-2 mb-6 text-slate-700">
            Please do not include bank details. We use what you send only to answer you; see our{" "}
            <a href="/privacy-policy" className="font-semibold text-brand-700 underline">
              privacy policy
            </a>
            .
          </p>
          <Island name="contact-form" script={script} props={actionData ? { reply: actionData } : undefined}>
            <ContactForm reply={actionData} />
          </Island>
        </section>
      </div>
    </>
  );
}
