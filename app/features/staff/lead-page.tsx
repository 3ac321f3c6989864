import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { controlClass } from "~/components/ui/field";
import { NOTE_MAX_LENGTH } from "~/domain/field-limits";
import { formatPercent, formatPounds, formatTerm } from "~/domain/finance";
import { NEXT_ACTION_LABELS } from "~/domain/callback-choice";
import { CALL_OUTCOME_LABELS, CLOSE_REASON_LABELS, type TimelineEvent } from "~/domain/lead-work";
import { LEAD_KIND_LABELS, LEAD_STATUS_LABELS, TRIAGE_FLAG_LABELS, type TriageFlag } from "~/domain/leads";
import { caseMoveProblem } from "~/domain/lead-cases";
import { PRODUCT_KINDS } from "~/domain/lender-products";
import { optionLabel } from "~/domain/options";
import { formatWhen, leadPath, money, personPath, reference, telHref } from "./format";
import { CaseSection, canStartCase, StartCaseForm } from "./case-section";
import { type HistoryInput, leadHistory, sentEmailsOf } from "./lead-history";
import type { Permission } from "~/domain/permissions";
import { type CaseView, type LeadView, lendersThatDeclined, type PanelView } from "./lead-view";
import { CallForm, NextActionForm, type Refusal } from "./lead-work-forms";
import { StatusForm } from "./lead-status-form";
import type { CheckStepView } from "~/components/console/check-step";
import { AssignUndoForm, type AssignUndoView } from "./assign-undo-form";
import { LeadWalk, type LeadWalkView } from "./lead-walk";
import { CorrectionChanges, CorrectionForm, correctionHeading, ShownFiguresNote } from "./lead-corrections";
import { Notice } from "./staff-frame";
import { NeedsSection, type NeedsView } from "./needs/needs-section";

export interface LeadEmail {
  subject: string;
  to: string;
  /** The plain-text body, shown on the timeline once sent. */
  text: string;
  /** A reminder not sent because its call-back moved before its time. */
  skipped: boolean;
  status: "pending" | "done" | "dead";
  attempts: number;
  queuedAt: string;
  sentAt: string | null;
}

export interface LeadPageProps {
  lead: LeadView;
  timeline: TimelineEvent<string>[];
  emails: LeadEmail[];
  /** The borrower's call-back choice stored on the lead and when they made it; null when they have not chosen. */
  borrowerChoice: HistoryInput["borrowerChoice"];
  staff: { id: string; name: string }[];
  /** The lender panel held against the lead's answers; null for a contact message. */
  panel: PanelView | null;
  /** The lead's case with a lender (its latest); null when none was started. */
  leadCase: CaseView | null;
  /** The cases lenders declined before the latest, latest first (docs/decisions/256). */
  earlierCases: CaseView[];
  viewerId: string;
  /** What the member's roles allow (DECISIONS D25): what they may not do is not offered. */
  can: readonly Permission[];
  notice: { tone: "error" | "success"; text: string } | null;
  /** A refused post: its form is drawn again with what was typed. */
  refusal?: Refusal | null;
  /** The lead's needs record (DECISIONS D28); null when it has none or the member may not read it. */
  needs?: NeedsView | null;
  /** The check step a closing status move answered with (DECISIONS D31). */
  statusCheck?: CheckStepView | null;
  /** The Undo of the assignment just saved, while the lead is as it left it (DECISIONS D31). */
  assignUndo?: AssignUndoView | null;
  /** The inbox list the lead was opened from, with its previous and next leads; null when opened otherwise. */
  walk?: LeadWalkView | null;
}

const EMAIL_STATES: Record<LeadEmail["status"], string> = {
  pending: "Waiting to send",
  done: "Sent",
  dead: "Failed: gave up after retries",
};

/** Whether the visitor had accepted advertising cookies when sending the lead (DECISIONS D23). */
const AD_CONSENT_LABELS: Record<string, string> = {
  true: "Accepted: a completion may be reported to Google Ads",
  false: "Not accepted: never reported to Google Ads",
  null: "Not recorded",
};

const sectionClass = "mt-8";
const h2Class = "text-xl font-bold text-slate-900";
/**
 * Label and value side by side from a small tablet up; on a phone the value goes under
 * its label, so a long email address or landing URL wraps instead of running off the
 * right edge (the value column may shrink below its longest word: minmax(0, 1fr)).
 */
const pairsClass = "mt-3 grid gap-x-6 sm:grid-cols-[auto_minmax(0,1fr)] sm:gap-y-2";
const termClass = "font-semibold max-sm:mt-2";
const valueClass = "[overflow-wrap:anywhere]";

/** A flag as the adviser reads it: the duplicate flag names the lead it repeats and links to it. */
function FlagText({ flag, lead }: { flag: TriageFlag; lead: LeadView }) {
  const earlier = lead.duplicateOf;
  if (flag !== "duplicate" || !earlier) return <>{TRIAGE_FLAG_LABELS[flag]}</>;
  return (
    <>
      Duplicate of{" "}
      <Link to={leadPath(earlier.kind, earlier.id)} className="font-mono underline">
        {reference(earlier.id)}
      </Link>{" "}
      ({LEAD_KIND_LABELS[earlier.kind].toLowerCase()}, {formatWhen(earlier.receivedAt)}):{" "}
      <Link to={personPath(lead.kind, lead.id)} className="underline">
        everyone matching
      </Link>
    </>
  );
}

/** A planned next action in words: "Next action: Call back, 26 Nov 2026, 10:00", or none. */
const nextActionText = (e: TimelineEvent<string>) =>
  e.nextActionKind && e.nextActionAt
    ? `Next action: ${NEXT_ACTION_LABELS[e.nextActionKind]}, ${formatWhen(e.nextActionAt)}`
    : "No next action";

function describeEvent(e: TimelineEvent<string>) {
  if (e.type === "status" && e.fromStatus && e.toStatus) {
    const reason = e.reason ? ` (${CLOSE_REASON_LABELS[e.reason].replace(/ \(say why in the note\)$/, "")})` : "";
    return `Status: ${LEAD_STATUS_LABELS[e.fromStatus]} → ${LEAD_STATUS_LABELS[e.toStatus]}${reason}`;
  }
  if (e.type === "assignment") return e.assigneeName ? `Assigned to ${e.assigneeName}` : "Unassigned";
  if (e.type === "call") return `Call: ${e.outcome ? CALL_OUTCOME_LABELS[e.outcome] : "logged"}. ${nextActionText(e)}`;
  if (e.type === "next-action") return nextActionText(e);
  // A case's move keeps its words (the figures as they were) in the event's note.
  if (e.type === "case") return `Case: ${e.note ?? "moved on"}`;
  if (e.type === "correction") return correctionHeading(e.changes ?? [], e.actorName);
  return "Note";
}

const PANEL_COLUMNS = ["Lender", "Product", "Rate", "Monthly payment", "Total payable", "Term"];
/** A cell of the panel's table; on a phone, a line that starts with its column's name. */
const panelCellClass =
  "px-2 py-2 max-sm:block max-sm:px-0 max-sm:py-0.5 max-sm:before:font-semibold max-sm:before:content-[attr(data-label)_':_']";

/**
 * The products that fit, best rate first, and (folded) those that do not, each with its
 * first reason. While the lead may start a case, each product that fits offers "Start a case".
 */
function PanelSection({
  panel,
  lead,
  leadCase,
  earlierCases,
  busy,
  work,
}: {
  panel: PanelView;
  lead: LeadView;
  leadCase: CaseView | null;
  earlierCases: CaseView[];
  busy: boolean;
  work: boolean;
}) {
  const starting = work && canStartCase(lead, leadCase);
  const declinedBy = lendersThatDeclined([leadCase, ...earlierCases]);
  // None yet, or the last declined: what stops a new case, if anything.
  const caseOpen = leadCase && leadCase.stage !== "declined";
  const notYet = caseOpen ? null : caseMoveProblem(lead, leadCase?.stage ?? null, "application-sent");
  return (
    <section aria-labelledby="panel-heading" className={sectionClass} data-testid="panel-match">
      <h2 id="panel-heading" className={h2Class}>
        Lender panel
      </h2>
      {notYet && panel.fits.length > 0 && <p className="mt-3">{notYet}.</p>}
      {caseOpen && <p className="mt-3">This lead's case is with {leadCase.product.lender}: see its stage above.</p>}
      {panel.live === 0 ? (
        <p className="mt-3">
          There are no live products on the panel yet:{" "}
          <Link to="/staff/lenders" className="font-semibold text-brand-700 underline">
            add them to the lender panel
          </Link>
          .
        </p>
      ) : panel.fits.length === 0 ? (
        <p className="mt-3 font-semibold" data-testid="panel-no-match">
          No live product fits these answers: the answer is likely a referral or a no.
        </p>
      ) : (
        // On a phone each product is a block of labelled lines (the header row's words
        // come before each value), so no figure runs off the right edge.
        <table className="mt-3 w-full border-collapse text-left text-sm max-sm:block" data-testid="panel-fits">
          <caption className="text-left font-semibold max-sm:block">Products that fit, best rate first</caption>
          <thead className="max-sm:hidden">
            <tr className="border-b-2 border-slate-400">
              {(starting ? [...PANEL_COLUMNS, "Case"] : PANEL_COLUMNS).map((h) => (
                <th key={h} scope="col" className="px-2 py-2 font-semibold">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="max-sm:block">
            {panel.fits.map((f) => (
              <tr key={f.productId} className="border-b border-slate-200 align-top max-sm:block max-sm:py-2">
                <td data-label="Lender" className={cn(panelCellClass, "font-semibold")}>
                  {f.lender}
                  {declinedBy.has(f.lender) && (
                    <span className="block font-normal text-red-800" data-testid="panel-declined">
                      Declined this lead {formatWhen(declinedBy.get(f.lender) as string)}
                    </span>
                  )}
                </td>
                <td data-label="Product" className={panelCellClass}>
                  {f.productName} <span className="text-slate-700">({optionLabel(PRODUCT_KINDS, f.kind)})</span>
                </td>
                <td data-label="Rate" className={cn(panelCellClass, "sm:whitespace-nowrap")}>
                  {formatPercent(f.ratePercent)} fixed
                </td>
                <td data-label="Monthly payment" className={cn(panelCellClass, "sm:whitespace-nowrap")}>
                  {formatPounds(f.monthlyPayment, { pence: true })}
                </td>
                <td data-label="Total payable" className={cn(panelCellClass, "sm:whitespace-nowrap")}>
                  {formatPounds(f.totalPayable, { pence: true })}
                  {f.feePounds > 0 && (
                    <span className="text-slate-700 sm:block">
                      {" "}
                      with the {formatPounds(f.feePounds, { pence: true })} fee
                    </span>
                  )}
                </td>
                <td data-label="Term" className={cn(panelCellClass, "sm:whitespace-nowrap")}>
                  {formatTerm(f.termMonths)}
                </td>
                {starting && (
                  <td className={cn(panelCellClass, "max-sm:before:content-none")}>
                    <StartCaseForm
                      productId={f.productId}
                      name={`${f.lender}, ${f.productName}`}
                      caseVersion={leadCase?.version ?? 0}
                      busy={busy}
                    />
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {panel.misses.length > 0 && (
        <details className="mt-4" data-testid="panel-misses">
          <summary className="cursor-pointer font-semibold text-brand-700 underline">
            Products that do not fit ({panel.misses.length})
          </summary>
          <ul className="mt-2 space-y-2">
            {panel.misses.map((m) => (
              <li key={m.productId}>
                <strong>
                  {m.lender}, {m.productName}
                </strong>
                : {m.reason}.
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}

export function LeadPage({
  lead,
  timeline,
  emails,
  borrowerChoice,
  staff,
  panel,
  leadCase,
  earlierCases,
  viewerId,
  can,
  notice,
  refusal = null,
  walk = null,
  needs = null,
  statusCheck = null,
  assignUndo = null,
}: LeadPageProps) {
  const work = can.includes("leads.work");
  const assignOthers = can.includes("leads.assign");
  // Without leads.assign a member takes a lead or hands their own back; a colleague's is the manager's to move.
  const assignable = assignOthers ? staff : staff.filter((s) => s.id === viewerId);
  const assignedElsewhere = !assignOthers && lead.assigneeId !== null && lead.assigneeId !== viewerId;
  const busy = useNavigation().state === "submitting";
  const open = lead.status === "new" || lead.status === "contacted" || lead.status === "in-progress";
  const figures = lead.figures;
  const history = leadHistory({
    arrival: { at: lead.receivedAt, kindLabel: lead.kindLabel },
    borrowerChoice,
    emails: sentEmailsOf(emails),
    staff: timeline,
  });
  return (
    <>
      <LeadWalk walk={walk} />
      <h1 className="mt-3 text-2xl font-bold text-slate-900 [overflow-wrap:anywhere]">
        {lead.name} <span className="font-mono text-lg text-slate-700">({reference(lead.id)})</span>
      </h1>
      {/* A record first, before the phone number: nobody calls a borrower who asked for email (DECISIONS D28). */}
      {needs && <NeedsSection needs={needs} record={can.includes("needs.record")} refusal={refusal} busy={busy} />}
      <dl aria-label="Reach the borrower" className={pairsClass} data-testid="lead-contact">
        <dt className={termClass}>Phone</dt>
        <dd className={valueClass}>
          <a href={telHref(lead.phone)} className="font-semibold text-brand-700 underline" data-testid="lead-phone">
            {lead.phone}
          </a>
        </dd>
        <dt className={termClass}>Email</dt>
        <dd className={valueClass}>
          <a href={`mailto:${lead.email}`} className="font-semibold text-brand-700 underline">
            {lead.email}
          </a>
        </dd>
        {lead.loanAmount !== null && (
          <>
            <dt className={termClass}>Amount</dt>
            <dd className={valueClass}>{money(lead.loanAmount)}</dd>
          </>
        )}
      </dl>
      <p className="mt-2">
        <Link to={personPath(lead.kind, lead.id)} className="font-semibold text-brand-700 underline">
          Everyone with this email or phone
        </Link>
        {can.includes("complaints.handle") && (
          <>
            {" · "}
            <Link
              to={`/staff/complaints/new?${new URLSearchParams({ lead: `${lead.kind}:${lead.id}` })}`}
              className="font-semibold text-brand-700 underline"
              data-testid="record-complaint"
            >
              {lead.kind === "contact" ? "This is a complaint" : "Record a complaint from them"}
            </Link>
          </>
        )}
      </p>
      <p className="mt-3 text-slate-700">
        {lead.kindLabel} received {formatWhen(lead.receivedAt)}. Status:{" "}
        <strong data-testid="lead-status">{LEAD_STATUS_LABELS[lead.status]}</strong>.
      </p>
      {(lead.callback || lead.nextAction) && (
        <p className="mt-1 text-slate-700">
          {lead.callback && (
            <>
              Call back: <strong data-testid="lead-callback">{lead.callback}</strong>.{" "}
            </>
          )}
          {lead.nextAction && (
            <>
              Next action: <strong data-testid="lead-next-action">{lead.nextAction.label}</strong>,{" "}
              {formatWhen(lead.nextAction.at)}.
            </>
          )}
        </p>
      )}
      <p className="mt-1 text-slate-700" data-testid="lead-first-contact">
        {lead.firstContactedAt ? `First called ${formatWhen(lead.firstContactedAt)}.` : "Not called yet."}
      </p>
      {lead.flags.length > 0 && (
        <ul aria-label="Triage flags" className="mt-3 flex flex-wrap gap-2">
          {lead.flags.map((f) => (
            <li key={f} className="rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-900">
              <FlagText flag={f} lead={lead} />
            </li>
          ))}
        </ul>
      )}
      {notice && (
        <div className="mt-4">
          <Notice tone={notice.tone}>{notice.text}</Notice>
          {assignUndo && notice.tone === "success" && <AssignUndoForm undo={assignUndo} busy={busy} />}
        </div>
      )}

      {/* None yet: a line and its form below the number, which stays on a phone's first screen (decision 313). */}
      {!needs && can.includes("needs.read") && (
        <NeedsSection needs={null} record={can.includes("needs.record")} refusal={refusal} busy={busy} />
      )}

      {work && (
        <section
          aria-labelledby="work-heading"
          className={cn(sectionClass, "grid gap-6 rounded-lg border border-slate-300 p-4 md:grid-cols-3")}
        >
          <h2 id="work-heading" className="sr-only">
            Work this lead
          </h2>
          <div className="grid gap-6 md:col-span-3 md:grid-cols-2">
            {/* Drawn afresh once a save moves the lead on, so a logged call's answers do not linger. */}
            <CallForm key={`call-${lead.version}`} lead={lead} refusal={refusal} busy={busy} />
            {open ? (
              <NextActionForm key={`next-${lead.version}`} lead={lead} refusal={refusal} busy={busy} />
            ) : (
              <p>This lead is closed, so it has no next action. Reopen it to plan one.</p>
            )}
          </div>
          <StatusForm key={`status-${lead.version}`} lead={lead} refusal={refusal} busy={busy} check={statusCheck} />
          {assignedElsewhere ? (
            <p data-testid="lead-assignee">
              Assigned to {staff.find((s) => s.id === lead.assigneeId)?.name ?? "a colleague"}: a manager may move it.
            </p>
          ) : (
            // Drawn afresh once a save (or its undo) moves the lead on, so the menu shows who has it now.
            <Form key={`assign-${lead.version}`} method="post" className="space-y-3">
              <input type="hidden" name="intent" value="assign" />
              <input type="hidden" name="version" value={lead.version} />
              <label htmlFor="assignee" className="block font-semibold">
                Assigned to
              </label>
              <select id="assignee" name="assignee" defaultValue={lead.assigneeId ?? ""} className={controlClass}>
                <option value="">No one</option>
                {assignable.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.id === viewerId ? `${s.name} (me)` : s.name}
                  </option>
                ))}
              </select>
              <Button type="submit" variant="secondary" size="sm" disabled={busy}>
                Save assignment
              </Button>
            </Form>
          )}
          <Form method="post" className="space-y-3">
            <input type="hidden" name="intent" value="note" />
            <label htmlFor="note" className="block font-semibold">
              Add a note
            </label>
            <textarea id="note" name="note" rows={3} maxLength={NOTE_MAX_LENGTH} required className={controlClass} />
            <Button type="submit" variant="secondary" size="sm" disabled={busy}>
              Add note
            </Button>
          </Form>
        </section>
      )}

      {leadCase && (
        <CaseSection
          lead={lead}
          leadCase={leadCase}
          earlierCases={earlierCases}
          refusal={refusal}
          busy={busy}
          work={work}
          changeCommission={can.includes("commission.change")}
        />
      )}
      {panel && (
        <PanelSection
          panel={panel}
          lead={lead}
          leadCase={leadCase}
          earlierCases={earlierCases}
          busy={busy}
          work={work}
        />
      )}

      <div className="grid gap-8 lg:grid-cols-2">
        <section aria-labelledby="answers-heading" className={sectionClass}>
          <h2 id="answers-heading" className={h2Class}>
            Answers
          </h2>
          <dl className={pairsClass}>
            {lead.answers.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className={termClass}>{label}</dt>
                <dd className={cn("whitespace-pre-wrap", valueClass)}>{value}</dd>
              </div>
            ))}
          </dl>
          {can.includes("leads.correct") && <CorrectionForm lead={lead} refusal={refusal} busy={busy} />}
        </section>

        <div>
          {figures && (
            <section aria-labelledby="figures-heading" className={sectionClass}>
              <h2 id="figures-heading" className={h2Class}>
                Figures
              </h2>
              <dl className={pairsClass}>
                <dt className={termClass}>Loan to value</dt>
                <dd className={valueClass}>
                  {figures.ltv === null ? "No property value" : formatPercent(figures.ltv)}
                </dd>
                {figures.promotionVersion !== undefined && (
                  <>
                    <dt className={termClass}>Quoted on</dt>
                    <dd className={valueClass}>
                      {figures.promotionVersion === null
                        ? "The figures before any promotion version"
                        : `Promotion version ${figures.promotionVersion}`}
                    </dd>
                  </>
                )}
                {figures.rated && (
                  <>
                    <dt className={termClass}>Indicative rate</dt>
                    <dd className={valueClass}>
                      {figures.indicativeRate === null
                        ? "None for these answers"
                        : formatPercent(figures.indicativeRate)}
                    </dd>
                    <dt className={termClass}>Monthly payment (60 months)</dt>
                    <dd className={valueClass}>
                      {figures.monthlyPayment === null
                        ? "None for these answers"
                        : formatPounds(figures.monthlyPayment, { pence: true })}
                    </dd>
                  </>
                )}
              </dl>
              {figures.shown && <ShownFiguresNote shown={figures.shown} />}
              {!figures.rated && (
                <p className="mt-3 text-sm">The quick check asks no term and works out no rate or payment.</p>
              )}
              {figures.example && (
                <p className="mt-3 text-sm">
                  Representative example: borrowing {formatPounds(figures.example.amount)} over{" "}
                  {figures.example.termMonths} months at {formatPercent(figures.example.annualRatePercent)} fixed, with
                  no fees: {figures.example.numberOfInstalments} monthly payments of{" "}
                  {formatPounds(figures.example.monthlyPayment, { pence: true })}, total payable{" "}
                  {formatPounds(figures.example.totalPayable, { pence: true })}.
                </p>
              )}
            </section>
          )}

          <section aria-labelledby="source-heading" className={sectionClass}>
            <h2 id="source-heading" className={h2Class}>
              Where it came from
            </h2>
            <dl className={pairsClass}>
              <dt className={termClass}>Landing page</dt>
              <dd className="break-all">{lead.landingPageUrl ?? "Not recorded"}</dd>
              <dt className={termClass}>Campaign</dt>
              <dd className={valueClass}>
                {lead.campaign
                  ? `${lead.campaign.source || "no source"} / ${lead.campaign.campaign || "no campaign"}`
                  : "None"}
              </dd>
              <dt className={termClass}>Advert click id</dt>
              <dd className="break-all">{lead.clickId ? `${lead.clickId.name} ${lead.clickId.value}` : "None"}</dd>
              <dt className={termClass}>Advertising cookies</dt>
              <dd className={valueClass}>{AD_CONSENT_LABELS[String(lead.adConsent)]}</dd>
            </dl>
          </section>

          <section aria-labelledby="emails-heading" className={sectionClass}>
            <h2 id="emails-heading" className={h2Class}>
              Emails
            </h2>
            {emails.length === 0 ? (
              <p className="mt-3">No emails were queued for this lead.</p>
            ) : (
              <ul className="mt-3 space-y-2">
                {emails.map((m) => (
                  <li key={`${m.subject}-${m.queuedAt}`} className={valueClass}>
                    <strong>{m.subject}</strong> to {m.to}:{" "}
                    {m.skipped ? "Not sent: the call-back moved before its time" : EMAIL_STATES[m.status]}
                    {m.sentAt ? ` ${formatWhen(m.sentAt)}` : ""} ({m.attempts} attempt{m.attempts === 1 ? "" : "s"})
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      </div>

      <section aria-labelledby="timeline-heading" className={sectionClass}>
        <h2 id="timeline-heading" className={h2Class}>
          Timeline
        </h2>
        <ol className="mt-3 space-y-3" data-testid="timeline">
          {history.map((h) =>
            h.type === "staff" ? (
              <li key={h.key} className="border-l-4 border-brand-200 pl-3">
                <p className="font-semibold">{describeEvent(h.event)}</p>
                {h.event.note && h.event.type !== "case" && <p className="whitespace-pre-wrap">{h.event.note}</p>}
                {h.event.changes && <CorrectionChanges kind={lead.kind} changes={h.event.changes} />}
                <p className="text-sm text-slate-700">
                  {h.event.actorName ?? "Someone"}, {formatWhen(h.at)}
                </p>
              </li>
            ) : (
              <li key={h.key} className="border-l-4 border-slate-300 pl-3">
                <p className={cn("font-semibold", valueClass)}>{h.title}</p>
                {h.type === "email" && (
                  <details className="mt-1">
                    <summary className="cursor-pointer font-semibold text-brand-700 underline">Read the email</summary>
                    <pre className="mt-2 whitespace-pre-wrap rounded bg-slate-50 p-3 font-sans text-sm [overflow-wrap:anywhere]">
                      {h.email.text}
                    </pre>
                  </details>
                )}
                <p className="text-sm text-slate-700">
                  {h.type === "arrival" ? "From the website" : h.type === "borrower" ? "The borrower" : "The website"},{" "}
                  {formatWhen(h.at)}
                </p>
              </li>
            ),
          )}
        </ol>
      </section>
    </>
  );
}
