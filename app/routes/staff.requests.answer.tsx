import { data, redirect } from "react-router";
import { isSameSitePost } from "../../server/accounts.server";
import { answerDataRequest } from "../../server/correction-requests.server";
import { staffFormPost } from "../../server/staff/form-post.server";
import { requirePermission } from "../../server/staff/guard.server";
import { privatePageHeaders } from "~/features/accounts/private-headers";
import { ConsoleError } from "~/features/staff/console-error";
import { consoleMeta } from "~/features/staff/console-meta";
import type { Route } from "./+types/staff.requests.answer";

// POST /staff/requests/answer: a borrower's correction request marked answered, once
// (docs/decisions/303), by a member who answers data requests; back to the list after.
// One already answered (by someone else, a moment before) is a 409 in the console's frame.

export const meta: Route.MetaFunction = consoleMeta("Data requests");
export const headers: Route.HeadersFunction = privatePageHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { headers } = await requirePermission(context, request, "data-requests.answer");
  throw redirect("/staff/requests", { headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requirePermission(context, request, "data-requests.answer");
  if (!isSameSitePost(request, context.config.siteUrl)) throw data("Forbidden", { status: 403 });
  const form = await staffFormPost(request);
  if (!(await answerDataRequest(context.db, user, String(form.get("request") ?? "")))) {
    throw data("That request is not open: it may have been answered already", { status: 409 });
  }
  return redirect("/staff/requests?answered=1");
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleError error={error} />;
}

export default function AnswerRequest() {
  return null;
}
