import { data, redirect } from "react-router";
import { ownValue } from "~/domain/own-keys";
import { ROLE_LABELS, readRoles, stepUpFresh } from "~/domain/permissions";
import { readNewMember, TEAM_PROBLEMS } from "~/domain/team-form";
import {
  addMember,
  changeRoles,
  confirmRoles,
  isLastAdministrator,
  refuseRoles,
  sendNewLink,
  setEnabled,
  soleAdministrator,
  teamMembers,
  teamMemberView,
} from "../../server/staff/team.server";
import { privatePageHeaders } from "~/features/accounts/private-headers";
import { ConsoleError } from "~/features/staff/console-error";
import { memberCheck, TeamPage, type TeamOutcomeView } from "~/features/staff/team/team-page";
import { consoleMeta } from "~/features/staff/console-meta";
import { healthNow } from "../../server/observability.server";
import { type ConsoleActionArgs, consoleAction, consoleLoader } from "../../server/staff/console-route.server";
import type { Route } from "./+types/staff.team";

// /staff/team: the team, kept by administrators (DECISIONS D25, D32, docs/decisions/273
// and 340). Seeing it is `team.read`; every change is `team.change`, which asks for a
// fresh code: a confirmation of another administrator's change as much as the change.

export const meta: Route.MetaFunction = consoleMeta("Team");
export const headers: Route.HeadersFunction = privatePageHeaders;

const DONE: Record<string, string> = {
  roles: "Roles saved.",
  asked: "Asked: the change waits for another administrator to confirm it.",
  confirmed: "Confirmed: the member holds the roles asked for.",
  refused: "Refused: the member keeps the roles they hold.",
  disable: "Member disabled: they can no longer sign in, and their sessions have ended.",
  enable: "Member enabled: they can sign in again.",
};

export const loader = consoleLoader("team.read", async ({ request, context, staff }) => {
  const { user, headers, codeAt } = staff;
  const checkedAt = new Date();
  const [members, checks] = await Promise.all([teamMembers(context.db), healthNow(context, checkedAt)]);
  const done = new URL(request.url).searchParams.get("done") ?? "";
  return data(
    {
      members: members.map(teamMemberView),
      viewerId: user.id,
      soleAdministrator: soleAdministrator(members),
      fresh: stepUpFresh(codeAt, Date.now()),
      notice: ownValue(DONE, done) ?? null,
      // The firm's health (decision 451): the administrators' strip.
      health: {
        checks: checks.map(({ key, title, raised, detail }) => ({ key, title, raised, detail })),
        checkedAt: checkedAt.toISOString(),
      },
    },
    { headers },
  );
});

const refused = (outcome: TeamOutcomeView, status = 400) => data({ outcome }, { status });

async function add({ form, context, staff }: ConsoleActionArgs) {
  const posted = form.getAll("roles").map(String);
  const values = { name: String(form.get("name") ?? ""), email: String(form.get("email") ?? ""), roles: posted };
  const read = readNewMember(values);
  if (!read.ok) return refused({ form: "add", problems: read.problems, values });
  const added = await addMember(context.db, context.config.site, staff.user, read.value);
  if (!added.ok) return refused({ form: "add", problems: { [added.field ?? "email"]: added.problem }, values });
  const waiting = added.waiting.map((role) => ROLE_LABELS[role]).join(" and ");
  const waits =
    added.waiting.length === 0
      ? ""
      : ` The ${waiting} role${added.waiting.length > 1 ? "s wait" : " waits"} for another administrator to confirm it.`;
  return data({
    outcome: {
      form: "add",
      notice: `${read.value.name} is added. A link to set up their account has been sent to their address: it works once, for 24 hours.${waits}`,
    } satisfies TeamOutcomeView,
  });
}

const memberOf = (form: FormData) => String(form.get("member") ?? "");

/**
 * A new link and disabling are confirmed (DECISIONS D31): without `confirm=yes` the post
 * answers the member's check step, naming them and what happens; nothing is changed. A
 * member's own new link or disabling, and a disabling that would leave no enabled
 * administrator, are refused before any check step.
 */
async function checkFirst(
  form: FormData,
  { context, staff }: Pick<ConsoleActionArgs, "context" | "staff">,
  intent: "link" | "disable",
) {
  // Never on oneself, confirmed or not: a member does not lock themself out (decision 517).
  if (memberOf(form) === staff.user.id)
    return refused({
      form: staff.user.id,
      problems: { form: intent === "link" ? TEAM_PROBLEMS.ownLink : TEAM_PROBLEMS.ownDisable },
    });
  if (form.get("confirm") === "yes") return null;
  const members = await teamMembers(context.db);
  const member = members.find((m) => m.id === memberOf(form));
  if (!member) return refused({ form: memberOf(form), problems: { form: TEAM_PROBLEMS.member } });
  // The last enabled administrator is refused at once: no check step for what cannot be done.
  if (intent === "disable" && isLastAdministrator(members, member.id))
    return refused({ form: member.id, problems: { form: TEAM_PROBLEMS.lastAdministrator } });
  return data({ outcome: { form: member.id, check: memberCheck(intent, member) } satisfies TeamOutcomeView });
}

async function link({ form, context, staff }: ConsoleActionArgs) {
  const check = await checkFirst(form, { context, staff }, "link");
  if (check) return check;
  const member = memberOf(form);
  const sent = await sendNewLink(context.db, context.config.site, staff.user, member);
  if (!sent.ok) return refused({ form: member, problems: { form: sent.problem } });
  return data({
    outcome: {
      form: member,
      notice: `A new link has been sent to ${sent.name}'s address: their old password and authenticator no longer work.`,
    } satisfies TeamOutcomeView,
  });
}

async function roles({ form, context, staff }: ConsoleActionArgs) {
  const member = memberOf(form);
  const posted = form.getAll("roles").map(String);
  const read = readRoles(posted);
  const values = { name: "", email: "", roles: posted };
  if (!read.ok) return refused({ form: member, problems: read.problems, values });
  const changed = await changeRoles(context.db, staff.user, member, read.value);
  if (!changed.ok) return refused({ form: member, problems: { [changed.field ?? "form"]: changed.problem }, values });
  return redirect(`/staff/team?done=${changed.pending ? "asked" : "roles"}`);
}

/** Another administrator's answer to a change of roles that waits for them. */
const decide =
  (confirm: boolean) =>
  async ({ form, context, staff }: ConsoleActionArgs) => {
    const member = memberOf(form);
    const decided = await (confirm ? confirmRoles : refuseRoles)(context.db, staff.user, member);
    if (!decided.ok) return refused({ form: member, problems: { form: decided.problem } });
    return redirect(`/staff/team?done=${confirm ? "confirmed" : "refused"}`);
  };

const enabled =
  (enable: boolean) =>
  async ({ form, context, staff }: ConsoleActionArgs) => {
    const check = enable ? null : await checkFirst(form, { context, staff }, "disable");
    if (check) return check;
    const member = memberOf(form);
    const changed = await setEnabled(context.db, staff.user, member, enable);
    if (!changed.ok) return refused({ form: member, problems: { form: changed.problem } });
    return redirect(`/staff/team?done=${enable ? "enable" : "disable"}`);
  };

export const action = consoleAction("team.change", {
  add,
  link,
  roles,
  confirm: decide(true),
  refuse: decide(false),
  disable: enabled(false),
  enable: enabled(true),
});

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleError error={error} />;
}

export default function Team({ loaderData, actionData }: Route.ComponentProps) {
  return <TeamPage {...loaderData} outcome={actionData?.outcome ?? null} />;
}
