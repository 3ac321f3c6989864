import { data, redirect } from "react-router";
import { isSameSitePost } from "../../server/accounts.server";
import { writeAudit } from "../../server/staff/audit.server";
import { staffFormPost } from "../../server/staff/form-post.server";
import {
  addNote,
  assignableStaff,
  assignLead,
  changeStatus,
  emailsOf,
  findLead,
  flagsOf,
  STALE_SAVE,
  timelineOf,
} from "../../server/staff/leads.server";
import { notFound, requireStaff } from "../../server/staff/session.server";
import { isLeadKind, isLeadStatus } from "~/domain/leads";
import { privatePageHeaders } from "~/features/accounts/private-headers";
import { ConsoleError } from "~/features/staff/console-error";
import { LeadPage } from "~/features/staff/lead-page";
import { leadView } from "~/features/staff/lead-view";
import type { Route } from "./+types/staff.leads.$kind.$id";

// /staff/leads/:kind/:id: one lead, its figures, emails and timeline; status,
// assignment and notes. Every view is audited (DECISIONS D14).

export const meta: Route.MetaFunction = () => [
  { title: "Lead | Staff console" },
  { name: "robots", content: "noindex" },
];
export const headers: Route.HeadersFunction = privatePageHeaders;

const DONE: Record<string, string> = {
  status: "Status saved.",
  assign: "Assignment saved.",
  note: "Note added.",
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { user, headers } = await requireStaff(context, request);
  if (!isLeadKind(params.kind)) throw notFound();
  const lead = await findLead(context.db, params.kind, params.id);
  if (!lead) throw notFound();
  await writeAudit(context.db, { action: "lead.view", actor: user, lead: { kind: lead.kind, id: lead.row.id } });
  const [timeline, emails, staff, { flags, duplicateOf }] = await Promise.all([
    timelineOf(context.db, lead.row.id),
    emailsOf(context.db, lead.kind, lead.row.id),
    assignableStaff(context.db),
    flagsOf(context.db, lead),
  ]);
  const done = new URL(request.url).searchParams.get("done") ?? "";
  return data(
    {
      lead: leadView(lead.kind, lead.row, flags, duplicateOf),
      timeline: timeline.map((e) => ({ ...e, at: e.at.toISOString() })),
      emails: emails.map((m) => ({
        ...m,
        queuedAt: m.queuedAt.toISOString(),
        sentAt: m.sentAt?.toISOString() ?? null,
      })),
      staff,
      viewerId: user.id,
      notice: DONE[done] ? { tone: "success" as const, text: DONE[done] } : null,
    },
    { headers },
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { user } = await requireStaff(context, request);
  if (!isLeadKind(params.kind)) throw notFound();
  if (!isSameSitePost(request, context.config.siteUrl)) throw data(null, { status: 403 });
  const form = await staffFormPost(request);
  const intent = String(form.get("intent") ?? "");
  const version = Number(form.get("version"));
  const lead = { kind: params.kind, id: params.id, version };
  let outcome: { ok: true } | { ok: false; reason: string };
  if (intent === "status") {
    const to = form.get("to");
    if (!isLeadStatus(to) || !Number.isInteger(version)) return data({ error: "Choose a status." }, { status: 400 });
    outcome = await changeStatus(context.db, user, { ...lead, to });
  } else if (intent === "assign") {
    if (!Number.isInteger(version)) return data({ error: "Please reload the page." }, { status: 400 });
    const assignee = String(form.get("assignee") ?? "");
    outcome = await assignLead(context.db, user, { ...lead, assigneeId: assignee || null });
  } else if (intent === "note") {
    outcome = await addNote(context.db, user, lead, String(form.get("note") ?? ""));
  } else {
    return data({ error: "Unknown action." }, { status: 400 });
  }
  if (outcome.ok) return redirect(`/staff/leads/${params.kind}/${params.id}?done=${intent}`);
  if (outcome.reason === "not-found") throw notFound();
  if (outcome.reason === "stale") return data({ error: STALE_SAVE }, { status: 409 });
  if (outcome.reason === "not-allowed")
    return data({ error: "That status change is not allowed from here." }, { status: 400 });
  return data({ error: "That change could not be saved: check it and try again." }, { status: 400 });
}

/** A lead no longer held (an old link, an erased lead) answers the console's own page, in its frame. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleError error={error} />;
}

export default function Lead({ loaderData, actionData }: Route.ComponentProps) {
  const notice = actionData?.error ? { tone: "error" as const, text: actionData.error } : loaderData.notice;
  return <LeadPage {...loaderData} notice={notice} />;
}
