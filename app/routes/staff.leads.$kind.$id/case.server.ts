import { redirect } from "react-router";
import { firstProblem } from "~/domain/form-read";
import {
  CASE_FIELDS,
  CASE_PROBLEMS,
  type CaseStage,
  type FormRead,
  readCompletion,
  readDecline,
  readOffer,
} from "~/domain/lead-cases";
import { isRecordVersion } from "~/domain/leads";
import {
  type CaseMove,
  type CaseOutcome,
  caseOf,
  moveCase,
  STALE_CASE,
} from "../../../server/staff/leads/cases.server";
import { notFound } from "../../../server/staff/session.server";
import { type LeadIntent, type PostedLead, refused, savedPath, valuesOf } from "./answer.server";

// The lead's case with a lender (docs/decisions/230): sent, offered, completed or declined.

/** The case's forms: each posts `intent` and moves the case to its stage. */
export const CASE_INTENTS: Record<string, CaseStage> = {
  "case-start": "application-sent",
  "case-offer": "offer-received",
  "case-complete": "completed",
  "case-decline": "declined",
};

/**
 * A move of the lead's case: the stage's form read by the domain (each problem beside its
 * field, 400), then the move at the case's version (409 when someone moved it first; 400
 * with the rule's words when the stage is out of order or the lead cannot have a case).
 */
export const caseMove =
  (intent: string, to: CaseStage): LeadIntent =>
  async ({ request, form, context, staff }, { kind, id }, now) => {
    const fields: readonly string[] = CASE_FIELDS[to];
    const values = valuesOf(form, [...fields]);
    const caseVersion = Number(form.get("caseVersion"));
    if (!isRecordVersion(caseVersion)) return refused({ error: "Please reload the page." });
    if (kind === "contact") return refused({ error: CASE_PROBLEMS.kind });
    const get = (name: string) => values[name] ?? "";
    let read: FormRead<CaseMove>;
    if (to === "application-sent") {
      read = { ok: true, value: { to, productId: get("productId") } };
    } else if (to === "offer-received") {
      const offer = readOffer(get);
      read = offer.ok ? { ok: true, value: { to, offer: offer.value } } : offer;
    } else if (to === "declined") {
      const decline = readDecline(get);
      read = decline.ok ? { ok: true, value: { to, decline: decline.value } } : decline;
    } else {
      const current = await caseOf(context.db, kind, id);
      if (!current) return refused({ error: CASE_PROBLEMS.noCase });
      const completion = readCompletion(get, current.product.criteria, now);
      read = completion.ok ? { ok: true, value: { to, completion: completion.value } } : completion;
    }
    if (!read.ok) {
      const [field, error] = firstProblem(read.problems, fields);
      return refused({ error, form: intent, field, problems: read.problems, values });
    }
    const outcome = await moveCase(context.db, staff.user, { kind, id, caseVersion }, read.value, now);
    return caseAnswered(request, { kind, id }, intent, values, outcome);
  };

/** What a change to the case answers: back to the lead, 409 when someone moved it first, or the rule's words. */
export function caseAnswered(
  request: Request,
  { kind, id }: Pick<PostedLead, "kind" | "id">,
  intent: string,
  values: Record<string, string>,
  outcome: CaseOutcome,
) {
  if (outcome.ok) return redirect(savedPath(request, kind, id, intent));
  if (outcome.reason === "not-found") throw notFound();
  if (outcome.reason === "stale") return refused({ error: STALE_CASE }, 409);
  return refused({ error: outcome.problem, form: intent, values });
}
