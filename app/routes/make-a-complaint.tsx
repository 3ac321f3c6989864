import { data, redirect } from "react-router";
import { complaintFormAction } from "../../server/complaints/intake.server";
import { PageHeader } from "~/components/page-header";
import { STATIC_PAGE } from "~/components/route-handle";
import { pageMeta } from "~/components/seo";
import { useSite } from "~/components/site-config";
import { COMPLAINTS } from "~/content/legal";
import { ComplaintForm } from "~/components/complaint-form";
import type { Route } from "./+types/make-a-complaint";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Make a Complaint",
    description: `Tell us what went wrong. We acknowledge every complaint straight away and send our final response within ${COMPLAINTS.finalResponseWithinWeeks} weeks, with how to go to the Financial Ombudsman Service.`,
    path: "/make-a-complaint",
  });

/** A plain form the server answers: no React in the browser (docs/decisions/262). */
export const handle = STATIC_PAGE;

/** Recorded: on to the page that gives its reference. Refused: this page again, with what was typed and what to fix. */
export async function action({ request, context }: Route.ActionArgs) {
  const outcome = await complaintFormAction(context, request);
  // The reference goes in the address: the confirmation shows it, as GOV.UK's confirmation panel does.
  if (outcome.sent)
    return redirect(outcome.reference ? `/complaint-received?ref=${outcome.reference}` : "/complaint-received", 303);
  return data(outcome.reply, { status: outcome.status });
}

export default function MakeAComplaint({ actionData }: Route.ComponentProps) {
  const site = useSite();
  return (
    <>
      <PageHeader title="Make a complaint">
        <p>If we have let you down, we want to know, and to put it right.</p>
      </PageHeader>
      <div className="mx-auto grid max-w-6xl gap-12 px-4 py-12 lg:grid-cols-[1fr_1.6fr]">
        <section aria-labelledby="how-heading" className="space-y-4 text-lg text-slate-700">
          <h2 id="how-heading" className="text-2xl font-bold text-slate-900">
            What happens next
          </h2>
          <p>
            We email you an acknowledgement straight away, naming who is looking into your complaint. If we can put it
            right within three working days, we will tell you so in writing.
          </p>
          <p>
            Otherwise we send our final response within {COMPLAINTS.finalResponseWithinWeeks} weeks. If we cannot, we
            will write to explain why and when we will, and you can then go to the Financial Ombudsman Service, free of
            charge.
          </p>
          <p>
            You can also complain by phone on {site.phone}, by email to {site.contactEmail}, or by post to{" "}
            {site.registeredAddress}.
          </p>
          <p>
            <a href="/terms-of-business#complaints" className="font-semibold text-brand-700 underline">
              How we handle complaints
            </a>{" "}
            is set out in our terms of business.
          </p>
        </section>
        <section aria-labelledby="form-heading" className="rounded-2xl border border-slate-200 p-6 shadow-sm sm:p-8">
          <h2 id="form-heading" className="mb-6 text-2xl font-bold text-slate-900">
            Your complaint
          </h2>
          <ComplaintForm
            action="/make-a-complaint"
            values={actionData?.values}
            errors={actionData?.errors}
            problem={actionData?.problem}
            submitLabel="Send complaint"
          />
        </section>
      </div>
    </>
  );
}
