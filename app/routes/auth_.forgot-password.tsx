import { data } from "react-router";
import { accountFormGate, requestPasswordReset } from "../../server/borrowers/accounts.server";
import { isSameSitePost, readFormPost } from "../../server/platform/form-post.server";
import { pageMeta } from "~/components/seo";
import { SOMETHING_WENT_WRONG } from "~/domain/account-messages";
import { ForgotPasswordPage, type ResetActionData } from "~/features/accounts/password-reset";
import { privatePageHeaders } from "~/features/accounts/private-headers";
import type { Route } from "./+types/auth_.forgot-password";

// /auth/forgot-password (issue 12): asks for a one-time link to set a new password.

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Forgot your password?",
    description: "Ask for a link to set a new password for your account.",
    path: "/auth/forgot-password",
    noindex: true,
  });

export const headers: Route.HeadersFunction = privatePageHeaders;

export function loader() {
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  if (!isSameSitePost(request, context.config.siteUrl)) {
    return data<ResetActionData>({ error: SOMETHING_WENT_WRONG }, { status: 403 });
  }
  const gate = await accountFormGate(context);
  if (gate) return refusal(gate);
  const posted = await readFormPost(request);
  if (!posted.ok) return data<ResetActionData>({ error: SOMETHING_WENT_WRONG }, { status: posted.status });
  const outcome = await requestPasswordReset(context, request, posted.form);
  if (outcome.ok) return data<ResetActionData>({ sent: true });
  return refusal(outcome);
}

function refusal(outcome: { status: number; message: string; field?: string; retryAfterSeconds?: number }) {
  const headers = outcome.retryAfterSeconds ? { "Retry-After": String(outcome.retryAfterSeconds) } : undefined;
  return data<ResetActionData>({ error: outcome.message, field: outcome.field }, { status: outcome.status, headers });
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  return <ForgotPasswordPage actionData={actionData} />;
}
