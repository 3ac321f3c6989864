import { data, Form, redirect, useNavigation } from "react-router";
import {
  accountSummary,
  requireBorrower,
  deleteAccount,
  enquiryOf,
  leadsSentFrom,
  signOut,
} from "../../server/borrowers/accounts.server";
import { isSameSitePost, readFormPost } from "../../server/platform/form-post.server";
import {
  CALLBACK_CLOSED,
  callbackChoicesOf,
  chooseCallback,
  isOpenForCallback,
  readCallbackFields,
  refuse,
  screenBorrowerForm,
} from "../../server/borrowers/callbacks.server";
import { askForCorrection, correctAccountDetails } from "../../server/privacy/correction-requests.server";
import { dataRequestsOf } from "../../server/privacy/data-requests.server";
import { callbackValue, describeCallback, SOONEST } from "~/domain/callback-choice";
import {
  ACCOUNT_DETAIL_FIELDS,
  type AccountDetailField,
  dataRequestReference,
  readAccountDetails,
  CORRECTION_REQUEST_FIELD,
  readCorrectionRequest,
} from "~/domain/data-requests";
import { ukClock } from "~/domain/uk-time";
import { complaintProgress } from "~/domain/complaints";
import { complaintsOfEmail } from "../../server/complaints/complaints.server";
import { AccountComplaints } from "~/features/complaints/account-complaints";
import { prefersEmail } from "~/domain/needs";
import { CorrectDetails } from "~/features/accounts/correct-details";
import { callbackSlots } from "~/domain/callbacks";
import { AccountCallbacks } from "~/features/callbacks/account-callbacks";
import { AccountNeeds } from "~/features/needs/account-needs";
import { EMPTY_NEEDS, postedNeeds } from "~/features/needs/needs-form";
import { readNeedsFields } from "../../server/needs/borrower.server";
import { needsOfLeads, stateNeeds, withdrawHealthConsent } from "../../server/needs/needs.server";
import { pageMeta } from "~/components/seo";
import { useSite } from "~/components/site-config";
import { Button } from "~/components/ui/button";
import { EnquiryList } from "~/features/accounts/enquiry-list";
import { CONFIRM_ACCOUNT_DELETION } from "~/domain/account-messages";
import { privatePageHeaders } from "~/features/accounts/private-headers";
import type { Route } from "./+types/account";

// /account (DECISIONS D6): the signed-in borrower's own enquiries, and signing out.
// Rendered per request; nobody sees anyone else's rows (server/borrowers/accounts.server.ts).

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Your account",
    description: "The loan enquiries you have made with us, and where each one stands.",
    path: "/account",
    noindex: true,
  });

export const headers: Route.HeadersFunction = privatePageHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, headers } = await requireBorrower(context, request);
  const [summary, requests, sent, ownComplaints] = await Promise.all([
    accountSummary(context.db, user),
    dataRequestsOf(context.db, user.id),
    leadsSentFrom(context.db, user),
    // The account's address is confirmed: complaints made with it are the account holder's (D26).
    complaintsOfEmail(context.db, user.email),
  ]);
  // The open enquiries take a call-back time (DECISIONS D21): each with its choice, and the hours on offer now.
  const open = summary.enquiries.filter((enquiry) => isOpenForCallback(enquiry.status));
  const choices = await callbackChoicesOf(context.db, open);
  const url = new URL(request.url);
  // What would help (DECISIONS D28, D33): the latest told on an enquiry sent while signed in to
  // this account, never what someone else told on an enquiry sent with the same email address.
  const needsByLead = await needsOfLeads(context.db, sent);
  const needs = [...needsByLead.values()];
  const callbacks = open.map((enquiry) => {
    const choice = choices.get(enquiry.id) ?? null;
    return {
      enquiry,
      chosen: choice ? describeCallback(choice) : null,
      selected: choice ? callbackValue(choice) : SOONEST,
      // Asked for email on this enquiry: the page says so at once, and a call is theirs to ask for.
      emailInstead: prefersEmail(needsByLead.get(enquiry.id)?.adjustments),
    };
  });
  const latest = needs
    .filter((n) => n.source === "borrower")
    .sort((a, b) => b.recordedAt.getTime() - a.recordedAt.getTime())[0];
  return data(
    {
      ...summary,
      needs: {
        values: latest
          ? {
              adjustments: latest.adjustments,
              note: latest.borrowerNote ?? "",
              health: latest.healthDetails ?? "",
              consent: latest.healthDetails !== null,
            }
          : EMPTY_NEEDS,
        statedAt: latest ? latest.recordedAt.toISOString() : null,
        /** Enquiries sent while signed in: what the account's needs apply to. */
        leads: sent.length,
        healthHeld: needs.some((n) => n.healthDetails !== null),
        saved: url.searchParams.get("needs") === "saved",
        withdrawn: url.searchParams.get("health") === "withdrawn",
      },
      complaints: ownComplaints.map((complaint) => ({
        reference: complaint.reference,
        receivedAt: ukClock(complaint.receivedAt).day,
        ...complaintProgress(complaint, context.config.callbacks.nation, new Date()),
      })),
      callbacks,
      callbackDays: callbacks.length > 0 ? callbackSlots(new Date(), context.config.callbacks) : [],
      savedCallback: url.searchParams.get("callback") === "saved" ? url.searchParams.get("lead") : null,
      correctionRequests: requests.map((request) => ({
        reference: dataRequestReference(request.id),
        receivedDay: ukClock(request.receivedAt).day,
        // The due day is the last day of the month counted; `dueBy` is the midnight after it.
        dueDay: ukClock(new Date(request.dueBy.getTime() - 1)).day,
        answered: request.answeredAt !== null,
      })),
      savedCorrection: savedCorrectionOf(url.searchParams.get("corrected")),
    },
    { headers },
  );
}

/** A borrower changing when to be called on one of their own open enquiries. */
async function changeCallback(context: Route.ActionArgs["context"], request: Request, form: FormData) {
  const { user } = await requireBorrower(context, request);
  const now = new Date();
  const post = await readCallbackFields(context, form, now);
  if (post.kind === "robot") return redirect("/account", 303);
  const id = String(form.get("lead") ?? "");
  const enquiry = await enquiryOf(context.db, user, id);
  if (!enquiry) refuse(404, "We could not find that enquiry in your account");
  if (post.kind === "refused") {
    return data({ callbackError: { lead: id, problem: post.problem, value: post.value } }, { status: 400 });
  }
  const outcome = await chooseCallback(context, { kind: enquiry.kind, id: enquiry.id }, post.choice, now);
  if (outcome === "closed") refuse(409, CALLBACK_CLOSED);
  if (outcome === "not-found") refuse(404, "We could not find that enquiry in your account");
  return redirect(`/account?callback=saved&lead=${enquiry.id}#callback-${enquiry.id}`, 303);
}

const NO_ENQUIRY_SENT_SIGNED_IN = "There is no enquiry sent while signed in to your account to tell us about yet";

/** What the page says was just saved, from its `corrected` query. */
const savedCorrectionOf = (value: string | null): "details" | "request" | null =>
  value === "details" || value === "request" ? value : null;

/**
 * The borrower's own name and phone (`details`), or a correction asked in their words
 * (`correction`): behind the honeypot and the rate limit of the account's other forms.
 */
async function correctDetails(context: Route.ActionArgs["context"], request: Request, form: FormData) {
  const { user } = await requireBorrower(context, request);
  const details = form.get("intent") === "details";
  if ((await screenBorrowerForm(context, form)) === "robot") {
    return redirect(`/account?corrected=${details ? "details#correct-heading" : "request#ask-heading"}`, 303);
  }
  if (details) {
    const values = Object.fromEntries(
      ACCOUNT_DETAIL_FIELDS.map((field) => {
        const value = form.get(field);
        return [field, typeof value === "string" ? value : ""];
      }),
    ) as Record<AccountDetailField, string>;
    const read = readAccountDetails((field) => values[field]);
    if (!read.ok) return data({ detailsRefused: { values, problems: read.problems } }, { status: 400 });
    await correctAccountDetails(context.db, user, read.value);
    return redirect("/account?corrected=details#correct-heading", 303);
  }
  const read = readCorrectionRequest(form.get(CORRECTION_REQUEST_FIELD));
  if (!read.ok) {
    return data(
      { requestRefused: { value: read.values.details, problem: read.problems.details ?? "" } },
      { status: 400 },
    );
  }
  await askForCorrection(context.db, user, read.value, { nation: context.config.firm.nation });
  return redirect("/account?corrected=request#ask-heading", 303);
}

/**
 * What would help when we speak to them, stored on each enquiry sent while signed in to the
 * account (DECISIONS D28, D33), never on one someone else sent with the same email address;
 * or their consent for health details withdrawn, which deletes those details at once.
 */
async function changeNeeds(context: Route.ActionArgs["context"], request: Request, form: FormData, intent: string) {
  const { user } = await requireBorrower(context, request);
  const leads = await leadsSentFrom(context.db, user);
  if (intent === "withdraw-health") {
    await withdrawHealthConsent(context.db, leads);
    return redirect("/account?health=withdrawn#needs", 303);
  }
  const post = await readNeedsFields(context, form);
  if (post.kind === "robot") return redirect("/account", 303);
  if (leads.length === 0) refuse(404, NO_ENQUIRY_SENT_SIGNED_IN);
  if (post.kind === "refused")
    return data({ needsError: { problems: post.problems, values: post.values } }, { status: 400 });
  const now = new Date();
  for (const lead of leads) await stateNeeds(context.db, lead, post.needs, now);
  return redirect("/account?needs=saved#needs", 303);
}

export async function action({ request, context }: Route.ActionArgs) {
  if (!isSameSitePost(request, context.config.siteUrl)) throw data("Forbidden", { status: 403 });
  const posted = await readFormPost(request);
  if (!posted.ok) throw data("The form could not be read", { status: posted.status });
  if (posted.form.get("intent") === "callback") return changeCallback(context, request, posted.form);
  const intent = String(posted.form.get("intent") ?? "");
  if (intent === "needs" || intent === "withdraw-health") return changeNeeds(context, request, posted.form, intent);
  if (intent === "details" || intent === "correction") return correctDetails(context, request, posted.form);
  if (posted.form.get("intent") === "delete-account") {
    const { user } = await requireBorrower(context, request);
    if (posted.form.get("confirm") !== "yes") return data({ deleteError: CONFIRM_ACCOUNT_DELETION }, { status: 400 });
    return redirect("/auth?deleted=1", { headers: await deleteAccount(context, request, user) });
  }
  const everywhere = posted.form.get("intent") === "sign-out-everywhere";
  const headers = await signOut(context, request, { everywhere });
  return redirect(`/auth?signedOut=${everywhere ? "everywhere" : "1"}`, { headers });
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { firstName, email, enquiries, callbacks, callbackDays, savedCallback, details, needs } = loaderData;
  const needsError = actionData && "needsError" in actionData ? actionData.needsError : null;
  const site = useSite();
  const callbackError = actionData && "callbackError" in actionData ? actionData.callbackError : null;
  const deleteError = actionData && "deleteError" in actionData ? actionData.deleteError : null;
  const detailsRefused = actionData && "detailsRefused" in actionData ? actionData.detailsRefused : null;
  const requestRefused = actionData && "requestRefused" in actionData ? actionData.requestRefused : null;
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Your account</h1>
      <p className="mt-2 text-slate-700">
        Hello {firstName}. You are signed in as <strong className="font-semibold text-slate-900">{email}</strong>.
      </p>

      <section aria-labelledby="enquiries-heading" className="mt-10">
        <h2 id="enquiries-heading" className="text-xl font-bold text-slate-900">
          Your enquiries
        </h2>
        <p className="mt-1 mb-4 text-slate-700">
          Newest first: those you made while signed in, and those made with this email address.
        </p>
        <EnquiryList enquiries={enquiries} />
      </section>

      <AccountComplaints complaints={loaderData.complaints} />

      {callbacks.length > 0 && (
        <AccountCallbacks
          callbacks={callbacks}
          days={callbackDays}
          saved={savedCallback}
          error={callbackError}
          openingHours={site.openingHours}
        />
      )}

      {enquiries.length > 0 && (
        <AccountNeeds
          values={needsError ? postedNeeds(needsError.values) : needs.values}
          statedAt={needs.statedAt}
          leads={needs.leads}
          healthHeld={needs.healthHeld}
          saved={needs.saved}
          withdrawn={needs.withdrawn}
          problems={needsError?.problems ?? null}
        />
      )}

      <CorrectDetails
        details={details}
        requests={loaderData.correctionRequests}
        detailsRefused={detailsRefused}
        requestRefused={requestRefused}
        saved={loaderData.savedCorrection}
        pending={typeof pending === "string" ? pending : null}
      />

      <section aria-labelledby="data-heading" className="mt-8 rounded-xl border border-slate-200 p-6">
        <h2 id="data-heading" className="text-xl font-bold text-slate-900">
          Your data
        </h2>
        <p className="mt-1 text-slate-700">
          Download everything we hold about you: your account, your enquiries and the emails we sent you.
        </p>
        <p className="mt-3">
          <a
            href="/account/data"
            download
            className="font-semibold text-brand-700 underline underline-offset-4 focus-visible:outline-3 focus-visible:outline-focus"
          >
            Download your data
          </a>
        </p>
        <Form method="post" className="mt-6 border-t border-slate-200 pt-6">
          <h3 className="text-lg font-bold text-slate-900">Delete your account</h3>
          <p className="mt-1 text-slate-700">
            This deletes your account and the details of your enquiries, and signs you out everywhere. It cannot be
            undone. If an adviser is working on a loan for you, tell them too.
          </p>
          <input type="hidden" name="intent" value="delete-account" />
          <div className="mt-3 flex items-start gap-2">
            <input
              id="confirm-delete"
              name="confirm"
              type="checkbox"
              value="yes"
              required
              aria-describedby={deleteError ? "delete-error" : undefined}
              className="mt-1 size-5"
            />
            <label htmlFor="confirm-delete" className="text-slate-900">
              I understand my account and my enquiries will be deleted
            </label>
          </div>
          {deleteError ? (
            <p id="delete-error" role="alert" className="mt-2 font-semibold text-red-800">
              {deleteError}
            </p>
          ) : null}
          <Button type="submit" variant="outline" className="mt-4" disabled={pending === "delete-account"}>
            Delete my account
          </Button>
        </Form>
      </section>
      {/* Last, where a person finishing with the page looks for it; the header's account menu has it too. */}
      <section aria-labelledby="sign-out-heading" className="mt-8 rounded-xl border border-slate-200 p-6">
        <h2 id="sign-out-heading" className="text-xl font-bold text-slate-900">
          Signing out
        </h2>
        <p className="mt-1 text-slate-700">
          Sign out of this browser, or of every device where you are signed in (if you used a shared computer, or think
          someone else may have your password).
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          <Form method="post">
            <input type="hidden" name="intent" value="sign-out" />
            <Button type="submit" variant="secondary" disabled={pending === "sign-out"}>
              Sign out
            </Button>
          </Form>
          <Form method="post">
            <input type="hidden" name="intent" value="sign-out-everywhere" />
            <Button type="submit" variant="outline" disabled={pending === "sign-out-everywhere"}>
              Sign out everywhere
            </Button>
          </Form>
        </div>
      </section>
    </div>
  );
}
