import { PageHeader } from "~/components/page-header";
import { STATIC_PAGE } from "~/components/route-handle";
import { pageMeta } from "~/components/seo";
import { useSite } from "~/components/site-config";
import { COMPLAINTS } from "~/content/legal";
import { privatePageHeaders } from "~/features/accounts/private-headers";
import { complaintReferenceExists } from "../../server/complaints/complaints.server";
import type { Route } from "./+types/complaint-received";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, {
    title: "Complaint Received",
    description: "We have received your complaint and emailed you an acknowledgement.",
    path: "/complaint-received",
  }),
  { name: "robots", content: "noindex" },
];

/** Reading only, no React in the browser (docs/decisions/262); rendered per request for its reference (383). */
export const handle = STATIC_PAGE;

/** The page names a complaint's reference: no cache keeps it. */
export const headers: Route.HeadersFunction = privatePageHeaders;

/**
 * The reference named by ?ref=, shown only when a complaint with it was recorded: the page
 * then tells nothing but the reference the visitor's own address already holds.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ref = new URL(request.url).searchParams.get("ref") ?? "";
  const known = context?.db ? await complaintReferenceExists(context.db, ref) : false;
  return { reference: known ? ref : null };
}

export default function ComplaintReceived({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  const tel = site.phone.replace(/\s/g, "");
  const { reference } = loaderData;
  return (
    <>
      <PageHeader title="We have received your complaint">
        <p>An acknowledgement is on its way to your email address.</p>
      </PageHeader>
      <div className="mx-auto max-w-3xl space-y-4 px-4 py-12 text-lg text-slate-700">
        {reference && (
          // The confirmation panel: the reference to quote, large enough to copy down.
          <section
            aria-labelledby="complaint-reference-heading"
            className="rounded-xl bg-accent-700 p-6 text-center text-white"
          >
            <h2 id="complaint-reference-heading" className="text-2xl font-bold">
              Complaint received
            </h2>
            <p className="mt-3">Your reference</p>
            <p className="mt-1 font-mono text-3xl font-bold tracking-wide break-all">{reference}</p>
          </section>
        )}
        <p>
          The person looking into it will write to you with our answer within {COMPLAINTS.finalResponseWithinWeeks}{" "}
          weeks, and sooner if they can. If they need anything more from you, they will ask.
        </p>
        <p>
          If you want to add anything, reply to the acknowledgement or call us on{" "}
          <a href={`tel:${tel}`} className="font-semibold text-brand-700 underline">
            {site.phone}
          </a>
          , quoting {reference ? "your" : "its"} reference.
        </p>
        <p>
          <a href="/" className="font-semibold text-brand-700 underline">
            Back to the home page
          </a>
        </p>
      </div>
    </>
  );
}
