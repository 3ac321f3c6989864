import { data, redirect } from "react-router";
import { z } from "~/domain/zod";
import { dataRequestsToShow } from "../../server/privacy/correction-requests.server";
import {
  countsOf,
  erasePersonalData,
  personalDataOf,
  subjectReference,
} from "../../server/privacy/data-requests.server";
import { writeAudit } from "../../server/platform/audit.server";
import { leadsOfAddresses } from "../../server/staff/leads/people.server";
import { privatePageHeaders } from "~/features/accounts/private-headers";
import { RequestsPage } from "~/features/staff/requests-page";
import { ConsoleError } from "~/features/staff/console-error";
import { consoleMeta } from "~/features/staff/console-meta";
import { consoleAction, consoleLoader } from "../../server/staff/console-route.server";
import type { Route } from "./+types/staff.requests";

// /staff/requests?email=…: what is held about a person; erasing it (issue 11). The
// download is /staff/requests/export. The audit log records each answer by a keyed
// hash of the address, never the address. Above, the correction requests borrowers sent
// from /account (DECISIONS D29), soonest due first, each marked answered once corrected
// (/staff/requests/answer).

export const meta: Route.MetaFunction = consoleMeta("Data requests");
export const headers: Route.HeadersFunction = privatePageHeaders;

const email = z.email().max(254);
const ERASED = "Everything held about that address has been erased.";

/** What the erasure did, saying what it kept: a complaint stays three years after it closes (DISP 1.9.1R). */
function erasedNotice(complaintsKept: number) {
  if (complaintsKept === 0) return ERASED;
  const kept =
    complaintsKept === 1
      ? "1 complaint kept for three years after it closes"
      : `${complaintsKept} complaints kept for three years after each closes`;
  return `Everything held about that address has been erased, except ${kept}, as the rules on complaints require.`;
}
const MISMATCH = "Type the email address exactly as above to confirm.";
const ANSWERED = "The request is marked answered.";

const NO_SUCH_PAGE = "There is no such page of correction requests: the first is shown.";

/** The `page` query: a whole number from 1; null for anything else. */
function pageOf(value: string | null): number | null {
  if (value === null) return 1;
  const page = Number(value);
  return /^\d{1,6}$/.test(value) && page >= 1 ? page : null;
}

/** The correction requests as the page lists them: page `page` of them (DECISIONS D29). */
async function requestsToShow(context: Route.LoaderArgs["context"], page = 1) {
  const { open, answered, openCount, more } = await dataRequestsToShow(context.db, page);
  // The leads each open request is about, by its address (decision 410): the request links to them.
  const leads = await leadsOfAddresses(
    context.db,
    open.map((row) => row.email),
  );
  const view = ({ userId, ...row }: (typeof open)[number]) => ({
    ...row,
    accountId: userId,
    receivedAt: row.receivedAt.toISOString(),
    dueBy: row.dueBy.toISOString(),
    answeredAt: row.answeredAt?.toISOString() ?? null,
    leads: (leads.get(row.email.trim().toLowerCase()) ?? []).map((lead) => ({
      ...lead,
      receivedAt: lead.receivedAt.toISOString(),
    })),
  });
  return {
    open: open.map(view),
    answered: answered.map(view),
    openCount,
    page,
    previous: page > 1 ? `/staff/requests?page=${page - 1}` : null,
    next: more ? `/staff/requests?page=${page + 1}` : null,
    now: new Date().toISOString(),
  };
}

export const loader = consoleLoader("data-requests.answer", async ({ request, context, staff }) => {
  const { user, headers } = staff;
  const params = new URL(request.url).searchParams;
  const asked = (params.get("email") ?? "").trim();
  const notice = params.get("erased")
    ? { tone: "success" as const, text: erasedNotice(Number(/^\d{1,4}$/.exec(params.get("kept") ?? "")?.[0] ?? 0)) }
    : params.get("answered")
      ? { tone: "success" as const, text: ANSWERED }
      : null;
  const page = pageOf(params.get("page"));
  const requests = await requestsToShow(context, page ?? 1);
  if (page === null) {
    return data(
      { email: "", found: null, notice: { tone: "error" as const, text: NO_SUCH_PAGE }, requests },
      { headers, status: 400 },
    );
  }
  if (!asked) return data({ email: "", found: null, notice, requests }, { headers });
  if (!email.safeParse(asked).success) {
    return data(
      {
        email: asked,
        found: null,
        notice: { tone: "error" as const, text: "Enter an email address, like name@example.com." },
        requests,
      },
      { headers, status: 400 },
    );
  }
  const found = await lookUp(context, user, asked);
  return data({ email: asked, found, notice, requests }, { headers });
});

/**
 * What is held about an address, as the page shows it (counts), with an audit row: a
 * look-up shows staff that the person is a customer, so it is recorded like the download
 * and the erasure, naming the person only by the keyed hash of the address.
 */
async function lookUp(context: Route.LoaderArgs["context"], user: { id: string; name: string }, address: string) {
  const found = countsOf(await personalDataOf(context.db, { email: address }));
  await writeAudit(context.db, {
    action: "data.lookup",
    actor: user,
    detail: { subject: subjectReference(address, context.config.authSecret), ...found },
  });
  return found;
}

export const action = consoleAction("data.erase", async ({ context, form, staff }) => {
  const { user } = staff;
  const subject = String(form.get("email") ?? "").trim();
  const confirm = String(form.get("confirm") ?? "").trim();
  if (!email.safeParse(subject).success) throw data("No email address was given", { status: 400 });
  if (confirm.toLowerCase() !== subject.toLowerCase()) {
    const found = await lookUp(context, user, subject);
    return data(
      {
        email: subject,
        found,
        confirm,
        notice: { tone: "error" as const, text: MISMATCH },
        requests: await requestsToShow(context),
      },
      { status: 400 },
    );
  }
  const erased = await erasePersonalData(context.db, { email: subject }, { mailDir: context.config.mailDir });
  await writeAudit(context.db, {
    action: "data.erasure",
    actor: user,
    detail: { subject: subjectReference(subject, context.config.authSecret), erased },
  });
  return redirect(`/staff/requests?erased=1${erased.complaintsKept ? `&kept=${erased.complaintsKept}` : ""}`);
});

/** A refusal (a role that does not include this, a request the page cannot take) in the console's frame. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleError error={error} />;
}

export default function Requests({ loaderData, actionData }: Route.ComponentProps) {
  return <RequestsPage {...loaderData} {...actionData} />;
}
