import { data, redirect } from "react-router";
import { isSameSitePost } from "../../server/platform/form-post.server";
import { staffFormPost } from "../../server/staff/form-post.server";
import { refuseBorrower, staffReturnPath, staffSession, staffSignIn } from "../../server/staff/session.server";
import { privatePageHeaders } from "~/features/accounts/private-headers";
import { StaffSignInPage } from "~/features/staff/sign-in-page";
import type { Route } from "./+types/staff_.sign-in";

// /staff/sign-in (DECISIONS D14): password and TOTP. A signed-in staff member goes on
// to the inbox; a borrower's session gets the site's 404.

export const meta: Route.MetaFunction = () => [{ title: "Staff sign-in" }, { name: "robots", content: "noindex" }];
export const headers: Route.HeadersFunction = privatePageHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const from = staffReturnPath(url.searchParams.get("from"));
  const staff = await staffSession(context, request);
  if (staff.user) throw redirect(from, { headers: staff.headers });
  await refuseBorrower(context, request);
  const signedOut = url.searchParams.get("signedOut");
  const notice = url.searchParams.get("enrolled")
    ? "enrolled"
    : signedOut === "codes"
      ? "codes-signed-out"
      : signedOut
        ? "signed-out"
        : null;
  return data({ from, notice } as const, { headers: staff.headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  await refuseBorrower(context, request);
  const form = await staffFormPost(request);
  if (!isSameSitePost(request, context.config.siteUrl)) return data({ error: "Please try again." }, { status: 403 });
  const outcome = await staffSignIn(context, form);
  if (outcome.ok) {
    // The console's front page is each member's own: the leads, or the team for an administrator alone.
    const from = staffReturnPath(form.get("from"));
    return redirect(from === "/staff" ? outcome.home : from, { headers: outcome.headers });
  }
  return data({ error: outcome.message }, { status: outcome.status });
}

export default function StaffSignIn({ loaderData, actionData }: Route.ComponentProps) {
  return <StaffSignInPage from={loaderData.from} notice={loaderData.notice} error={actionData?.error} />;
}
