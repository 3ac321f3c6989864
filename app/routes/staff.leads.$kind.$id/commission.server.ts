import { firstProblem } from "~/domain/form-read";
import { COMMISSION_CHANGE_FIELDS, readCommissionChange } from "~/domain/lead-cases";
import { isRecordVersion } from "~/domain/leads";
import { caseOf, changeCommission, NOT_COMPLETED } from "../../../server/staff/leads/cases.server";
import { type LeadIntent, refused, valuesOf } from "./answer.server";
import { caseAnswered } from "./case.server";

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
  return caseAnswered(request, { kind, id }, intent, values, outcome);
};
