import { useEffect, useRef } from "react";
import { data, Link, redirect, useLocation } from "react-router";
import { watchAdConversion } from "~/components/consent/ad-conversion";
import { PageHeader } from "~/components/page-header";
import { RepossessionWarning } from "~/components/risk-warnings";
import { type RouteHandle, STATIC_PAGE } from "~/components/route-handle";
import { pageMeta } from "~/components/seo";
import { useSite } from "~/components/site-config";
import { buttonVariants } from "~/components/ui/button";
import { loaderConfig } from "~/config.server";
import { CLAIMS } from "~/content/marketing";
import { privatePageHeaders } from "~/features/accounts/private-headers";
import { TEAM_LEADER } from "~/content/team";
import { isLeadId } from "~/domain/leads";
import { leadSummary } from "../../server/leads/lead-summary.server";
import {
  CALLBACK_CLOSED,
  callbackCookieLead,
  chooseCallback,
  findCallbackLead,
  readCallbackFields,
  refuse,
  thankYouCallbackOffer,
} from "../../server/borrowers/callbacks.server";
import { isSameSitePost, readFormPost } from "../../server/platform/form-post.server";
import { readNeedsFields } from "../../server/needs/borrower.server";
import { needsOf, stateNeeds } from "../../server/needs/needs.server";
import { CallbackPanel } from "~/features/callbacks/callback-panel";
import { NeedsPanel } from "~/features/needs/needs-panel";
import { EMAIL_INSTEAD, prefersEmail } from "~/domain/needs";
import { EMPTY_NEEDS, type NeedsFormValues, postedNeeds } from "~/features/needs/needs-form";
import type { Route } from "./+types/thank-you";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Thank You for Your Enquiry",
    description: "Your loan enquiry has been received. An adviser will call you within 24 hours on working days.",
    path: "/thank-you",
  });

export const handle: RouteHandle = { ...STATIC_PAGE, script: "ad-conversion" };

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
  // What would help when we speak to them (DECISIONS D28): asked here, after the enquiry is
  // sent, of the browser that sent it, so the step forms carry none of it (decision 310).
  const owned =
    lead && isLeadId(ref) && context?.db ? callbackCookieLead(request, context.config.authSecret) === ref : false;
  const found = owned && isLeadId(ref) ? await findCallbackLead(context.db, ref) : null;
  const stored = found ? await needsOf(context.db, found) : null;
  const needs: { leadId: string; values: NeedsFormValues; stated: boolean } | null = found
    ? {
        leadId: found.id,
        stated: stored !== null,
        values: stored
          ? {
              adjustments: stored.adjustments,
              note: stored.borrowerNote ?? "",
              health: stored.healthDetails ?? "",
              consent: stored.healthDetails !== null,
            }
          : EMPTY_NEEDS,
      }
    : null;
  return {
    conversionId: loaderConfig(context).site.adsConversionId,
    lead,
    callback,
    saved: url.searchParams.get("callback") === "saved",
    needs,
    needsSaved: url.searchParams.get("needs") === "saved",
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
  if (!isSameSitePost(request, context.config.siteUrl)) refuse(403, "This form can only be sent from our own pages");
  const posted = await readFormPost(request);
  if (!posted.ok)
    refuse(posted.status, posted.status === 415 ? "The form must be sent as a form" : "The form could not be read");
  if (posted.form.get("intent") === "needs") return needsAction(context, request, ref, posted.form, now);
  const post = await readCallbackFields(context, posted.form, now);
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
 * What would help when we speak to them (DECISIONS D28), posted by the browser that sent
 * the enquiry (its signed cookie, as the call-back time): stored on the lead, then the page
 * again with a confirmation (303); a refusal comes back beside its field (400).
 */
async function needsAction(
  context: Route.ActionArgs["context"],
  request: Request,
  ref: string | null,
  form: FormData,
  now: Date,
) {
  const post = await readNeedsFields(context, form);
  if (!isLeadId(ref)) refuse(404, NO_ENQUIRY);
  const saved = () => redirect(`/thank-you?ref=${ref}&needs=saved#needs`, 303);
  if (post.kind === "robot") return saved();
  if (callbackCookieLead(request, context.config.authSecret, now) !== ref) {
    refuse(403, "Only the browser that sent this enquiry can tell us this here. Sign in to your account, or call us");
  }
  const lead = await findCallbackLead(context.db, ref);
  if (!lead) refuse(404, NO_ENQUIRY);
  if (post.kind === "refused") return data({ needsProblems: post.problems, needsValues: post.values }, { status: 400 });
  await stateNeeds(context.db, { kind: lead.kind, id: lead.id }, post.needs, now);
  return saved();
}

/**
 * Where both eligibility forms land: `/thank-you?ref=<quote or enquiry id>`. The ad
 * conversion (DECISIONS D8) is watched from the browser: by the page's inline module
 * (app/enhance/ad-conversion.ts) on a full page load, by this effect after a client-side
 * transition from a form.
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
  const callbackRefusal = actionData && "problem" in actionData ? actionData : null;
  const needsProblems = actionData && "needsProblems" in actionData ? actionData.needsProblems : null;
  const needsValues = actionData && "needsValues" in actionData ? actionData.needsValues : null;
  // Heard at once: a borrower who asked for email reads that we will email them, not call.
  const emailInstead = prefersEmail(loaderData.needs?.values.adjustments);
  const steps = [
    {
      title: "We review your enquiry",
      body: `An adviser checks your details against the lending criteria of our panel of lenders.`,
    },
    emailInstead
      ? {
          title: "We email you",
          body: `${EMAIL_INSTEAD} of calling, to talk through your options and answer your questions. If you would like a call after all, choose a time below or call us.`,
        }
      : {
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
      <div className="mx-auto max-w-5xl px-4 pt-10">
        {/* What happens next comes first, before anything the borrower may fill in. */}
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
          <p className="text-slate-800">
            {emailInstead ? "Would you rather talk? Call us on" : "Want to talk sooner? Call us on"}
          </p>
          <a href={`tel:${tel}`} className="mt-1 inline-block text-2xl font-bold text-brand-800 underline">
            {site.phone}
          </a>
          <p className="text-sm text-slate-700">{site.openingHours}</p>
        </div>
      </div>
      {loaderData.lead && loaderData.callback && (
        <CallbackPanel
          offer={loaderData.callback}
          reference={loaderData.lead.reference}
          saved={loaderData.saved}
          problem={callbackRefusal?.problem ?? null}
          posted={callbackRefusal?.value ?? null}
          phone={site.phone}
          openingHours={site.openingHours}
          emailInstead={emailInstead}
        />
      )}
      {loaderData.lead && loaderData.needs && (
        <NeedsPanel
          action={`/thank-you?ref=${encodeURIComponent(loaderData.needs.leadId)}`}
          saved={loaderData.needsSaved && !needsProblems}
          stated={loaderData.needs.stated}
          values={needsValues ? postedNeeds(needsValues) : loaderData.needs.values}
          problems={needsProblems}
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
