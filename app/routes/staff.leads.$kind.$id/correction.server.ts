import { redirect } from "react-router";
import { CORRECTION_PROBLEMS, readCorrection } from "~/domain/lead-corrections";
import { isRecordVersion } from "~/domain/leads";
import { CORRECTION_FORM } from "~/features/staff/lead-corrections";
import { correctLead } from "../../../server/staff/leads/corrections.server";
import { findLead, STALE_SAVE } from "../../../server/staff/leads/leads.server";
import { notFound } from "../../../server/staff/session.server";
import { type LeadIntent, refused, savedPath } from "./answer.server";

/** Longer than any field a correction takes: the schema refuses what is too long with its own words. */
const CORRECTION_TEXT_MAX = 1_000;

/**
 * A correction of the lead's details (DECISIONS D29): read by the kind's own schema against
 * the lead as stored (each problem beside its field, 400, what was typed kept), then saved at
 * the page's version (409 when someone changed the lead first).
 */
export const correction: LeadIntent = async ({ request, form, context, staff }, { kind, id, version }) => {
  if (!isRecordVersion(version)) return refused({ error: "Please reload the page." });
  const lead = await findLead(context.db, kind, id);
  if (!lead) throw notFound();
  const posted = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.slice(0, CORRECTION_TEXT_MAX) : null;
  };
  const read = readCorrection(kind, lead.row, posted);
  const base = { form: CORRECTION_FORM };
  if (!read.ok) {
    const [field, error] = Object.entries(read.problems)[0] ?? ["", "Check the details and try again."];
    return refused({ ...base, error, field, problems: read.problems, values: read.values });
  }
  const outcome = await correctLead(context.db, staff.user, { kind, id, version }, read.value);
  if (outcome.ok) return redirect(savedPath(request, kind, id, CORRECTION_FORM));
  if (outcome.reason === "not-found") throw notFound();
  if (outcome.reason === "stale") return refused({ error: STALE_SAVE }, 409);
  return refused({ ...base, error: CORRECTION_PROBLEMS.unchanged });
};
