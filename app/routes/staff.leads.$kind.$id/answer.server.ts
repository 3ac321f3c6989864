import { data, redirect } from "react-router";
import type { CheckStepView } from "~/components/console/check-step";
import type { Refusal } from "~/domain/form-read";
import { isLeadKind, isRecordVersion, type LeadKind } from "~/domain/leads";
import type { ConsoleActionArgs } from "../../../server/staff/console-route.server";
import { STALE_SAVE } from "../../../server/staff/leads/leads.server";
import { notFound } from "../../../server/staff/session.server";

// How the lead page's intents answer: back to the lead saying what was saved, or a refusal
// the page shows beside the form it came from. Every intent's file answers through here.

export const refused = (refusal: Refusal, status = 400) => data(refusal, { status });

/** The posted fields a refused form is drawn again with, so nothing typed is lost. */
export const valuesOf = (form: FormData, names: string[]) =>
  Object.fromEntries(names.map((name) => [name, String(form.get(name) ?? "")]));

/**
 * Where a saved change returns: the lead's page saying what was saved, within the inbox list
 * it was opened from when the form was posted from such a page (docs/decisions/302), so the
 * walk to the previous and next lead goes on.
 */
export function savedPath(request: Request, kind: string, id: string, done: string) {
  const list = new URL(request.url).searchParams.get("list");
  return `/staff/leads/${kind}/${id}?${new URLSearchParams({ done, ...(list === null ? {} : { list }) })}`;
}

/** The lead a form posts to, with the version its page showed; a path whose kind is no lead's is a 404. */
export interface PostedLead {
  kind: LeadKind;
  id: string;
  version: number;
}

/** What an intent on a lead answers: back to the lead, or a refusal the page shows. */
type LeadAnswer = ReturnType<typeof refused> | ReturnType<typeof data<{ check: CheckStepView }>> | Response;

export type LeadIntent = (args: ConsoleActionArgs, lead: PostedLead, now: Date) => Promise<LeadAnswer>;

/** An intent on the lead of the path. */
export const onLead =
  (handle: LeadIntent) =>
  (args: ConsoleActionArgs): Promise<LeadAnswer> => {
    const { kind, id } = args.params;
    if (!isLeadKind(kind)) throw notFound();
    return handle(args, { kind, id: String(id), version: Number(args.form.get("version")) }, new Date());
  };

/**
 * A change made against the version the page showed (every change but a note): a version
 * that cannot be one is refused before anything is read.
 */
export const atVersion =
  (handle: LeadIntent): LeadIntent =>
  (args, lead, now) =>
    isRecordVersion(lead.version)
      ? handle(args, lead, now)
      : Promise.resolve(refused({ error: "Please reload the page." }));

/** What a saved change answers: back to the lead (within its list), or the reason it was not saved. */
export function answered(
  request: Request,
  lead: PostedLead,
  intent: string,
  outcome: { ok: true } | { ok: false; reason: string },
) {
  if (outcome.ok) return redirect(savedPath(request, lead.kind, lead.id, intent));
  if (outcome.reason === "not-found") throw notFound();
  if (outcome.reason === "stale") return refused({ error: STALE_SAVE }, 409);
  if (outcome.reason === "not-allowed") return refused({ error: "That status change is not allowed from here." });
  return refused({ error: "That change could not be saved: check it and try again." });
}
