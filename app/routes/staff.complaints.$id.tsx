import { data, redirect } from "react-router";
import { type LetterDraft, letterProblems } from "~/domain/complaint-letters";
import {
  COMPLAINT_CATEGORIES,
  COMPLAINT_LETTERS,
  COMPLAINT_OUTCOMES,
  COMPLAINT_ROOT_CAUSES,
  OMBUDSMAN_RESULTS,
  type ComplaintLetter,
  closingLetters,
  SENT_BY_POST,
} from "~/domain/complaints";
import { isCalendarDay } from "~/domain/calendar-day";
import {
  afterLetter,
  clockLines,
  complaintStage,
  type NextDue,
  nextDue,
  type StageFacts,
} from "~/domain/complaint-stages";
import { isLeadId } from "~/domain/leads";
import { isOwnKey, ownValue } from "~/domain/own-keys";
import { ukClock, ukInstant } from "~/domain/uk-time";
import { privatePageHeaders } from "~/features/accounts/private-headers";
import { typedPence } from "~/domain/form-read";
import { ConsoleError } from "~/features/staff/console-error";
import {
  ComplaintPage,
  type ComplaintPageProps,
  type ComplaintView,
  letterCheck,
} from "~/features/staff/complaints/complaint-page";
import {
  type ComplaintRecord,
  closeComplaint,
  complaintById,
  complaintHandlers,
  draftLetter,
  NOT_A_HANDLER,
  previewComplaintLetter,
  readVersion,
  recordReferral,
  reopenComplaint,
  sendComplaintLetter,
  setComplaintHandler,
} from "../../server/complaints/complaints.server";
import { holds } from "../../server/staff/guard.server";
import { writeAudit } from "../../server/platform/audit.server";
import { consoleMeta } from "~/features/staff/console-meta";
import {
  type ConsoleActionArgs,
  consoleAction,
  consoleLoader,
  requireAlso,
} from "../../server/staff/console-route.server";
import type { Route } from "./+types/staff.complaints.$id";

// /staff/complaints/:id: one complaint and its handling (DECISIONS D26). Each view is an
// audit row naming the complaint, never its words. ?letter=…&outcome=… starts a letter
// from its template; the posts send it, close the complaint, or reopen it.

export const meta: Route.MetaFunction = consoleMeta("Complaint");
export const headers: Route.HeadersFunction = privatePageHeaders;

const NO_SUCH_COMPLAINT = "There is no such complaint";
const NOTICES: Record<string, string> = {
  sent: "The letter is on its way, and kept here as sent.",
  posted: "The letter is recorded as posted, and kept here as printed.",
  closed: "The complaint is closed.",
  reopened: "The complaint is open again.",
  referred: "The referral to the Ombudsman is saved.",
  taken: "You are its handler now.",
  assigned: "Its handler is changed.",
};

async function load(context: Route.LoaderArgs["context"], id: string | undefined): Promise<ComplaintRecord> {
  const record = id && isLeadId(id) ? await complaintById(context.db, id) : null;
  if (!record) throw data({ reason: NO_SUCH_COMPLAINT }, { status: 404 });
  return record;
}

type StageNation = Parameters<typeof closingLetters>[2];

/** The letters the handler may write now (emailed, or printed and posted when there is no email address): none once closed. */
function letterKinds(record: ComplaintRecord, now: Date, nation: StageNation): ComplaintLetter[] {
  const { complaint } = record;
  if (complaint.closedAt) return [];
  return [
    ...(complaint.acknowledgedAt ? [] : (["acknowledgement"] as const)),
    ...closingLetters(complaint.receivedAt, now, nation),
    ...(complaint.respondedAt || complaint.holdingSentAt ? [] : (["holding"] as const)),
  ];
}

/** What the stage, the due day and the clock are read from: the complaint's times and the kinds of its letters. */
function factsOf(record: ComplaintRecord): StageFacts {
  const { complaint } = record;
  return { ...complaint, letters: record.letters.map((letter) => letter.kind) };
}

const dueView = (due: NextDue | null) => (due ? { ...due, by: due.by.toISOString() } : null);

function view(record: ComplaintRecord, now: Date, nation: StageNation): ComplaintView {
  const { complaint } = record;
  const facts = factsOf(record);
  const due = nextDue(facts, now, nation);
  return {
    id: complaint.id,
    reference: `C-${complaint.id.slice(0, 8).toUpperCase()}`,
    version: complaint.version,
    receivedAt: complaint.receivedAt.toISOString(),
    channel: complaint.channel,
    about: complaint.about,
    name: complaint.name,
    email: complaint.email,
    phone: complaint.phone,
    words: complaint.words,
    wanted: complaint.wanted,
    lead: complaint.leadKind && complaint.leadId ? { kind: complaint.leadKind, id: complaint.leadId } : null,
    handler: complaint.handlerId && record.handlerName ? { id: complaint.handlerId, name: record.handlerName } : null,
    category: complaint.category,
    rootCause: complaint.rootCause,
    outcome: complaint.outcome,
    redressPence: complaint.redressPence,
    respondedAt: complaint.respondedAt?.toISOString() ?? null,
    closedAt: complaint.closedAt?.toISOString() ?? null,
    keepUntil: complaint.keepUntil?.toISOString() ?? null,
    referral:
      complaint.referredAt && complaint.ombudsmanResult
        ? { day: ukClock(complaint.referredAt).day, result: complaint.ombudsmanResult }
        : null,
    stage: complaintStage(facts),
    due: dueView(due),
    clock: clockLines(facts, nation).map((line) => ({ ...line, at: line.at.toISOString() })),
    letters: record.letters.map((letter) => ({
      id: letter.id,
      kind: letter.kind,
      sentAt: letter.sentAt.toISOString(),
      sentTo: letter.sentTo === SENT_BY_POST ? null : letter.sentTo,
      postedOn: letter.sentTo === SENT_BY_POST ? ukClock(letter.sentAt).day : null,
      sentByName: letter.sentByName,
      subject: letter.subject,
      body: letter.body,
    })),
  };
}

const EMPTY_CLOSE = { outcome: "", redress: "", category: "", rootCause: "" };

export const loader = consoleLoader("complaints.handle", async ({ request, context, params, staff }) => {
  const { user, headers } = staff;
  const record = await load(context, params.id);
  await writeAudit(context.db, { action: "complaint.view", actor: user, detail: { complaint: record.complaint.id } });
  const now = new Date();
  const nation = context.config.firm.nation;
  const kinds = letterKinds(record, now, nation);
  const search = new URL(request.url).searchParams;
  const asked = search.get("letter");
  const outcome = search.get("outcome");
  const kind = kinds.find((k) => k === asked) ?? null;
  const chosenOutcome = outcome !== null && isOwnKey(COMPLAINT_OUTCOMES, outcome) ? outcome : null;
  const noticeText = ownValue(NOTICES, search.get("done") ?? "");
  const props: ComplaintPageProps = {
    complaint: view(record, now, nation),
    letterKinds: kinds,
    draft: kind
      ? {
          kind,
          outcome: chosenOutcome,
          letter: draftLetter(context.config, record, kind, chosenOutcome ?? undefined, user),
        }
      : null,
    letterErrors: {},
    closeErrors: {},
    closeValues: EMPTY_CLOSE,
    notice: noticeText ? { tone: "success", text: noticeText } : null,
    firm: letterhead(context.config.site),
    me: user.id,
    handlers: holds(user, "complaints.assign") ? await complaintHandlers(context.db) : null,
  };
  return data(props, { headers });
});

/** The firm's details at the head of a printed letter. */
const letterhead = (site: Route.LoaderArgs["context"]["config"]["site"]) => ({
  brandName: site.brandName,
  companyName: site.companyName,
  registeredAddress: site.registeredAddress,
  phone: site.phone,
  contactEmail: site.contactEmail,
});

/** Each of the page's forms, by the intent it posts (each sorted in app/domain/console-actions.ts). */
async function handle(args: ConsoleActionArgs) {
  const { context, params, form, staff } = args;
  const { user } = staff;
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const id = params.id;
  if (!id || !isLeadId(id)) throw data({ reason: NO_SUCH_COMPLAINT }, { status: 404 });
  const version = readVersion(text("version"));
  const intent = text("intent");
  const back = (done: string) => redirect(`/staff/complaints/${id}?done=${done}`, 303);
  const refused = (change: { status: number; problem: string }) => {
    if (change.status === 404) throw data({ reason: change.problem }, { status: 404 });
    return data({ notice: { tone: "error" as const, text: change.problem } }, { status: change.status });
  };

  if (intent === "take" || intent === "assign") {
    const handlerId = intent === "take" ? user.id : text("handler");
    // "Choose…" is refused at its field; giving it to another member is a manager's.
    if (!handlerId) return data({ assignError: NOT_A_HANDLER }, { status: 400 });
    if (handlerId !== user.id) await requireAlso(args, "complaints.assign");
    const given = await setComplaintHandler(context.db, { id, version, handlerId, actor: user });
    if (given.ok) return back(intent === "take" ? "taken" : "assigned");
    if (given.problem === NOT_A_HANDLER) return data({ assignError: NOT_A_HANDLER }, { status: 400 });
    return refused(given);
  }
  if (intent === "send" || intent === "print" || intent === "post") {
    const kind = text("kind");
    if (!isOwnKey(COMPLAINT_LETTERS, kind)) throw data({ reason: "Choose a letter to send" }, { status: 400 });
    const letter: LetterDraft = { subject: text("subject"), body: text("body") };
    const today = ukClock(new Date()).day;
    /** The letter ready to print, and the check step that records it as posted: what that does, and to whom. */
    const printable = async (more: { postedOn?: string; postedOnError?: string } = {}) => {
      const record = await load(context, id);
      const now = new Date();
      const nation = context.config.firm.nation;
      const after = afterLetter(factsOf(record), kind, now);
      const check = letterCheck({
        kind,
        name: record.complaint.name,
        to: null,
        reference: view(record, now, nation).reference,
        stageAfter: complaintStage(after),
        dueAfter: dueView(nextDue(after, now, nation)),
        fields: [],
      });
      return { kind, letter, today, ...more, check };
    };
    // Recording it as posted is confirmed on the page that shows it ready to print; asked without, that page answers.
    if (intent === "post" && text("confirm") !== "yes")
      return data({ printable: await printable({ postedOn: text("postedOn") || today }) });
    if (intent === "print") {
      // The letter ready to print, checked as sending checks it; nothing is stored until it is recorded as posted.
      const errors = letterProblems(kind, letter);
      if (Object.keys(errors).length === 0) return data({ printable: await printable() });
      return data(
        {
          draft: { kind, outcome: null, letter },
          letterErrors: errors,
          notice: { tone: "error" as const, text: "The letter cannot be printed yet: see below" },
        },
        { status: 400 },
      );
    }
    if (intent === "send" && text("confirm") !== "yes") {
      // The check step (DECISIONS D31): the email as they will receive it, and what sending does, to whom.
      const record = await load(context, id);
      const preview = previewComplaintLetter(context.config, record, { version, kind, letter });
      const draft = { kind, outcome: null, letter };
      if (!preview.ok) {
        if (preview.status === 404) throw data({ reason: preview.problem }, { status: 404 });
        return data(
          { draft, letterErrors: preview.errors ?? {}, notice: { tone: "error" as const, text: preview.problem } },
          { status: preview.status },
        );
      }
      const now = new Date();
      const nation = context.config.firm.nation;
      const after = afterLetter(factsOf(record), kind, now);
      return data({
        draft,
        preview: { to: preview.to, subject: preview.subject, html: preview.html },
        check: letterCheck({
          kind,
          name: record.complaint.name,
          to: preview.to,
          reference: view(record, now, nation).reference,
          stageAfter: complaintStage(after),
          dueAfter: dueView(nextDue(after, now, nation)),
          fields: [
            ["intent", "send"],
            ["kind", kind],
            ["version", String(record.complaint.version)],
            ["subject", letter.subject],
            ["body", letter.body],
          ],
        }),
      });
    }
    const postedOn = intent === "post" ? text("postedOn") : undefined;
    const sent = await sendComplaintLetter(context, { id, version, kind, letter, actor: user, postedOn });
    if (sent.ok) return back(intent === "post" ? "posted" : "sent");
    if (sent.errors?.postedOn) {
      return data(
        {
          // Said once, at its field and in the error summary (DECISIONS D30).
          printable: await printable({ postedOn: postedOn ?? "", postedOnError: sent.errors.postedOn }),
        },
        { status: 400 },
      );
    }
    if (sent.errors) {
      return data(
        {
          draft: { kind, outcome: null, letter },
          letterErrors: sent.errors,
          notice: { tone: "error" as const, text: sent.problem },
        },
        { status: 400 },
      );
    }
    return refused(sent);
  }
  if (intent === "close") {
    const values = {
      outcome: text("outcome"),
      redress: text("redress"),
      category: text("category"),
      rootCause: text("rootCause"),
    };
    const redressPence = typedPence(values.redress, 1_000_000);
    const errors = {
      ...(isOwnKey(COMPLAINT_OUTCOMES, values.outcome) ? {} : { outcome: "Choose the outcome" }),
      ...(redressPence === null ? { redress: "Enter the redress paid in pounds, 0 if none" } : {}),
      ...(isOwnKey(COMPLAINT_CATEGORIES, values.category) ? {} : { category: "Choose the category" }),
      ...(isOwnKey(COMPLAINT_ROOT_CAUSES, values.rootCause) ? {} : { rootCause: "Choose the root cause" }),
    };
    if (Object.keys(errors).length > 0 || redressPence === null) {
      return data({ closeErrors: errors, closeValues: values }, { status: 400 });
    }
    const closing = {
      outcome: values.outcome as keyof typeof COMPLAINT_OUTCOMES,
      redressPence,
      category: values.category as keyof typeof COMPLAINT_CATEGORIES,
      rootCause: values.rootCause as keyof typeof COMPLAINT_ROOT_CAUSES,
    };
    const closed = await closeComplaint(context.db, { id, version, closing, actor: user });
    return closed.ok ? back("closed") : refused(closed);
  }
  if (intent === "referral") {
    const day = text("referredOn");
    const result = text("result");
    // A UK day, today at the latest: today's is kept as now, an earlier day's as its noon.
    const now = new Date();
    const today = ukClock(now).day;
    const referredAt = isCalendarDay(day) && day <= today ? (day === today ? now : ukInstant(day, 12 * 60)) : null;
    const errors = {
      ...(referredAt ? {} : { referredOn: "Enter the day it was referred, no later than today" }),
      ...(isOwnKey(OMBUDSMAN_RESULTS, result) ? {} : { result: "Choose the Ombudsman's decision" }),
    };
    if (Object.keys(errors).length > 0 || !referredAt || !isOwnKey(OMBUDSMAN_RESULTS, result)) {
      return data({ referralErrors: errors }, { status: 400 });
    }
    const referred = await recordReferral(context.db, { id, version, referredAt, result, actor: user });
    return referred.ok ? back("referred") : refused(referred);
  }
  if (intent === "reopen") {
    const reopened = await reopenComplaint(context.db, { id, version, actor: user });
    return reopened.ok ? back("reopened") : refused(reopened);
  }
  throw data({ reason: "This page does not take that form" }, { status: 400 });
}

export const action = consoleAction("complaints.handle", {
  send: handle,
  print: handle,
  post: handle,
  close: handle,
  referral: handle,
  reopen: handle,
  take: handle,
  assign: handle,
});

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleError error={error} />;
}

export default function Complaint({ loaderData, actionData }: Route.ComponentProps) {
  return <ComplaintPage {...loaderData} {...(actionData ?? {})} />;
}
