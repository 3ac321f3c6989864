import { useEffect, useRef } from "react";
import { data, Link, redirect, useLocation } from "react-router";
import { watchAdConversion } from "~/components/consent/ad-conversion";
import { PageHeader } from "~/components/page-header";
import { RepossessionWarning } from "~/components/risk-warnings";
import { STATIC_PAGE } from "~/components/route-handle";
import { pageMeta } from "~/components/seo";
import { useSite } from "~/components/site-config";
import { buttonVariants } from "~/components/ui/button";
import { loaderConfig } from "~/config.server";
import { CLAIMS } from "~/content/marketing";
import { privatePageHeaders } from "~/features/accounts/private-headers";
import { TEAM_LEADER } from "~/content/team";
import { isLeadId } from "~/domain/leads";
import { leadSummary } from "../../server/lead-summary.server";
import {
  CALLBACK_CLOSED,
  callbackCookieLead,
  chooseCallback,
  findCallbackLead,
  readCallbackPost,
  refuse,
  thankYouCallbackOffer,
} from "../../server/callbacks.server";
import { CallbackPanel } from "~/features/callbacks/callback-panel";
import type { Route } from "./+types/thank-you";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Thank You for Your Enquiry",
    description: "Your loan enquiry has been received. An adviser will call you within 24 hours on working days.",
    path: "/thank-you",
  });

export const handle = STATIC_PAGE;

/** The page repeats the lead named by ?ref= (reference, amount, purpose): no cache keeps it, as /account. */
export const headers: Route.HeadersFunction = privatePageHeaders;

/**
 * Read per request, never at build: the CSP admits Google's hosts from the same setting,
 * and the lead named by ?ref= is looked up for its reference and a line of what was asked,
 * and for its call-back time and the hours on offer (the form only for the browser that
 * sent it).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const ref = url.searchParams.get("ref");
  const lead = isLeadId(ref) && context?.db ? await leadSummary(context.db, ref) : null;
  const callback =
    lead && isLeadId(ref) && context?.db ? await thankYouCallbackOffer(context, request, ref, new Date()) : null;
  return {
    conversionId: loaderConfig(context).site.adsConversionId,
    lead,
    callback,
    saved: url.searchParams.get("callback") === "saved",
  };
}

const NO_ENQUIRY = "We could not find that enquiry";

/**
 * The call-back form's post (DECISIONS D21): the time is stored on the lead named by
 * ?ref= only for the browser that sent that lead (its signed cookie), then the page
 * again with a confirmation (303, so a reload does not post twice). A choice that cannot
 * be taken comes back beside the field (400); anything else is refused with its reason.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const now = new Date();
  const ref = new URL(request.url).searchParams.get("ref");
  const post = await readCallbackPost(context, request, now);
  if (!isLeadId(ref)) refuse(404, NO_ENQUIRY);
  const saved = () => redirect(`/thank-you?ref=${ref}&callback=saved#callback`, 303);
  // A robot is answered as if its choice were saved, as the other forms answer it.
  if (post.kind === "robot") return saved();
  if (callbackCookieLead(request, context.config.authSecret, now) !== ref) {
    refuse(
      403,
      "Only the browser that sent this enquiry can choose its call-back time here. Sign in to your account, or call us, to choose one",
    );
  }
  const lead = await findCallbackLead(context.db, ref);
  if (!lead) refuse(404, NO_ENQUIRY);
  if (post.kind === "refused") return data({ problem: post.problem, value: post.value }, { status: 400 });
  const outcome = await chooseCallback(context, lead, post.choice, now);
  if (outcome === "closed") refuse(409, CALLBACK_CLOSED);
  if (outcome === "not-found") refuse(404, NO_ENQUIRY);
  return saved();
}

/**
 * Where both eligibility forms land: `/thank-you?ref=<quote or enquiry id>`. The ad
 * conversion (DECISIONS D8) is watched from the browser: by app/enhance on a full page
 * load, by this effect after a client-side transition from a form.
 */
function AdConversion({ conversionId }: { conversionId: string }) {
  const element = useRef<HTMLDivElement>(null);
  const { search } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new ?ref= is a new enquiry to count
  useEffect(() => (element.current ? watchAdConversion(element.current) : undefined), [search]);
  return <div ref={element} hidden data-ad-conversion="" data-conversion-id={conversionId} />;
}

export default function ThankYou({ loaderData, actionData }: Route.ComponentProps) {
  const site = useSite();
  const tel = site.phone.replace(/\s/g, "");
  const steps = [
    {
      title: "We review your enquiry",
      body: `An adviser checks your details against the lending criteria of our panel of lenders.`,
    },
    {
      title: "We call you",
      body: `Usually within ${CLAIMS.approvalHours} hours on working days, to talk through your options and answer your questions.`,
    },
    {
      title: "You choose, with no obligation",
      body: "If a loan suits you, we help you apply and stay with you until the funds arrive. Nothing is binding until you sign the lender's agreement.",
    },
  ];
  return (
    <>
      {loaderData.conversionId && <AdConversion conversionId={loaderData.conversionId} />}
      <PageHeader title="Thank You for Your Enquiry">
        <p>We have received your details. Here is what happens next.</p>
      </PageHeader>
      {loaderData.lead && (
        <section aria-labelledby="your-enquiry-heading" className="mx-auto max-w-5xl px-4 pt-10">
          <div className="rounded-xl border border-brand-200 bg-white p-5 shadow-sm">
            <h2 id="your-enquiry-heading" className="text-xl font-bold text-slate-900">
              Your enquiry
            </h2>
            <p className="mt-2 text-slate-800">
              Your reference is <strong className="font-mono text-lg">{loaderData.lead.reference}</strong>. We have
              emailed it to you; please quote it if you call us.
            </p>
            <p className="mt-1 text-slate-700">{loaderData.lead.request}</p>
          </div>
        </section>
      )}
      {loaderData.lead && loaderData.callback && (
        <CallbackPanel
          offer={loaderData.callback}
          reference={loaderData.lead.reference}
          saved={loaderData.saved}
          problem={actionData?.problem ?? null}
          posted={actionData?.value ?? null}
          phone={site.phone}
          openingHours={site.openingHours}
        />
      )}
      <div className="mx-auto grid max-w-5xl gap-10 px-4 py-12 md:grid-cols-[1fr_1.6fr]">
        <aside className="text-center">
          <img
            src={TEAM_LEADER.photo}
            alt={`${TEAM_LEADER.name}, ${TEAM_LEADER.role}`}
            width={TEAM_LEADER.photoWidth}
            height={TEAM_LEADER.photoHeight}
            className="mx-auto h-48 w-48 rounded-full object-cover shadow-md"
          />
          <p className="mt-4 text-lg font-semibold text-slate-900">{TEAM_LEADER.name}</p>
          <p className="text-slate-700">{TEAM_LEADER.role}</p>
          <p className="mt-3 text-slate-700">“My team will look after your enquiry personally.”</p>
        </aside>
        <div>
          <section aria-labelledby="next-steps-heading">
            <h2 id="next-steps-heading" className="text-2xl font-bold text-slate-900">
              Your next steps
            </h2>
            <ol className="mt-5 space-y-5">
              {steps.map((step, index) => (
                <li key={step.title} className="flex gap-4">
                  <span
                    aria-hidden="true"
                    className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-800 font-bold text-white"
                  >
                    {index + 1}
                  </span>
                  <div>
                    <h3 className="font-semibold text-slate-900">{step.title}</h3>
                    <p className="mt-1 text-slate-700">{step.body}</p>
                  </div>
                </li>
              ))}
            </ol>
          </section>
          <div className="mt-8 rounded-xl bg-brand-50 p-5">
            <p className="text-slate-800">Want to talk sooner? Call us on</p>
            <a href={`tel:${tel}`} className="mt-1 inline-block text-2xl font-bold text-brand-800 underline">
              {site.phone}
            </a>
            <p className="text-sm text-slate-700">{site.openingHours}</p>
          </div>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/" className={buttonVariants({ variant: "outline" })}>
              Return to Homepage
            </Link>
            <Link to="/apply" className={buttonVariants()}>
              Start Another Enquiry
            </Link>
          </div>
          <RepossessionWarning className="mt-8" />
        </div>
      </div>
    </>
  );
}
