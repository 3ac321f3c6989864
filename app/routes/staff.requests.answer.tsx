import { data, redirect } from "react-router";
import { answerDataRequest } from "../../server/privacy/correction-requests.server";
import { privatePageHeaders } from "~/features/accounts/private-headers";
import { ConsoleError } from "~/features/staff/console-error";
import { consoleMeta } from "~/features/staff/console-meta";
import { consoleAction, consoleLoader } from "../../server/staff/console-route.server";
import type { Route } from "./+types/staff.requests.answer";

// POST /staff/requests/answer: a borrower's correction request marked answered, once
// (docs/decisions/303), by a member who answers data requests; back to the list after.
// One already answered (by someone else, a moment before) is a 409 in the console's frame.

export const meta: Route.MetaFunction = consoleMeta("Data requests");
export const headers: Route.HeadersFunction = privatePageHeaders;

export const loader = consoleLoader("data-requests.answer", async ({ staff }) => {
  const { headers } = staff;
  throw redirect("/staff/requests", { headers });
});

export const action = consoleAction("data-requests.answer", async ({ context, form, staff }) => {
  const { user } = staff;
  if (!(await answerDataRequest(context.db, user, String(form.get("request") ?? "")))) {
    throw data("That request is not open: it may have been answered already", { status: 409 });
  }
  return redirect("/staff/requests?answered=1");
});

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleError error={error} />;
}

export default function AnswerRequest() {
  return null;
}
