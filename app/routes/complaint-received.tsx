import { PageHeader } from "~/components/page-header";
import { pageMeta } from "~/components/seo";
import { useSite } from "~/components/site-config";
import { STATIC_PAGE } from "~/components/route-handle";
import { COMPLAINTS } from "~/content/legal";
import type { Route } from "./+types/complaint-received";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, {
    title: "Complaint Received",
    description: "We have received your complaint and emailed you an acknowledgement.",
    path: "/complaint-received",
  }),
  { name: "robots", content: "noindex" },
];

/** Reading only (docs/decisions/262): the reference is in the acknowledgement email, not on this page. */
export const handle = STATIC_PAGE;

export default function ComplaintReceived() {
  const site = useSite();
  return (
    <>
      <PageHeader title="We have received your complaint">
        <p>An acknowledgement with your complaint's reference is on its way to your email address.</p>
      </PageHeader>
      <div className="mx-auto max-w-3xl space-y-4 px-4 py-12 text-lg text-slate-700">
        <p>
          The person looking into it will write to you with our answer within {COMPLAINTS.finalResponseWithinWeeks}{" "}
          weeks, and sooner if they can. If they need anything more from you, they will ask.
        </p>
        <p>
          If you want to add anything, reply to the acknowledgement or call us on {site.phone}, quoting its reference.
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
