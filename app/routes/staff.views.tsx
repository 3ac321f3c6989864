import { data, redirect } from "react-router";
import { removeView, savedViewsOf, saveView, viewQuery } from "../../server/staff/leads/inbox-views.server";
import { SAVED_VIEWS_MAX } from "~/domain/inbox-views";
import { privatePageHeaders } from "~/features/accounts/private-headers";
import { ConsoleError } from "~/features/staff/console-error";
import { consoleMeta } from "~/features/staff/console-meta";
import { InboxViewsPage } from "~/features/staff/inbox-views-page";
import { type ConsoleActionArgs, consoleAction, consoleLoader } from "../../server/staff/console-route.server";
import type { Route } from "./+types/staff.views";

// /staff/views (decision 422): a member's own views of the leads list, kept in the
// database per member. `list` is the inbox's query when the page was opened from it.

export const meta: Route.MetaFunction = consoleMeta("Your views");
export const headers: Route.HeadersFunction = privatePageHeaders;

export const loader = consoleLoader("leads.read", async ({ request, context, staff }) => {
  const { user, headers } = staff;
  const url = new URL(request.url);
  const list = viewQuery(url.searchParams.get("list") ?? "");
  const views = await savedViewsOf(context.db, user.id);
  return data({ list, views, removed: url.searchParams.get("removed"), max: SAVED_VIEWS_MAX }, { headers });
});

async function save({ form, context, staff }: ConsoleActionArgs) {
  const name = String(form.get("name") ?? "");
  const list = String(form.get("list") ?? "");
  const saved = await saveView(context.db, staff.user.id, name, list);
  // Refused beside its field, with the name as typed (DECISIONS D30).
  if (!saved.ok) return data({ refusal: { error: saved.problem, name } }, { status: 400 });
  const query = viewQuery(list);
  return redirect(query ? `/staff?${query}` : "/staff");
}

async function remove({ form, context, staff }: ConsoleActionArgs) {
  const id = Number(form.get("view"));
  const views = await savedViewsOf(context.db, staff.user.id);
  const view = views.find((v) => v.id === id);
  if (!view || !(await removeView(context.db, staff.user.id, id))) {
    throw data({ reason: "That view is not one of yours, or was removed already." }, { status: 404 });
  }
  const back = new URLSearchParams({ list: viewQuery(String(form.get("list") ?? "")), removed: view.name });
  return redirect(`/staff/views?${back}`);
}

export const action = consoleAction("leads.read", { save, remove });

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleError error={error} />;
}

export default function Views({ loaderData, actionData }: Route.ComponentProps) {
  return <InboxViewsPage {...loaderData} refusal={actionData?.refusal ?? null} />;
}
