import { data, redirect } from "react-router";
import { ownValue } from "~/domain/own-keys";
import { readRoles, stepUpFresh } from "~/domain/permissions";
import { isSameSitePost } from "../../server/accounts.server";
import { staffFormPost } from "../../server/staff/form-post.server";
import { requirePermission } from "../../server/staff/guard.server";
import {
  addMember,
  changeRoles,
  enrolUrl,
  readNewMember,
  sendNewLink,
  setEnabled,
  TEAM_PROBLEMS,
  teamMembers,
  teamMemberView,
} from "../../server/staff/team.server";
import { privatePageHeaders } from "~/features/accounts/private-headers";
import { ConsoleError } from "~/features/staff/console-error";
import { TeamPage, type TeamOutcomeView } from "~/features/staff/team/team-page";
import { consoleMeta } from "~/features/staff/console-meta";
import type { Route } from "./+types/staff.team";

// /staff/team: the team, kept by administrators (DECISIONS D25, docs/decisions/273).
// Seeing it is `team.read`; every change is `team.change`, which asks for a fresh code.

export const meta: Route.MetaFunction = consoleMeta("Team");
export const headers: Route.HeadersFunction = privatePageHeaders;

const DONE: Record<string, string> = {
  roles: "Roles saved.",
  disable: "Member disabled: they can no longer sign in, and their sessions have ended.",
  enable: "Member enabled: they can sign in again.",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, headers, codeAt } = await requirePermission(context, request, "team.read");
  const members = await teamMembers(context.db);
  const done = new URL(request.url).searchParams.get("done") ?? "";
  return data(
    {
      members: members.map(teamMemberView),
      viewerId: user.id,
      fresh: stepUpFresh(codeAt, Date.now()),
      notice: ownValue(DONE, done) ?? null,
    },
    { headers },
  );
}

const refused = (outcome: TeamOutcomeView, status = 400) => data({ outcome }, { status });

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requirePermission(context, request, "team.change");
  if (!isSameSitePost(request, context.config.siteUrl)) throw data(null, { status: 403 });
  const form = await staffFormPost(request);
  const intent = String(form.get("intent") ?? "");
  const site = context.config.site;
  const posted = form.getAll("roles").map(String);

  if (intent === "add") {
    const values = { name: String(form.get("name") ?? ""), email: String(form.get("email") ?? ""), roles: posted };
    const read = readNewMember(values);
    const roles = readRoles(posted);
    const problems = { ...read.problems, ...(roles.ok ? {} : { roles: roles.problem }) };
    if (!roles.ok || Object.keys(problems).length > 0) return refused({ form: "add", problems, values });
    const added = await addMember(context.db, site, user, { name: read.name, email: read.email, roles: roles.roles });
    if (!added.ok) return refused({ form: "add", problems: { [added.field ?? "email"]: added.problem }, values });
    return data({
      outcome: {
        form: "add",
        link: { name: read.name, url: enrolUrl(site, added.token) },
        notice: `${read.name} is added.`,
      } satisfies TeamOutcomeView,
    });
  }

  const member = String(form.get("member") ?? "");
  if (intent === "link") {
    const sent = await sendNewLink(context.db, site, user, member);
    if (!sent.ok) return refused({ form: member, problems: { form: sent.problem } });
    return data({
      outcome: {
        form: member,
        link: { name: sent.name, url: enrolUrl(site, sent.token) },
        notice: `A new link for ${sent.name}: their old password and authenticator no longer work.`,
      } satisfies TeamOutcomeView,
    });
  }
  if (intent === "roles") {
    const roles = readRoles(posted);
    if (!roles.ok)
      return refused({
        form: member,
        problems: { roles: roles.problem },
        values: { name: "", email: "", roles: posted },
      });
    const changed = await changeRoles(context.db, user, member, roles.roles);
    if (!changed.ok) {
      return refused({
        form: member,
        problems: { [changed.field ?? "form"]: changed.problem },
        values: { name: "", email: "", roles: posted },
      });
    }
    return redirect("/staff/team?done=roles");
  }
  if (intent === "disable" || intent === "enable") {
    const changed = await setEnabled(context.db, user, member, intent === "enable");
    if (!changed.ok) return refused({ form: member, problems: { form: changed.problem } });
    return redirect(`/staff/team?done=${intent}`);
  }
  return refused({ form: "", problems: { form: TEAM_PROBLEMS.member } });
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleError error={error} />;
}

export default function Team({ loaderData, actionData }: Route.ComponentProps) {
  return <TeamPage {...loaderData} outcome={actionData?.outcome ?? null} />;
}
