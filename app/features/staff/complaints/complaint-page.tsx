import { useEffect, useRef } from "react";
import { Form, Link } from "react-router";
import { CheckStep, type CheckStepView } from "~/components/console/check-step";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { controlClass, FieldError, SelectField, TextField } from "~/components/ui/field";
import { ErrorSummary } from "~/components/ui/error-summary";
import type { LetterDraft } from "~/domain/complaint-letters";
import {
  COMPLAINT_CATEGORIES,
  COMPLAINT_CHANNELS,
  COMPLAINT_LETTERS,
  COMPLAINT_OUTCOMES,
  COMPLAINT_ROOT_CAUSES,
  COMPLAINT_SUBJECTS,
  OMBUDSMAN_RESULTS,
  type OmbudsmanResult,
  type ComplaintCategory,
  type ComplaintChannel,
  type ComplaintLetter,
  type ComplaintOutcome,
  type ComplaintRootCause,
  type ComplaintSubject,
} from "~/domain/complaints";
import { dayInWords } from "~/domain/calendar-day";
import { COMPLAINT_STAGES, type ComplaintStage, type NextDue } from "~/domain/complaint-stages";
import { formatWhen, leadPath, personPath } from "../format";
import { Notice } from "../staff-frame";
import { endOfDay } from "./complaints-list-page";
import { fieldLabelClass } from "~/components/console/field-label";
import { textLinkClass } from "~/components/console/text-link";

// /staff/complaints/:id: one complaint, its clock, every letter exactly as sent, and
// what the handler does next: write a letter from its template, close it with its
// outcome, or reopen it (DISP 1, DECISIONS D26).

export interface ComplaintView {
  id: string;
  reference: string;
  version: number;
  receivedAt: string;
  channel: ComplaintChannel;
  about: ComplaintSubject;
  name: string;
  email: string | null;
  phone: string | null;
  words: string;
  wanted: string | null;
  lead: { kind: string; id: string } | null;
  handler: { id: string; name: string } | null;
  category: ComplaintCategory | null;
  rootCause: ComplaintRootCause | null;
  outcome: ComplaintOutcome | null;
  redressPence: number | null;
  respondedAt: string | null;
  closedAt: string | null;
  keepUntil: string | null;
  referral: { day: string; result: OmbudsmanResult } | null;
  stage: ComplaintStage;
  /** The one day due next, or null when nothing is. */
  due: DueView | null;
  /** What was done, when, and the deadlines that still bind. */
  clock: { kind: "done" | "deadline"; label: string; at: string }[];
  letters: {
    id: string;
    kind: ComplaintLetter;
    sentAt: string;
    /** The address it was emailed to; null when it was posted. */
    sentTo: string | null;
    /** The UK day it was posted, for a letter printed and posted. */
    postedOn: string | null;
    sentByName: string | null;
    subject: string;
    body: string;
  }[];
}

export interface ComplaintPageProps {
  complaint: ComplaintView;
  /** The letters that may be written now. */
  letterKinds: ComplaintLetter[];
  /** A letter being written: its kind, outcome and text (the template, or what was sent back refused). */
  draft: { kind: ComplaintLetter; outcome: ComplaintOutcome | null; letter: LetterDraft } | null;
  letterErrors: Partial<Record<keyof LetterDraft, string>>;
  closeErrors: Partial<Record<"outcome" | "redress" | "category" | "rootCause", string>>;
  closeValues: { outcome: string; redress: string; category: string; rootCause: string };
  referralErrors?: Partial<Record<"referredOn" | "result", string>>;
  notice: { tone: "error" | "success"; text: string } | null;
  /** The firm's details at the head of a printed letter. */
  firm: Letterhead;
  /** A letter checked and ready to print, for a complaint without an email address, and its record as posted. */
  printable?: Printable;
  /** The member reading the page. */
  me: string;
  /** Whom the complaint may be given to, for a member who may assign it; null for one who may only take it. */
  handlers: { id: string; name: string }[] | null;
  assignError?: string;
  /** A letter's email as they will receive it, and the check step that sends it. */
  preview?: { to: string; subject: string; html: string };
  check?: CheckStepView;
}

export type DueView = Omit<NextDue, "by"> & { by: string };

const DUE_LETTERS: Record<NextDue["what"], string> = {
  acknowledgement: "Acknowledgement",
  "final-response": "Final response",
};

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** The one due day in words: "Final response due by the end of 22 January 2027", or overdue. */
export function dueInWords(due: DueView): string {
  const what = DUE_LETTERS[due.what];
  return due.overdue ? `${what} overdue: it was due by ${endOfDay(due.by)}` : `${what} due by ${endOfDay(due.by)}`;
}

/**
 * The check step of a letter (DECISIONS D31): what sending does, where the complaint will
 * then stand, and to whom it goes; its fields carry the letter exactly as previewed.
 */
export function letterCheck(input: {
  kind: ComplaintLetter;
  name: string;
  /** The address it is emailed to; null for a letter recorded as posted. */
  to: string | null;
  reference: string;
  stageAfter: ComplaintStage;
  dueAfter: DueView | null;
  fields: [string, string][];
}): CheckStepView {
  const letter = COMPLAINT_LETTERS[input.kind].toLowerCase();
  const then =
    input.stageAfter === "summary-resolution-sent"
      ? "It closes the complaint: nothing more is due."
      : `Its stage becomes ${COMPLAINT_STAGES[input.stageAfter].toLowerCase()}; ${
          input.dueAfter ? `next, ${lowerFirst(dueInWords(input.dueAfter))}.` : "nothing more is due on its clock."
        }`;
  if (input.to === null)
    return {
      title: `Record the ${letter} as posted to ${input.name}?`,
      what: `It is kept on the complaint exactly as printed above, as sent on the day it was posted. ${then}`,
      whom: [`${input.name}, by post`, `Complaint ${input.reference}`],
      fields: input.fields,
      confirm: "Record as posted",
    };
  return {
    title: `Send the ${letter} to ${input.name}?`,
    what: `It is emailed to ${input.to} at once, as shown above, and kept on this page exactly as sent. ${then}`,
    whom: [`${input.name}, ${input.to}`, `Complaint ${input.reference}`],
    fields: input.fields,
    confirm: `Send the ${letter}`,
  };
}

export interface Letterhead {
  brandName: string;
  companyName: string;
  registeredAddress: string;
  phone: string;
  contactEmail: string;
}

export interface Printable {
  kind: ComplaintLetter;
  letter: LetterDraft;
  /** The day it is printed, and dated. */
  today: string;
  postedOn?: string;
  postedOnError?: string;
  /** What recording it as posted does, and to whom (DECISIONS D31). */
  check: CheckStepView;
}

const h2Class = "text-xl font-bold text-slate-900";

export function ComplaintPage({
  referralErrors = {},
  complaint,
  letterKinds,
  draft,
  letterErrors,
  closeErrors,
  closeValues,
  notice,
  firm,
  printable,
  me,
  handlers,
  assignError,
  preview,
  check,
}: ComplaintPageProps) {
  if (printable) return <PrintableLetter complaint={complaint} firm={firm} printable={printable} notice={notice} />;
  const byPost = complaint.email === null;
  const canClose = !complaint.closedAt && complaint.respondedAt !== null;
  const open = complaint.closedAt === null;
  return (
    <>
      <p>
        <Link to="/staff/complaints" className={textLinkClass}>
          All complaints
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold text-slate-900">
        Complaint {complaint.reference}: {complaint.name}
      </h1>
      <div data-testid="complaint-stage" className="mt-2 space-y-1">
        <p>
          <span className="font-semibold">Stage:</span> {COMPLAINT_STAGES[complaint.stage]}
          {complaint.closedAt &&
            ` (closed ${formatWhen(complaint.closedAt)}${complaint.outcome ? `, ${COMPLAINT_OUTCOMES[complaint.outcome].toLowerCase()}` : ""}; kept until ${complaint.keepUntil ? formatWhen(complaint.keepUntil) : "three years after closing"})`}
        </p>
        <p className={complaint.due?.overdue ? "font-semibold text-red-800" : undefined}>
          {complaint.due ? dueInWords(complaint.due) : "Nothing is due on its clock."}
        </p>
        <p>
          <span className="font-semibold">Handler:</span> {complaint.handler?.name ?? "Not yet taken"}
        </p>
      </div>
      {notice && (
        <div className="mt-4">
          <Notice tone={notice.tone}>{notice.text}</Notice>
        </div>
      )}
      {open && (complaint.handler?.id !== me || handlers) && (
        <div className="mt-4 flex flex-wrap items-end gap-6">
          {complaint.handler?.id !== me && (
            <Form method="post" aria-label="Take the complaint">
              <input type="hidden" name="intent" value="take" />
              <input type="hidden" name="version" value={complaint.version} />
              <Button type="submit" variant="secondary" size="sm">
                Take it
              </Button>
            </Form>
          )}
          {handlers && (
            <Form method="post" className="flex flex-wrap items-end gap-3" aria-label="Give the complaint to a handler">
              <ErrorSummary
                className="w-full"
                autoFocus
                problems={assignError ? [{ targetId: "complaint-handler", message: assignError }] : []}
              />
              <input type="hidden" name="intent" value="assign" />
              <input type="hidden" name="version" value={complaint.version} />
              <SelectField
                id="complaint-handler"
                name="handler"
                label="Give it to"
                placeholder="Choose…"
                defaultValue=""
                options={Object.fromEntries(handlers.map((member) => [member.id, member.name]))}
                error={assignError}
              />
              <Button type="submit" variant="secondary" size="sm">
                Assign
              </Button>
            </Form>
          )}
        </div>
      )}

      <section aria-labelledby="about-heading" className="mt-6">
        <h2 id="about-heading" className={h2Class}>
          The complaint
        </h2>
        <dl className="mt-3 grid max-w-3xl grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-[12rem_1fr]">
          <dt className="font-semibold">Received</dt>
          <dd>
            {formatWhen(complaint.receivedAt)}, by {COMPLAINT_CHANNELS[complaint.channel].toLowerCase()}
          </dd>
          <dt className="font-semibold">About</dt>
          <dd>
            {COMPLAINT_SUBJECTS[complaint.about]}
            {complaint.lead && (
              <>
                {" "}
                (
                <Link to={leadPath(complaint.lead.kind, complaint.lead.id)} className="text-brand-700 underline">
                  lead {complaint.lead.id.slice(0, 8).toUpperCase()}
                </Link>
                )
              </>
            )}
          </dd>
          <dt className="font-semibold">Email</dt>
          <dd>{complaint.email ?? "None given: write by post"}</dd>
          <dt className="font-semibold">Phone</dt>
          <dd>{complaint.phone ?? "None given"}</dd>
          {(complaint.lead || complaint.email || complaint.phone) && (
            <>
              <dt className="font-semibold">The person</dt>
              <dd>
                <Link
                  to={
                    complaint.email || complaint.phone || !complaint.lead
                      ? personPath("complaint", complaint.id)
                      : personPath(complaint.lead.kind, complaint.lead.id)
                  }
                  className={textLinkClass}
                  data-testid="complaint-person"
                >
                  Everything held about {complaint.name}
                </Link>
              </dd>
            </>
          )}
          <dt className="font-semibold">In their words</dt>
          <dd className="whitespace-pre-wrap break-words">{complaint.words}</dd>
          {complaint.wanted && (
            <>
              <dt className="font-semibold">What they would like</dt>
              <dd className="whitespace-pre-wrap break-words">{complaint.wanted}</dd>
            </>
          )}
          {complaint.category && (
            <>
              <dt className="font-semibold">Category</dt>
              <dd>{COMPLAINT_CATEGORIES[complaint.category]}</dd>
            </>
          )}
          {complaint.rootCause && (
            <>
              <dt className="font-semibold">Root cause</dt>
              <dd>{COMPLAINT_ROOT_CAUSES[complaint.rootCause]}</dd>
            </>
          )}
        </dl>
        <h3 className="mt-4 font-bold text-slate-900">Its clock</h3>
        <ul className="mt-1 list-disc pl-6" data-testid="complaint-clock">
          {complaint.clock.map((line) => (
            <li key={line.label}>
              {line.label} {line.kind === "done" ? formatWhen(line.at) : endOfDay(line.at)}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="letters-heading" className="mt-8">
        <h2 id="letters-heading" className={h2Class}>
          Letters sent
        </h2>
        {complaint.letters.length === 0 ? (
          <p className="mt-3">No letter yet.</p>
        ) : (
          <ol className="mt-3 space-y-4">
            {complaint.letters.map((letter) => (
              <li key={letter.id} className="max-w-3xl rounded-lg border border-slate-300 p-4">
                <p className="font-semibold">
                  {`${COMPLAINT_LETTERS[letter.kind]}, ${
                    letter.postedOn
                      ? `posted on ${dayInWords(letter.postedOn)}`
                      : `${formatWhen(letter.sentAt)}, to ${letter.sentTo}`
                  }${letter.sentByName ? `, by ${letter.sentByName}` : ""}`}
                </p>
                <details className="mt-2">
                  <summary className="cursor-pointer text-brand-700 underline">{letter.subject}</summary>
                  <p className="mt-2 whitespace-pre-wrap break-words">{letter.body}</p>
                </details>
              </li>
            ))}
          </ol>
        )}
      </section>

      {letterKinds.length > 0 && (
        <section aria-labelledby="write-heading" className="mt-8 max-w-3xl">
          <h2 id="write-heading" className={h2Class}>
            {byPost ? "Write a letter to post" : "Write a letter"}
          </h2>
          {byPost && (
            <p className="mt-2 text-slate-700">
              They gave no email address: each letter is printed, posted, and then recorded here as posted, which moves
              its clock as sending would.
            </p>
          )}
          <Form method="get" className="mt-3 flex flex-wrap items-end gap-3">
            <SelectField
              id="letter"
              name="letter"
              label="Letter"
              defaultValue={draft?.kind ?? letterKinds[0]}
              options={Object.fromEntries(letterKinds.map((kind) => [kind, COMPLAINT_LETTERS[kind]]))}
            />
            <SelectField
              id="outcome"
              name="outcome"
              label="Outcome (final response)"
              defaultValue={draft?.outcome ?? "upheld"}
              options={COMPLAINT_OUTCOMES}
            />
            <Button type="submit" variant="secondary" size="sm">
              Start from its template
            </Button>
          </Form>
          {draft && preview && check && (
            <LetterPreview
              preview={preview}
              name={complaint.name}
              check={check}
              cancel={`/staff/complaints/${complaint.id}`}
            />
          )}
          {draft && (
            <Form method="post" className="mt-6 space-y-4" aria-labelledby="draft-heading">
              <h3 id="draft-heading" className="font-bold text-slate-900">
                {preview ? "Change the letter" : COMPLAINT_LETTERS[draft.kind]}{" "}
                {byPost ? `to post to ${complaint.name}` : `to ${complaint.email}`}
              </h3>
              <ErrorSummary
                autoFocus
                problems={[
                  ...(letterErrors.subject ? [{ targetId: "letter-subject", message: letterErrors.subject }] : []),
                  ...(letterErrors.body ? [{ targetId: "letter-body", message: letterErrors.body }] : []),
                ]}
              />
              {!byPost && <input type="hidden" name="intent" value="send" />}
              <input type="hidden" name="kind" value={draft.kind} />
              <input type="hidden" name="version" value={complaint.version} />
              <TextField
                id="letter-subject"
                name="subject"
                label="Subject"
                defaultValue={draft.letter.subject}
                maxLength={200}
                error={letterErrors.subject}
              />
              <div>
                <label htmlFor="letter-body" className={fieldLabelClass("normal")}>
                  The letter, as it will be sent
                </label>
                <p id="letter-body-hint" className="mt-1 text-sm text-slate-600">
                  Write the parts in square brackets. Keep the Ombudsman's details and time limits as they are.
                </p>
                <textarea
                  id="letter-body"
                  name="body"
                  rows={20}
                  defaultValue={draft.letter.body}
                  aria-invalid={letterErrors.body ? true : undefined}
                  aria-describedby={letterErrors.body ? "letter-body-hint letter-body-error" : "letter-body-hint"}
                  className={cn(controlClass, "mt-1.5 font-mono text-sm")}
                />
                <FieldError id="letter-body-error" error={letterErrors.body} />
              </div>
              {byPost ? (
                <Button type="submit" name="intent" value="print">
                  Show it ready to print
                </Button>
              ) : (
                <Button type="submit" variant={preview ? "secondary" : undefined}>
                  {preview ? "Preview it again" : "Preview the letter"}
                </Button>
              )}
            </Form>
          )}
        </section>
      )}

      {canClose && (
        <section aria-labelledby="close-heading" className="mt-8 max-w-3xl">
          <h2 id="close-heading" className={h2Class}>
            Close the complaint
          </h2>
          <Form method="post" className="mt-3 grid gap-4 sm:grid-cols-2">
            <ErrorSummary
              className="sm:col-span-2"
              autoFocus
              problems={(["outcome", "redress", "category", "rootCause"] as const).flatMap((field) =>
                closeErrors[field] ? [{ targetId: `close-${field}`, message: closeErrors[field] as string }] : [],
              )}
            />
            <input type="hidden" name="intent" value="close" />
            <input type="hidden" name="version" value={complaint.version} />
            <SelectField
              id="close-outcome"
              name="outcome"
              label="Outcome"
              options={COMPLAINT_OUTCOMES}
              defaultValue={closeValues.outcome}
              placeholder="Choose"
              error={closeErrors.outcome}
            />
            <TextField
              id="close-redress"
              name="redress"
              label="Redress paid (£)"
              hint="0 if none"
              inputMode="decimal"
              defaultValue={closeValues.redress}
              error={closeErrors.redress}
            />
            <SelectField
              id="close-category"
              name="category"
              label="Category"
              options={COMPLAINT_CATEGORIES}
              defaultValue={closeValues.category}
              placeholder="Choose"
              error={closeErrors.category}
            />
            <SelectField
              id="close-rootCause"
              name="rootCause"
              label="Root cause"
              options={COMPLAINT_ROOT_CAUSES}
              defaultValue={closeValues.rootCause}
              placeholder="Choose"
              error={closeErrors.rootCause}
            />
            <div className="sm:col-span-2">
              <Button type="submit">Close the complaint</Button>
            </div>
          </Form>
        </section>
      )}

      <section aria-labelledby="ombudsman-heading" className="mt-8 max-w-3xl">
        <h2 id="ombudsman-heading" className={h2Class}>
          The Financial Ombudsman Service
        </h2>
        <p className="mt-2">
          {complaint.referral
            ? `Referred on ${dayInWords(complaint.referral.day)}: ${OMBUDSMAN_RESULTS[complaint.referral.result].toLowerCase()}.`
            : "Not referred, as far as we know."}
        </p>
        <Form method="post" className="mt-3 grid gap-4 sm:grid-cols-2" aria-label="Record a referral to the Ombudsman">
          <input type="hidden" name="intent" value="referral" />
          <input type="hidden" name="version" value={complaint.version} />
          <TextField
            id="referral-day"
            name="referredOn"
            type="date"
            label="Referred on"
            defaultValue={complaint.referral?.day ?? ""}
            error={referralErrors.referredOn}
          />
          <SelectField
            id="referral-result"
            name="result"
            label="The Ombudsman's decision"
            defaultValue={complaint.referral?.result ?? "pending"}
            options={OMBUDSMAN_RESULTS}
            error={referralErrors.result}
          />
          <div className="sm:col-span-2">
            <Button type="submit" variant="secondary">
              Save the referral
            </Button>
          </div>
        </Form>
      </section>

      {complaint.closedAt && (
        <Form method="post" className="mt-8">
          <input type="hidden" name="intent" value="reopen" />
          <input type="hidden" name="version" value={complaint.version} />
          <Button type="submit" variant="secondary">
            Reopen the complaint
          </Button>
        </Form>
      )}
    </>
  );
}

/**
 * The email a letter will be sent as, drawn as the outbox renders it (in a frame that runs
 * nothing and reaches nothing), then its check step.
 */
function LetterPreview({
  preview,
  name,
  check,
  cancel,
}: {
  preview: NonNullable<ComplaintPageProps["preview"]>;
  name: string;
  check: CheckStepView;
  cancel: string;
}) {
  // Drawn in answer to "Preview the letter": the preview's heading takes the focus, as the check step's would.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <section aria-labelledby="preview-heading" className="mt-6">
      <h3 ref={heading} id="preview-heading" tabIndex={-1} className="font-bold text-slate-900">
        {`The email as ${name} will receive it`}
      </h3>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3">
        <dt className="font-semibold">To</dt>
        <dd className="break-all">{preview.to}</dd>
        <dt className="font-semibold">Subject</dt>
        <dd>{preview.subject}</dd>
      </dl>
      <iframe
        title={`The email to ${name}, as it will be sent`}
        srcDoc={preview.html}
        sandbox=""
        className="mt-2 h-[36rem] w-full rounded-lg border border-slate-300 bg-white"
      />
      <CheckStep {...check} cancel={cancel} id="letter-check" />
    </section>
  );
}

/**
 * A letter ready to print (only the letter prints: the console's frame and this page's
 * controls are hidden from the printer), headed with the firm's details, the complainant's
 * name and a blank for their postal address (the firm holds none), dated today; under it,
 * the form that records it as posted on a day, carrying the letter exactly as printed.
 */
function PrintableLetter({
  complaint,
  firm,
  printable,
  notice,
}: {
  complaint: ComplaintView;
  firm: Letterhead;
  printable: Printable;
  notice: ComplaintPageProps["notice"];
}) {
  const paragraphs = printable.letter.body.split(/\n[ \t]*\n/).filter((p) => p.trim());
  return (
    <>
      <div className="print:hidden">
        <p>
          <Link to={`/staff/complaints/${complaint.id}`} className={textLinkClass}>
            Back to complaint {complaint.reference}
          </Link>
        </p>
        <h1 className="mt-2 text-2xl font-bold text-slate-900">
          {COMPLAINT_LETTERS[printable.kind]} to {complaint.name}, ready to print
        </h1>
        <p className="mt-2 max-w-3xl text-slate-700">
          Print this page (Ctrl+P, or ⌘P on a Mac): only the letter is printed. Write their address in the space left
          for it, post it, then record it as posted below.
        </p>
        {notice && (
          <div className="mt-4">
            <Notice tone={notice.tone}>{notice.text}</Notice>
          </div>
        )}
      </div>
      <article
        aria-label="The letter as it will be printed"
        data-testid="printable-letter"
        className="mt-6 max-w-3xl rounded-lg border border-slate-300 bg-white p-8 text-slate-900 print:mt-0 print:border-0 print:p-0"
      >
        <div className="text-right">
          <p className="font-bold">{firm.brandName}</p>
          <p>{firm.companyName}</p>
          {firm.registeredAddress.split(/,\s*/).map((line) => (
            <p key={line}>{line}</p>
          ))}
          <p>{firm.phone}</p>
          <p>{firm.contactEmail}</p>
        </div>
        <div className="mt-8" data-testid="letter-address">
          <p>{complaint.name}</p>
          <p className="sr-only">Their postal address is to be written in here.</p>
          {[0, 1, 2, 3].map((line) => (
            <div key={line} aria-hidden="true" className="h-8 max-w-xs border-b border-slate-400" />
          ))}
        </div>
        <p className="mt-8">{dayInWords(printable.today)}</p>
        <p className="mt-6 font-bold">{printable.letter.subject}</p>
        {paragraphs.map((paragraph, index) => (
          // The letter's own paragraphs, in order; two may read the same.
          // biome-ignore lint/suspicious/noArrayIndexKey: a printed letter's paragraphs never move
          <p key={index} className="mt-4 whitespace-pre-wrap break-words">
            {paragraph.trim()}
          </p>
        ))}
      </article>
      <Form
        method="post"
        className="mt-6 max-w-2xl space-y-4 rounded-lg border-2 border-brand-700 p-4 print:hidden"
        aria-labelledby="post-check"
      >
        <ErrorSummary
          autoFocus
          problems={printable.postedOnError ? [{ targetId: "posted-on", message: printable.postedOnError }] : []}
        />
        <h2 id="post-check" className="text-lg font-bold text-slate-900">
          {printable.check.title}
        </h2>
        <p>{printable.check.what}</p>
        <ul className="list-disc pl-6" data-testid="check-step-whom">
          {printable.check.whom.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <input type="hidden" name="intent" value="post" />
        <input type="hidden" name="confirm" value="yes" />
        <input type="hidden" name="kind" value={printable.kind} />
        <input type="hidden" name="version" value={complaint.version} />
        <input type="hidden" name="subject" value={printable.letter.subject} />
        <input type="hidden" name="body" value={printable.letter.body} />
        <TextField
          id="posted-on"
          name="postedOn"
          type="date"
          label="Posted on"
          hint="The day it went in the post: its clock counts from that day."
          defaultValue={printable.postedOn ?? printable.today}
          max={printable.today}
          error={printable.postedOnError}
          className="max-w-xs"
        />
        <div className="flex flex-wrap items-center gap-4">
          <Button type="submit">{printable.check.confirm}</Button>
          <Link to={`/staff/complaints/${complaint.id}`} className={textLinkClass}>
            Cancel
          </Link>
        </div>
      </Form>
    </>
  );
}
