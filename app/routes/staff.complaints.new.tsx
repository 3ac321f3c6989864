import { data, redirect } from "react-router";
import {
  COMPLAINT_FORM_PROBLEM,
  complaintValues,
  readChannel,
  readComplaint,
  readReceived,
} from "~/domain/complaint-form";
import { isLeadId, LEAD_KINDS, type LeadKind } from "~/domain/leads";
import { ukClock } from "~/domain/uk-time";
import { privatePageHeaders } from "~/features/accounts/private-headers";
import { ConsoleError } from "~/features/staff/console-error";
import { RecordComplaintPage } from "~/features/staff/complaints/record-complaint-page";
import { recordComplaint } from "../../server/complaints/complaints.server";
import { findLead } from "../../server/staff/leads/leads.server";
import { consoleMeta } from "~/features/staff/console-meta";
import { consoleAction, consoleLoader } from "../../server/staff/console-route.server";
import type { Route } from "./+types/staff.complaints.new";

// /staff/complaints/new[?lead=kind:id]: a complaint taken by phone, email or letter
// (DECISIONS D26), its handler the member recording it. Refused, the form comes back 400
// with what was typed and each problem at its field.

export const meta: Route.MetaFunction = consoleMeta("Record a complaint");
export const headers: Route.HeadersFunction = privatePageHeaders;

const CHANNEL_REQUIRED = "Choose how the complaint reached us";
const RECEIVED_INVALID = "Enter the day and time it reached us, no later than now and no more than a year ago";

/** `quote:<uuid>`: the lead a complaint comes with, or null for anything else. */
function readLead(value: string | null): { kind: LeadKind; id: string } | null {
  const [kind, id, ...rest] = (value ?? "").split(":");
  if (rest.length > 0 || !id || !isLeadId(id) || !(LEAD_KINDS as readonly string[]).includes(kind ?? "")) return null;
  return { kind: kind as LeadKind, id };
}

/** A UK day and time as the form's date and time fields write them. */
function dayAndTime(at: Date) {
  const { day, minutes } = ukClock(at);
  return {
    receivedDay: day,
    receivedTime: `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`,
  };
}

/**
 * The form filled from the lead it comes with: the person's name, email and phone; a
 * contact message marked as a complaint brings its words, how it came and when.
 */
async function prefilled(context: Route.LoaderArgs["context"], lead: { kind: LeadKind; id: string } | null) {
  const found = lead ? await findLead(context.db, lead.kind, lead.id) : null;
  const blank = { ...complaintValues({}), channel: "", ...dayAndTime(new Date()) };
  if (!found) return blank;
  const { row } = found;
  const name = "name" in row ? row.name : `${row.firstName} ${row.lastName}`;
  const base = { ...blank, name, email: row.email, phone: row.phone, about: "lead" };
  return found.kind === "contact"
    ? { ...base, words: found.row.message, channel: "contact-message", ...dayAndTime(found.row.createdAt) }
    : base;
}

export const loader = consoleLoader("complaints.handle", async ({ request, context, staff }) => {
  const { headers } = staff;
  const lead = readLead(new URL(request.url).searchParams.get("lead"));
  return data(
    {
      values: await prefilled(context, lead),
      errors: {},
      lead,
      action: `/staff/complaints/new${lead ? `?${new URLSearchParams({ lead: `${lead.kind}:${lead.id}` })}` : ""}`,
    },
    { headers },
  );
});

export const action = consoleAction("complaints.handle", async ({ request, context, form, staff }) => {
  const { user } = staff;
  const fields = Object.fromEntries([...form].filter(([, value]) => typeof value === "string"));
  const text = (name: string) => (typeof fields[name] === "string" ? (fields[name] as string) : "");
  const lead = readLead(new URL(request.url).searchParams.get("lead"));
  const values = {
    ...complaintValues(fields),
    channel: text("channel"),
    receivedDay: text("receivedDay"),
    receivedTime: text("receivedTime"),
  };
  const read = readComplaint(values, { emailRequired: false });
  const channel = readChannel(values.channel);
  const receivedAt = readReceived(values.receivedDay, values.receivedTime, new Date());
  if (!read.ok || !channel || !receivedAt) {
    const errors = {
      ...(channel ? {} : { channel: CHANNEL_REQUIRED }),
      ...(receivedAt ? {} : { received: RECEIVED_INVALID }),
      ...(read.ok ? {} : read.problems),
    };
    return data(
      {
        values,
        errors,
        lead,
        action: new URL(request.url).pathname + new URL(request.url).search,
        problem: COMPLAINT_FORM_PROBLEM,
      },
      { status: 400 },
    );
  }
  await recordComplaint(context, { details: read.value, channel, receivedAt, handler: user, lead });
  return redirect("/staff/complaints?done=recorded", 303);
});

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleError error={error} />;
}

export default function NewComplaint({ loaderData, actionData }: Route.ComponentProps) {
  return <RecordComplaintPage {...loaderData} {...(actionData ?? {})} />;
}
