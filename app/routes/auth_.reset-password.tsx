import { data, redirect } from "react-router";
import { accountFormGate, resetPassword } from "../../server/borrowers/accounts.server";
import { isSameSitePost, readFormPost } from "../../server/platform/form-post.server";
import { pageMeta } from "~/components/seo";
import { SOMETHING_WENT_WRONG } from "~/domain/account-messages";
import { ResetPasswordPage, type ResetActionData } from "~/features/accounts/password-reset";
import { privatePageHeaders } from "~/features/accounts/private-headers";
import type { Route } from "./+types/auth_.reset-password";

// /auth/reset-password?token=... (issue 12): where the emailed link lands, by way of
// better-auth's /api/auth/reset-password/:token, which checks the token first.

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Set a new password",
    description: "Choose a new password for your account.",
    path: "/auth/reset-password",
    noindex: true,
  });

export const headers: Route.HeadersFunction = privatePageHeaders;

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  return { token: !url.searchParams.get("error") && token && /^[\w-]{1,200}$/.test(token) ? token : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  if (!isSameSitePost(request, context.config.siteUrl)) {
    return data<ResetActionData>({ error: SOMETHING_WENT_WRONG }, { status: 403 });
  }
  const gate = await accountFormGate(context);
  if (gate)
    return data<ResetActionData>(
      { error: gate.message },
      { status: 429, headers: { "Retry-After": String(gate.retryAfterSeconds ?? 60) } },
    );
  const posted = await readFormPost(request);
  if (!posted.ok) return data<ResetActionData>({ error: SOMETHING_WENT_WRONG }, { status: posted.status });
  const outcome = await resetPassword(context, request, posted.form);
  if (outcome.ok) return redirect("/auth?passwordReset=1");
  return data<ResetActionData>({ error: outcome.message, field: outcome.field }, { status: outcome.status });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  return <ResetPasswordPage token={loaderData.token} actionData={actionData} />;
}
