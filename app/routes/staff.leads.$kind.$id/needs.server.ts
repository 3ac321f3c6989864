import { redirect } from "react-router";
import { formValues, readAdviserNeeds } from "~/domain/needs";
import { isRecordVersion } from "~/domain/leads";
import { NEEDS_FORM } from "~/features/staff/needs/needs-section";
import { recordNeeds } from "../../../server/needs/needs.server";
import { findLead } from "../../../server/staff/leads/leads.server";
import { notFound } from "../../../server/staff/session.server";
import { type LeadIntent, refused, savedPath } from "./answer.server";

/**
 * The needs record (DECISIONS D28) at the version the page showed: read by the domain (each
 * problem beside its field, 400, what was ticked and typed kept), 409 when someone changed it first.
 */
export const needs: LeadIntent = async ({ request, form, context, staff }, { kind, id }, now) => {
  const needsVersion = Number(form.get("needsVersion"));
  if (!isRecordVersion(needsVersion)) return refused({ error: "Please reload the page." });
  const lead = await findLead(context.db, kind, id);
  if (!lead) throw notFound();
  const read = readAdviserNeeds(formValues(form));
  if (!read.ok) {
    const values = Object.fromEntries(
      Object.entries(read.values).map(([name, value]) => [name, Array.isArray(value) ? value.join(",") : value]),
    );
    const [field, error] = Object.entries(read.problems)[0] as [string, string];
    return refused({ error, form: NEEDS_FORM, field, problems: read.problems, values });
  }
  const outcome = await recordNeeds(context.db, staff.user, { kind, id: lead.row.id }, needsVersion, read.value, now);
  if (!outcome.ok) return refused({ error: "Someone changed the needs record first: reload the page to see it." }, 409);
  return redirect(savedPath(request, kind, id, NEEDS_FORM));
};
