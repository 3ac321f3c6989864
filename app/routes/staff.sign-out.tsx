import { data, redirect } from "react-router";
import { isSameSitePost } from "../../server/platform/form-post.server";
import { staffSignOut } from "../../server/staff/session.server";
import type { Route } from "./+types/staff.sign-out";

// POST /staff/sign-out: ends this staff session. Nothing to show on GET.

export function loader() {
  throw data(null, { status: 404 });
}

export async function action({ request, context }: Route.ActionArgs) {
  if (!isSameSitePost(request, context.config.siteUrl)) throw data(null, { status: 403 });
  const headers = await staffSignOut(context, request);
  return redirect("/staff/sign-in?signedOut=1", { headers });
}
