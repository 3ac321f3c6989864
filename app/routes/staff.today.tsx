import { data, redirect } from "react-router";
import { complaintsNeedingSomething } from "../../server/complaints/complaints.server";
import { holds } from "../../server/staff/guard.server";
import { type TodayLead, todayList } from "../../server/staff/leads/today.server";
import { personBannersOf } from "../../server/staff/leads/inbox-banners.server";
import { assignLead, logCall, STALE_SAVE } from "../../server/staff/leads/leads.server";
import { isCallOutcome, NEXT_ACTION_PROBLEMS, readNextAction } from "~/domain/lead-work";
import { isLeadKind, isRecordVersion } from "~/domain/leads";
import { bannerView } from "~/features/staff/inbox-banner";
import type { TODAY_DONE, TodayRefusal } from "~/features/staff/today-page";
import { needsMarkersOf } from "../../server/needs/needs.server";
import { ukClock } from "~/domain/uk-time";
import { privatePageHeaders } from "~/features/accounts/private-headers";
import { type TodayRow, TodayPage } from "~/features/staff/today-page";
import { ConsoleError } from "~/features/staff/console-error";
import { consoleMeta } from "~/features/staff/console-meta";
import { firstProblem } from "~/domain/form-read";
import {
  type ConsoleActionArgs,
  type ConsoleArgs,
  consoleAction,
  consoleLoader,
} from "../../server/staff/console-route.server";
import type { Route } from "./+types/staff.today";

// /staff/today: the adviser's list for the day (docs/decisions/190, issue 50). A member who
// works leads lands on their own and those assigned to nobody; a manager (who may assign
// others' leads) is one link from everyone's (?everyone=1); a role that works no leads
// (compliance) sees everyone's.

export const meta: Route.MetaFunction = consoleMeta("Today");
export const headers: Route.HeadersFunction = privatePageHeaders;

export const loader = consoleLoader("leads.read", async ({ request, context, staff }) => {
  const { user, headers } = staff;
  const now = new Date();
  const works = holds(user, "leads.work");
  const canChoose = works && holds(user, "leads.assign");
  const url = new URL(request.url);
  const mine = works && !(canChoose && url.searchParams.get("everyone") === "1");
  const list = await todayList(context.db, {
    now,
    rules: context.config.callbacks,
    targetMinutes: context.config.firstCallTargetMinutes,
    mineOf: mine ? user.id : undefined,
  });
  // Marked so nobody calls a borrower who asked for email (DECISIONS D28): for the roles that work leads.
  const leads = [...list.planned, ...list.waiting, ...list.booked];
  const ids = leads.map((lead) => lead.id);
  // With it, an open complaint or correction request from the lead's person (decision 420).
  const [needs, banners] = await Promise.all([
    holds(user, "needs.read") ? needsMarkersOf(context.db, ids) : new Map<string, string[]>(),
    personBannersOf(context.db, leads),
  ]);
  const row = (lead: TodayLead): TodayRow => ({
    kind: lead.kind,
    id: lead.id,
    name: lead.name,
    phone: lead.phone,
    loanAmount: lead.loanAmount,
    receivedAt: lead.receivedAt.toISOString(),
    assigneeName: lead.assigneeName,
    mine: lead.assigneeId === user.id,
    taken: lead.assigneeId !== null,
    version: lead.version,
    banner: bannerView(banners.get(lead.id)),
    nextActionKind: lead.nextActionKind,
    nextActionAt: lead.nextActionAt?.toISOString() ?? null,
    needs: needs.get(lead.id) ?? [],
  });
  return data(
    {
      today: ukClock(now).day,
      mine,
      canChoose,
      works,
      done: doneOf(url.searchParams.get("done")),
      targetMinutes: context.config.firstCallTargetMinutes,
      planned: list.planned.map((lead) => ({
        ...row(lead),
        state: lead.state,
        nextActionAt: lead.nextActionAt.toISOString(),
      })),
      waiting: list.waiting.map((lead) => ({
        ...row(lead),
        waitedMinutes: lead.waitedMinutes,
        overTarget: lead.overTarget,
      })),
      booked: list.booked.map((lead) => ({ ...row(lead), nextActionAt: lead.nextActionAt.toISOString() })),
      more: list.more,
      complaints: holds(user, "complaints.handle") ? await complaintsDue(context, now) : null,
    },
    { headers },
  );
});

const doneOf = (value: string | null): keyof typeof TODAY_DONE | null =>
  value === "take" || value === "call" ? value : null;

/** Back to Today as the member had it: their own, or everyone's. */
function backTo(form: FormData, done: keyof typeof TODAY_DONE) {
  const everyone = form.get("everyone") === "1" ? "everyone=1&" : "";
  return redirect(`/staff/today?${everyone}done=${done}`);
}

/** The lead a row's form names, at the version the list showed. */
function postedLead(form: FormData) {
  const kind = form.get("lead-kind");
  const id = String(form.get("lead") ?? "");
  const version = Number(form.get("version"));
  if (!isLeadKind(kind) || !/^[0-9a-f-]{36}$/.test(id) || !isRecordVersion(version)) {
    throw data({ reason: "That lead could not be read from the form: reload Today and try again." }, { status: 400 });
  }
  return { kind, id, version };
}

const refused = (refusal: TodayRefusal, status = 400) => data({ refusal }, { status });

/** "Take it": a lead nobody has becomes the member's own, from the row. */
async function take({ form, context, staff }: ConsoleActionArgs) {
  const lead = postedLead(form);
  const outcome = await assignLead(context.db, staff.user, { ...lead, assigneeId: staff.user.id, onlyOwn: true });
  if (outcome.ok) return backTo(form, "take");
  if (outcome.reason === "not-found") throw data({ reason: "That lead is no longer held." }, { status: 404 });
  const error =
    outcome.reason === "stale" ? STALE_SAVE : "Someone took it first: it is theirs now, and Today shows it so.";
  return refused({ lead: lead.id, form: "take", error }, 409);
}

const CALL_FIELDS = ["outcome", "call-note", "kind", "day", "time"] as const;

/** "Log a call" from the row: how it went, a note, and the next action, as on the lead's page. */
async function call({ form, context, staff }: ConsoleActionArgs) {
  const lead = postedLead(form);
  const now = new Date();
  const values = Object.fromEntries(CALL_FIELDS.map((f) => [f, String(form.get(f) ?? "")]));
  const at = (field: string, error: string) => refused({ lead: lead.id, form: "call", field, error, values });
  const outcome = form.get("outcome");
  if (!isCallOutcome(outcome)) return at("outcome", "Choose how the call went.");
  if (!values.kind) return at("kind", NEXT_ACTION_PROBLEMS.kind);
  const next = readNextAction(values, now);
  if (!next.ok) return at(...firstProblem(next.problems));
  const logged = await logCall(
    context.db,
    staff.user,
    { ...lead, outcome, note: values["call-note"] ?? "", next: next.value },
    now,
    context.config.callbacks,
  );
  if (logged.ok) return backTo(form, "call");
  if (logged.reason === "not-found") throw data({ reason: "That lead is no longer held." }, { status: 404 });
  if (logged.reason === "not-allowed") return at("kind", NEXT_ACTION_PROBLEMS.closed);
  if (logged.reason === "stale") return refused({ lead: lead.id, form: "call", error: STALE_SAVE, values }, 409);
  return at("call-note", "That call could not be logged: check the note and try again.");
}

export const action = consoleAction("leads.work", { take, call });

/** The open complaints whose clock asks for something today, most pressing first. */
async function complaintsDue(context: Pick<ConsoleArgs["context"], "db" | "config">, now: Date) {
  return (await complaintsNeedingSomething(context.db, now, context.config.firm.nation)).map(({ row, needs }) => ({
    id: row.id,
    reference: row.reference,
    receivedAt: row.receivedAt.toISOString(),
    name: row.name,
    about: row.about,
    handlerName: row.handlerName,
    closedAt: null,
    needs: { ...needs, by: needs.by.toISOString() },
  }));
}

/** A refusal (a role that does not include this, a request the page cannot take) in the console's frame. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleError error={error} />;
}

export default function Today({ loaderData, actionData }: Route.ComponentProps) {
  return <TodayPage {...loaderData} refusal={actionData?.refusal ?? null} />;
}
