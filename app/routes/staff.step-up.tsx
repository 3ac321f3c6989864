import { data, redirect, redirectDocument } from "react-router";
import { staffReturnPath, stepUp } from "../../server/staff/session.server";
import { privatePageHeaders } from "~/features/accounts/private-headers";
import { ConsoleError } from "~/features/staff/console-error";
import { StepUpPage } from "~/features/staff/team/step-up-page";
import { consoleMeta } from "~/features/staff/console-meta";
import { consoleAction, consoleLoader } from "../../server/staff/console-route.server";
import type { Route } from "./+types/staff.step-up";

// /staff/step-up?from=…: the authenticator's code again (decision 272), asked by the
// guard before an export of every lead, an erasure or a change to the team; then back to
// `from` (a download starts; a form is there to send again).

export const meta: Route.MetaFunction = consoleMeta("Confirm it is you");
export const headers: Route.HeadersFunction = privatePageHeaders;

export const loader = consoleLoader("console.enter", async ({ request, staff }) => {
  const { headers } = staff;
  const from = staffReturnPath(new URL(request.url).searchParams.get("from"));
  return data({ from }, { headers });
});

export const action = consoleAction("console.enter", async ({ request, context, form, staff }) => {
  const { user } = staff;
  const from = staffReturnPath(form.get("from"));
  const outcome = await stepUp(context, request, user, String(form.get("code") ?? ""));
  // A whole page load, not the router's: `from` may be a download (the export), which the
  // router cannot draw.
  if (outcome.ok) return redirectDocument(from);
  // Too many wrong codes: this session has ended (decision 336); the sign-in says so.
  if ("signedOut" in outcome) return redirect("/staff/sign-in?signedOut=codes", { headers: outcome.headers });
  return data({ from, error: outcome.message }, { status: outcome.status });
});

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleError error={error} />;
}

export default function StepUp({ loaderData, actionData }: Route.ComponentProps) {
  return <StepUpPage {...loaderData} {...(actionData ?? {})} />;
}
