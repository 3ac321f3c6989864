import { data, replace } from "react-router";
import {
  accountFormGate,
  currentSession,
  type AccountRefusal,
  resendConfirmation,
  signIn,
  signUp,
} from "../../server/borrowers/accounts.server";
import { isSameSitePost, readFormPost } from "../../server/platform/form-post.server";
import { AuthPage, type AuthActionData, type AuthTab } from "~/features/accounts/auth-page";
import { CONFIRMATION_SENT_AGAIN, SIGN_UP_SUCCESS, SOMETHING_WENT_WRONG } from "~/domain/account-messages";
import { DEFAULT_AFTER_SIGN_IN, returnPath, safeReturnPath } from "~/domain/return-to";
import { pageMeta } from "~/components/seo";
import { privatePageHeaders } from "~/features/accounts/private-headers";
import type { Route } from "./+types/auth";

// /auth (spec section 2): rendered per request, since it depends on the visitor's session.

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Sign in or create an account",
    description: "Sign in to see the loan enquiries you have made with us, or create an account.",
    path: "/auth",
    noindex: true,
  });

export const headers: Route.HeadersFunction = privatePageHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const from = safeReturnPath(url.searchParams.get("from"));
  const { user, headers } = await currentSession(context, request);
  if (user) {
    // A page load is sent on at once (no history entry for /auth). In-app navigation may
    // carry the 'from' page in navigation state, which only the browser sees: the page
    // sends the visitor on from there.
    const isPageLoad = (request.headers.get("sec-fetch-mode") ?? "navigate") === "navigate";
    if (isPageLoad) throw replace(from ?? DEFAULT_AFTER_SIGN_IN, { headers });
    return data({ signedIn: true, from, tab: "sign-in" as AuthTab }, { headers });
  }
  const tab: AuthTab = url.searchParams.get("tab") === "sign-up" ? "sign-up" : "sign-in";
  return data({ signedIn: false, from, tab }, { headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  if (!isSameSitePost(request, context.config.siteUrl)) {
    return data<AuthActionData>({ intent: "sign-in", error: SOMETHING_WENT_WRONG }, { status: 403 });
  }
  // The rate limit is asked before the body is read (issue 12).
  const gate = await accountFormGate(context);
  if (gate) return refusal("sign-in", gate);
  const posted = await readFormPost(request);
  if (!posted.ok)
    return data<AuthActionData>({ intent: "sign-in", error: SOMETHING_WENT_WRONG }, { status: posted.status });
  const { form } = posted;
  const intent = form.get("intent");
  if (intent === "sign-up") {
    const outcome = await signUp(context, request, form);
    // The address the link went to, as typed, back to the page that typed it: a mistyped one is seen at once.
    const sentTo = String(form.get("email") ?? "").trim();
    if (outcome.ok) return data<AuthActionData>({ intent, success: SIGN_UP_SUCCESS, sentTo });
    return refusal(intent, outcome);
  }
  if (intent === "resend-confirmation") {
    // The confirmation panel again, with what became of the second email: said beside its button.
    const sentTo = String(form.get("email") ?? "").trim();
    const outcome = await resendConfirmation(context, request, form);
    const panel = { intent: "sign-up" as const, success: SIGN_UP_SUCCESS, sentTo };
    if (outcome.ok) return data<AuthActionData>({ ...panel, resent: CONFIRMATION_SENT_AGAIN });
    const headers = outcome.retryAfterSeconds ? { "Retry-After": String(outcome.retryAfterSeconds) } : undefined;
    return data<AuthActionData>({ ...panel, resendError: outcome.message }, { status: outcome.status, headers });
  }
  const outcome = await signIn(context, request, form);
  if (outcome.ok) return replace(returnPath(form.get("from")), { headers: outcome.headers });
  return refusal("sign-in", outcome);
}

/** The form's error, with Retry-After on a 429. */
function refusal(intent: AuthTab, outcome: AccountRefusal) {
  const headers = outcome.retryAfterSeconds ? { "Retry-After": String(outcome.retryAfterSeconds) } : undefined;
  return data<AuthActionData>(
    { intent, error: outcome.message, errors: outcome.errors },
    { status: outcome.status, headers },
  );
}

export default function Auth({ loaderData, actionData }: Route.ComponentProps) {
  return <AuthPage {...loaderData} actionData={actionData} />;
}
