import { redirect } from "react-router";
import { firstProblem } from "~/domain/form-read";
import { COMMISSION_CHANGE_FIELDS, readCommissionChange } from "~/domain/lead-cases";
import { isRecordVersion } from "~/domain/leads";
import { caseOf, changeCommission, NOT_COMPLETED, STALE_CASE } from "../../../server/staff/leads/cases.server";
import { notFound } from "../../../server/staff/session.server";
import { type LeadIntent, refused, savedPath, valuesOf } from "./answer.server";

/** A completed case's commission corrected: the new figure and its reason, at the case's version. */
export const commission: LeadIntent = async ({ request, form, context, staff }, { kind, id }, now) => {
  const intent = "case-commission";
  const values = valuesOf(form, [...COMMISSION_CHANGE_FIELDS]);
  const caseVersion = Number(form.get("caseVersion"));
  if (!isRecordVersion(caseVersion) || caseVersion < 1) return refused({ error: "Please reload the page." });
  const current = kind === "contact" ? null : await caseOf(context.db, kind, id);
  if (!current?.completion) return refused({ error: NOT_COMPLETED });
  const read = readCommissionChange((name) => values[name] ?? "", current.completion.commissionPence);
  if (!read.ok) {
    const [field, error] = firstProblem(read.problems, COMMISSION_CHANGE_FIELDS);
    return refused({ error, form: intent, field, problems: read.problems, values });
  }
  const outcome = await changeCommission(context.db, staff.user, { kind, id, caseVersion }, read.value, now);
  if (outcome.ok) return redirect(savedPath(request, kind, id, intent));
  if (outcome.reason === "not-found") throw notFound();
  if (outcome.reason === "stale") return refused({ error: STALE_CASE }, 409);
  return refused({ error: outcome.problem, form: intent, values });
};
