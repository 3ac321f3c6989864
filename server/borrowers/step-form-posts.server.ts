import { randomUUID } from "node:crypto";
import { isbot } from "isbot";
import { data, redirect } from "react-router";
import { advertisingConsent } from "../../app/domain/consent";
import { funnelStepName } from "../../app/domain/funnel";
import type { FunnelReport } from "../../app/domain/funnel-report";
import {
  answersFromForm,
  BadFormPost,
  CHANGE_FIELD,
  GOTO_FIELD,
  INTENT_FIELD,
  moveAfterPost,
  STEP_FIELD,
  SUBMISSION_KEY_FIELD,
  type StepFormState,
} from "../../app/domain/step-form-post";
import type { StepFlow } from "../../app/domain/step-flow";
import { VALIDATION_ERROR_TITLE } from "../../app/domain/messages";
import { type QuickFormAnswers, toEnquiryPayload } from "../../app/domain/quick-form";
import { type MainFormAnswers, toQuotePayload } from "../../app/domain/main-form";
import { HONEYPOT_FIELD, isHoneypotFilled } from "../../app/domain/honeypot";
import { isSameSitePost, readFormPost } from "../platform/form-post.server";
import { callbackCookie } from "./callbacks.server";
import type { ServerContext } from "../platform/services";
import { countFunnelReport, createReportLimiter } from "../leads/funnel";
import { type FormLeadKind, type LeadAnswers, leadBodySchema, submitLead } from "../leads/leads.server";
import { hit, RATE_LIMITS, scaled, TOO_MANY_REQUESTS } from "../platform/rate-limit";

// The server side of the step forms posted without script (issue 13, decision 135): each
// post is one step, read and checked by the same domain flow the script runs, the answers
// carried in the form; the last step's lead goes through the endpoints' own checks
// (leads.server.ts), rate limit and storage.

type LeadCheck =
  | { kind: "honeypot" }
  | { kind: "invalid"; issues: { path: string; message: string }[] }
  | { kind: "stored"; id: string };

/** How a form's lead is checked and stored: by the endpoint's own checks and storage. */
export interface FormLead<A> {
  toPayload(answers: A, landingPageUrl: string | undefined): object;
  submit(context: ServerContext, raw: Record<string, unknown>, request: Request): Promise<LeadCheck>;
}

function formLead<A>(toPayload: FormLead<A>["toPayload"], kind: FormLeadKind): FormLead<A> {
  const schema = leadBodySchema(kind);
  return {
    toPayload,
    async submit(context, raw, request) {
      if (isHoneypotFilled(raw)) return { kind: "honeypot" };
      const parsed = schema.safeParse(raw);
      if (!parsed.success) {
        return {
          kind: "invalid",
          issues: parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
        };
      }
      const { submission_key: submissionKey, ...answers } = parsed.data;
      const userId = await context.identify(request);
      const adConsent = advertisingConsent(request.headers.get("cookie"));
      const { id } = await submitLead(context, kind, answers as LeadAnswers<typeof kind>, {
        submissionKey,
        userId,
        adConsent,
      });
      return { kind: "stored", id };
    },
  };
}

export const QUOTE_LEAD = formLead((answers: MainFormAnswers, landing) => toQuotePayload(answers, landing), "quote");
export const ENQUIRY_LEAD = formLead(
  (answers: QuickFormAnswers, landing) => toEnquiryPayload(answers, landing),
  "personal-enquiry",
);

/**
 * The landing page of a form posted without script: no script kept the visitor's first
 * page (app/components/landing-page.ts), but the form posts to its page's own address
 * with its query, so an advert's link to the form itself (utm values, gclid) still
 * reaches the lead. A page reached without a query has no landing page to tell.
 */
export function landingOfPost(request: Request, siteUrl: string): string | undefined {
  const url = new URL(request.url);
  return url.search.length > 1 ? `${siteUrl}${url.pathname}${url.search}` : undefined;
}

export interface PostedStepForm<A extends object, S extends string, F extends string> {
  flow: StepFlow<A, S, F>;
  lead: FormLead<A>;
  /** The checks the final button runs before the lead's schema (the quick check's), or none. */
  submitIssue?(answers: A): string | null;
  /** What the form says when the lead is refused for `reason` (a rate limit, the server's message). */
  refused(reason: string): string;
}

/** Reports from forms posted without script, held to the browser's reports' rate per address (server/api/funnel.ts). */
let noScriptReports: ((address: string) => boolean) | undefined;

/**
 * Counts a moment of a form posted without script, as the browser's script counts it
 * (DECISIONS D16): not for a robot, not past the per-address rate, and never in the
 * borrower's way (a failure to count is logged, without the answers, and the post goes on).
 */
async function countWithoutScript(context: ServerContext, request: Request, report: Omit<FunnelReport, "landing">) {
  if (isbot(request.headers.get("user-agent") ?? "")) return;
  noScriptReports ??= createReportLimiter({ limit: Math.max(1, Math.floor(60 * context.config.rateLimitScale)) });
  if (!noScriptReports(context.clientAddress ?? "unknown")) return;
  try {
    await countFunnelReport(context.db, report);
  } catch (error) {
    context.log.warn({ err: error, form: report.form, event: report.event }, "a form's step could not be counted");
  }
}

/**
 * What a post without script counts, as the script would: a step reached going forward
 * (with the first step once it is left, as no page view can count it without script),
 * a visitor sent on, a submission. Going back, or a step shown again with its problems,
 * counts nothing.
 */
function movesToCount<A extends object, S extends string>(
  flow: { funnel: FunnelReport["form"]; steps(answers: A): S[] },
  answers: A,
  from: string | null,
  move: { kind: "show"; step: S } | { kind: "redirect"; target: string } | { kind: "submit" },
): Omit<FunnelReport, "landing">[] {
  const steps = flow.steps(answers) as string[];
  const at = from !== null && steps.includes(from) ? from : null;
  if (at === null) return [];
  const name = (step: string) => funnelStepName(flow.funnel, step, answers as { loanType?: unknown });
  const first = at === steps[0] ? [{ form: flow.funnel, event: "step" as const, step: name(at) }] : [];
  if (move.kind === "redirect") {
    return [...first, { form: flow.funnel, event: "redirect", step: name(at), target: move.target }];
  }
  if (move.kind === "submit") return [{ form: flow.funnel, event: "submit", step: name(at) }];
  if (steps.indexOf(move.step) <= steps.indexOf(at)) return [];
  return [...first, { form: flow.funnel, event: "step", step: name(move.step) }];
}

/** A post the page cannot take: the root's error page says so, with this status. */
function refuse(status: number, reason: string): never {
  throw data({ reason }, { status });
}

const isUuid = (value: unknown): value is string =>
  typeof value === "string" && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/**
 * A step form's route action. Answers the page again with the step to show (400 when the
 * step was refused, with its messages), or a redirect: a partner page, a sister site, or
 * the thank-you page once the lead is stored.
 */
export async function stepFormAction<A extends object, S extends string, F extends string>(
  { request, context }: { request: Request; context: ServerContext },
  form: PostedStepForm<A, S, F>,
) {
  if (!isSameSitePost(request, context.config.siteUrl)) refuse(403, "This form can only be sent from our own pages");
  const posted = await readFormPost(request);
  if (!posted.ok)
    refuse(posted.status, posted.status === 415 ? "The form must be sent as a form" : "The form could not be read");
  const fields = posted.form;
  let answers: A;
  try {
    answers = answersFromForm(form.flow, fields);
  } catch (error) {
    if (error instanceof BadFormPost) refuse(400, `The answer to ${error.message} is not one the form takes`);
    throw error;
  }
  const text = (name: string) => {
    const value = fields.get(name);
    return typeof value === "string" ? value : null;
  };
  const move = moveAfterPost(form.flow, answers, {
    step: text(STEP_FIELD),
    intent: text(INTENT_FIELD),
    goto: text(GOTO_FIELD),
    change: text(CHANGE_FIELD),
  });
  const postedKey = text(SUBMISSION_KEY_FIELD);
  const submissionKey = isUuid(postedKey) ? postedKey : randomUUID();

  const show = (state: StepFormState<A, S>, init?: ResponseInit) =>
    data<StepFormState<A, S>>(state.step === form.flow.checkStep ? { ...state, submissionKey } : state, {
      status: state.attempted || state.notice ? 400 : 200,
      ...init,
    });
  // Counted after the answer, never before it: a step needs no database, and counting
  // must not make a borrower wait on one (or on an outage of it).
  const count = (counted: Parameters<typeof movesToCount<A, S>>[3]) => {
    const reports = movesToCount(form.flow, answers, text(STEP_FIELD), counted);
    void (async () => {
      for (const report of reports) await countWithoutScript(context, request, report);
    })();
  };
  if (move.kind === "show") {
    if (!move.state.attempted) count({ kind: "show", step: move.state.step });
    return show(move.state);
  }
  if (move.kind === "redirect") {
    count({ kind: "redirect", target: move.to });
    return redirect(move.to);
  }
  if (move.kind === "external") {
    count({ kind: "redirect", target: `external:${move.partner}` });
    return redirect(context.config.site.partners[`${move.partner}Url`]);
  }

  // Refused at the send: said on the check page, where the final button is.
  const last = { step: form.flow.checkStep, answers, attempted: true };
  const issue = form.submitIssue?.(answers);
  if (issue) return show({ ...last, notice: issue });
  // The same limit as the lead endpoints, counted where they count it: on a lead sent.
  const limit = await hit(
    context.db,
    scaled(RATE_LIMITS.leadSubmission, context.config.rateLimitScale),
    context.clientAddress ?? "unknown",
  );
  if (!limit.allowed) {
    return show(
      { ...last, notice: form.refused(TOO_MANY_REQUESTS) },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  const outcome = await form.lead.submit(
    context,
    {
      ...form.lead.toPayload(answers, landingOfPost(request, context.config.siteUrl)),
      [SUBMISSION_KEY_FIELD]: submissionKey,
      [HONEYPOT_FIELD]: text(HONEYPOT_FIELD) ?? "",
    },
    request,
  );
  // A robot is answered as if its lead were saved, as the endpoints answer it.
  if (outcome.kind === "honeypot") return redirect(`/thank-you?ref=${randomUUID()}`);
  if (outcome.kind === "invalid") {
    const reasons = outcome.issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join("; ");
    return show({ ...last, notice: `${VALIDATION_ERROR_TITLE}: ${reasons}` });
  }
  const id = outcome.id;
  count({ kind: "submit" });
  // The cookie lets this browser, and only it, choose on the thank-you page when to be called.
  return redirect(`/thank-you?ref=${encodeURIComponent(id)}`, {
    headers: { "Set-Cookie": callbackCookie(context.config, id) },
  });
}
