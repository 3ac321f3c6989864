import { data } from "react-router";
import { complaintsNeedingSomething } from "../../server/complaints/complaints.server";
import { holds } from "../../server/staff/guard.server";
import { type TodayLead, todayList } from "../../server/staff/leads/today.server";
import { needsMarkersOf } from "../../server/needs/needs.server";
import { ukClock } from "~/domain/uk-time";
import { privatePageHeaders } from "~/features/accounts/private-headers";
import { type TodayRow, TodayPage } from "~/features/staff/today-page";
import { ConsoleError } from "~/features/staff/console-error";
import { consoleMeta } from "~/features/staff/console-meta";
import { type ConsoleArgs, consoleLoader } from "../../server/staff/console-route.server";
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
  const mine = works && !(canChoose && new URL(request.url).searchParams.get("everyone") === "1");
  const list = await todayList(context.db, {
    now,
    rules: context.config.callbacks,
    targetMinutes: context.config.firstCallTargetMinutes,
    mineOf: mine ? user.id : undefined,
  });
  // Marked so nobody calls a borrower who asked for email (DECISIONS D28): for the roles that work leads.
  const ids = [...list.planned, ...list.waiting, ...list.booked].map((lead) => lead.id);
  const needs = holds(user, "needs.read") ? await needsMarkersOf(context.db, ids) : new Map<string, string[]>();
  const row = (lead: TodayLead): TodayRow => ({
    kind: lead.kind,
    id: lead.id,
    name: lead.name,
    phone: lead.phone,
    loanAmount: lead.loanAmount,
    receivedAt: lead.receivedAt.toISOString(),
    assigneeName: lead.assigneeName,
    nextActionKind: lead.nextActionKind,
    nextActionAt: lead.nextActionAt?.toISOString() ?? null,
    needs: needs.get(lead.id) ?? [],
  });
  return data(
    {
      today: ukClock(now).day,
      mine,
      canChoose,
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

export default function Today({ loaderData }: Route.ComponentProps) {
  return <TodayPage {...loaderData} />;
}
