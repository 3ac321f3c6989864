import type { ReactNode } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { ErrorSummary } from "~/components/ui/error-summary";
import { controlClass, describedBy, FieldError, FieldHint, TextField } from "~/components/ui/field";
import { dayInWords } from "~/domain/calendar-day";
import { formatPercent, formatPounds, formatTerm } from "~/domain/finance";
import {
  CASE_FIELDS,
  CASE_NOTE_MAX_LENGTH,
  COMMISSION_CHANGE_FIELDS,
  type CaseStage,
  caseMoveProblem,
  LENDER_DECLINE_REASONS,
} from "~/domain/lead-cases";
import { formatWhen } from "./format";
import type { CaseView, LeadView } from "./lead-view";
import { commissionText } from "./lender-panel-page";
import type { Refusal } from "./lead-work-forms";

// The lead's case with a lender on its page (docs/decisions/230): the stage, the product,
// the figures so far, and the form for each move the stage allows; beneath it, the cases
// lenders declined before it, read-only (docs/decisions/256). Plain forms posting to
// the lead's route: each works before script; a refused post comes back with what was
// typed, an error summary and each problem beside its field (DECISIONS D24).

const h2Class = "text-xl font-bold text-slate-900";
const h3Class = "text-lg font-bold text-slate-900";
const pairsClass = "mt-3 grid gap-x-6 sm:grid-cols-[auto_minmax(0,1fr)] sm:gap-y-2";
const termClass = "font-semibold max-sm:mt-2";

/** The intent each stage's form posts. */
export const CASE_INTENT: Record<CaseStage, string> = {
  "application-sent": "case-start",
  "offer-received": "case-offer",
  completed: "case-complete",
  declined: "case-decline",
};

/** The intent of the form that corrects a completed case's commission. */
export const COMMISSION_INTENT = "case-commission";

const pence = (p: number) => formatPounds(p / 100, { pence: true });

/** What a refused case form posted and what was wrong with it, for the form it came from. */
function formState(refusal: Refusal | null, to: CaseStage) {
  const mine = refusal?.form === CASE_INTENT[to];
  return {
    values: (mine ? refusal?.values : undefined) ?? {},
    problems: (mine ? refusal?.problems : undefined) ?? {},
  };
}

/**
 * Whether the lead may start a case now (none yet, or its last one declined by the
 * lender): a fitting product's row then offers "Start a case".
 */
export function canStartCase(lead: LeadView, leadCase: CaseView | null): boolean {
  return caseMoveProblem(lead, leadCase?.stage ?? null, "application-sent") === null;
}

/**
 * "Start a case" beside a product that fits: the product's id and the version of the
 * lead's latest case as the page shows it (0: none), so a page drawn before someone
 * else's start is stale.
 */
export function StartCaseForm({
  productId,
  name,
  caseVersion,
  busy,
}: {
  productId: string;
  name: string;
  caseVersion: number;
  busy: boolean;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={CASE_INTENT["application-sent"]} />
      <input type="hidden" name="caseVersion" value={caseVersion} />
      <input type="hidden" name="productId" value={productId} />
      <Button type="submit" size="sm" variant="secondary" disabled={busy}>
        Start a case<span className="sr-only"> with {name}</span>
      </Button>
    </Form>
  );
}

function MoveForm({
  to,
  heading,
  leadCase,
  busy,
  submit,
  children,
  variant,
}: {
  to: CaseStage;
  heading: string;
  leadCase: CaseView;
  busy: boolean;
  submit: string;
  children: ReactNode;
  /** The lender's decline is the lesser path: its button is the secondary one. */
  variant?: "primary" | "secondary";
}) {
  const id = `case-${to}-heading`;
  return (
    <Form method="post" noValidate className="space-y-3" aria-labelledby={id} data-testid={`case-form-${to}`}>
      <h3 id={id} className={h3Class}>
        {heading}
      </h3>
      <input type="hidden" name="intent" value={CASE_INTENT[to]} />
      <input type="hidden" name="caseVersion" value={leadCase.version} />
      {children}
      <Button type="submit" size="sm" variant={variant} disabled={busy}>
        {submit}
      </Button>
    </Form>
  );
}

/**
 * A case form's field that TextField does not draw: a note (a textarea) or, given
 * choices, a select. Its label, hint and error are tied to the control as TextField ties
 * them (aria-describedby, aria-invalid). Here, not in ~/components/ui/field: every case
 * note has the same length limit and every choice starts with "Choose…".
 */
function CaseField({
  id,
  label,
  hint,
  error,
  defaultValue,
  choices,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  defaultValue?: string;
  choices?: readonly { value: string; label: string }[];
}) {
  const invalid = error ? true : undefined;
  const described = describedBy(id, hint, error);
  return (
    <div>
      <label htmlFor={id} className="block font-semibold text-slate-900">
        {label}
      </label>
      {hint && <FieldHint id={`${id}-hint`}>{hint}</FieldHint>}
      {choices ? (
        <select
          id={id}
          name={id}
          defaultValue={defaultValue ?? ""}
          className={controlClass}
          aria-invalid={invalid}
          aria-describedby={described}
        >
          <option value="">Choose…</option>
          {choices.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      ) : (
        <textarea
          id={id}
          name={id}
          rows={2}
          maxLength={CASE_NOTE_MAX_LENGTH}
          defaultValue={defaultValue}
          className={controlClass}
          aria-invalid={invalid}
          aria-describedby={described}
        />
      )}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

function OfferForm({ leadCase, refusal, busy }: { leadCase: CaseView; refusal: Refusal | null; busy: boolean }) {
  const { values, problems } = formState(refusal, "offer-received");
  return (
    <MoveForm to="offer-received" heading="Record the offer" submit="Record offer" leadCase={leadCase} busy={busy}>
      <TextField
        id="offerAmount"
        name="offerAmount"
        label="Amount offered (£)"
        inputMode="numeric"
        autoComplete="off"
        defaultValue={values.offerAmount}
        error={problems.offerAmount}
      />
      <TextField
        id="offerRate"
        name="offerRate"
        label="Rate (%)"
        inputMode="decimal"
        autoComplete="off"
        defaultValue={values.offerRate}
        error={problems.offerRate}
      />
      <TextField
        id="offerTerm"
        name="offerTerm"
        label="Term (months)"
        inputMode="numeric"
        autoComplete="off"
        defaultValue={values.offerTerm}
        error={problems.offerTerm}
      />
    </MoveForm>
  );
}

function CompletionForm({ leadCase, refusal, busy }: { leadCase: CaseView; refusal: Refusal | null; busy: boolean }) {
  const { values, problems } = formState(refusal, "completed");
  const terms = commissionText(leadCase.product.criteria);
  const onOffer =
    leadCase.offer && leadCase.commissionOnOffer !== null
      ? ` (${pence(leadCase.commissionOnOffer)} on the ${formatPounds(leadCase.offer.amount)} offered)`
      : "";
  const reasonHint = "Needed when the commission differs from the product's.";
  return (
    <MoveForm to="completed" heading="Record the completion" submit="Record completion" leadCase={leadCase} busy={busy}>
      <TextField
        id="completedAmount"
        name="completedAmount"
        label="Amount lent (£)"
        inputMode="numeric"
        autoComplete="off"
        defaultValue={values.completedAmount ?? (leadCase.offer ? String(leadCase.offer.amount) : "")}
        error={problems.completedAmount}
      />
      <TextField
        id="completedOn"
        name="completedOn"
        type="date"
        label="Completion date"
        hint="The day the lender paid out, UK time: today or earlier."
        defaultValue={values.completedOn}
        error={problems.completedOn}
      />
      <TextField
        id="commission"
        name="commission"
        label="Commission (£)"
        hint={`Leave empty for the product's own: ${terms}${onOffer}.`}
        inputMode="decimal"
        autoComplete="off"
        defaultValue={values.commission}
        error={problems.commission}
      />
      <CaseField
        id="commissionReason"
        label="Why the commission differs (if it does)"
        hint={reasonHint}
        defaultValue={values.commissionReason}
        error={problems.commissionReason}
      />
    </MoveForm>
  );
}

function DeclineForm({ leadCase, refusal, busy }: { leadCase: CaseView; refusal: Refusal | null; busy: boolean }) {
  const { values, problems } = formState(refusal, "declined");
  return (
    <MoveForm
      to="declined"
      heading="Record the lender's decline"
      submit="Record decline"
      variant="secondary"
      leadCase={leadCase}
      busy={busy}
    >
      <p className="text-sm text-slate-700">The lead is then declined too, with the lender's decline as its reason.</p>
      <CaseField
        id="declinedReason"
        label="Why the lender declined"
        choices={LENDER_DECLINE_REASONS}
        defaultValue={values.declinedReason}
        error={problems.declinedReason}
      />
      <CaseField
        id="declinedNote"
        label="Note (needed for other)"
        defaultValue={values.declinedNote}
        error={problems.declinedNote}
      />
    </MoveForm>
  );
}

/** A completed case's commission corrected: the new figure and, always, why. */
function CommissionChangeForm({
  leadCase,
  refusal,
  busy,
}: {
  leadCase: CaseView;
  refusal: Refusal | null;
  busy: boolean;
}) {
  const mine = refusal?.form === COMMISSION_INTENT;
  const values = (mine ? refusal?.values : undefined) ?? {};
  const problems = (mine ? refusal?.problems : undefined) ?? {};
  return (
    <Form
      method="post"
      noValidate
      className="mt-4 max-w-xl space-y-3 rounded-lg border border-slate-300 p-4"
      aria-labelledby="case-commission-heading"
      data-testid="case-form-commission"
    >
      <h3 id="case-commission-heading" className={h3Class}>
        Change the commission
      </h3>
      <p className="text-sm text-slate-700">When the lender paid another figure. The change and its reason are kept.</p>
      <input type="hidden" name="intent" value={COMMISSION_INTENT} />
      <input type="hidden" name="caseVersion" value={leadCase.version} />
      <TextField
        id="newCommission"
        name="newCommission"
        label="New commission (£)"
        inputMode="decimal"
        autoComplete="off"
        defaultValue={values.newCommission}
        error={problems.newCommission}
      />
      <CaseField
        id="changeReason"
        label="Why it changes"
        defaultValue={values.changeReason}
        error={problems.changeReason}
      />
      <Button type="submit" size="sm" variant="secondary" disabled={busy}>
        Change commission
      </Button>
    </Form>
  );
}

/** The problems of the case's form that was refused, in its fields' order, for the error summary. */
function refusedProblems(refusal: Refusal | null, leadCase: CaseView) {
  const stage = leadCase.next.find((s) => refusal?.form === CASE_INTENT[s]);
  const fields: readonly string[] | null = stage
    ? CASE_FIELDS[stage]
    : refusal?.form === COMMISSION_INTENT
      ? COMMISSION_CHANGE_FIELDS
      : null;
  const problems = refusal?.problems ?? {};
  return (fields ?? []).filter((f) => problems[f]).map((f) => ({ targetId: f, message: problems[f] as string }));
}

/** The cases lenders declined before the latest: lender, product, when, and why. */
function EarlierCases({ cases }: { cases: CaseView[] }) {
  return (
    <div className="mt-6" data-testid="earlier-cases">
      <h3 id="earlier-cases-heading" className={h3Class}>
        Earlier cases
      </h3>
      <ul className="mt-2 space-y-2" aria-labelledby="earlier-cases-heading">
        {cases.map((c) => (
          <li key={c.id}>
            <strong>
              {c.product.lender}, {c.product.productName}
            </strong>
            {c.product.retired ? " (now retired)" : ""}: application sent {formatWhen(c.applicationSentAt)}
            {c.decline ? `; declined by the lender ${formatWhen(c.decline.at)}: ${c.decline.reasonLabel}` : ""}.
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The case: where it stands, its figures, the forms for the moves it allows, and the cases before it. */
export function CaseSection({
  lead,
  leadCase,
  earlierCases,
  refusal,
  busy,
  work = true,
  changeCommission = true,
}: {
  lead: LeadView;
  leadCase: CaseView;
  earlierCases: CaseView[];
  refusal: Refusal | null;
  busy: boolean;
  /** The member works leads: the stages' forms are offered (DECISIONS D25). */
  work?: boolean;
  /** The member may change a commission after completion. */
  changeCommission?: boolean;
}) {
  const { product, offer, completion, decline } = leadCase;
  const blocked = leadCase.next[0] ? caseMoveProblem(lead, leadCase.stage, leadCase.next[0]) : null;
  const summary = refusedProblems(refusal, leadCase);
  return (
    <section aria-labelledby="case-heading" className="mt-8" data-testid="lead-case">
      <h2 id="case-heading" className={h2Class}>
        Case with the lender
      </h2>
      <ErrorSummary problems={summary} autoFocus className="mt-3" />
      <dl className={pairsClass}>
        <dt className={termClass}>Stage</dt>
        <dd data-testid="case-stage">{leadCase.stageLabel}</dd>
        <dt className={termClass}>Product</dt>
        <dd>
          {product.lender}, {product.productName}
          {product.retired ? " (now retired)" : ""}
        </dd>
        <dt className={termClass}>Application sent</dt>
        <dd>{formatWhen(leadCase.applicationSentAt)}</dd>
        {offer && (
          <>
            <dt className={termClass}>Offer</dt>
            <dd data-testid="case-offer">
              {formatPounds(offer.amount)} at {formatPercent(offer.ratePercent)} over {formatTerm(offer.termMonths)},
              received {formatWhen(offer.receivedAt)}
            </dd>
          </>
        )}
        {completion && (
          <>
            <dt className={termClass}>Lent</dt>
            <dd>
              {formatPounds(completion.amount)}, completed {dayInWords(completion.completedOn)}
            </dd>
            <dt className={termClass}>Commission earned</dt>
            <dd data-testid="case-commission">
              {pence(completion.commissionPence)}
              {completion.commissionReason
                ? ` (changed: ${completion.commissionReason})`
                : ` (the product's ${commissionText(product.criteria)})`}
            </dd>
          </>
        )}
        {decline && (
          <>
            <dt className={termClass}>Declined by the lender</dt>
            <dd>
              {decline.reasonLabel}, {formatWhen(decline.at)}
            </dd>
          </>
        )}
      </dl>
      {leadCase.next.length === 0 ? (
        <>
          <p className="mt-3">This case is {leadCase.stageLabel.toLowerCase()}: it takes no further stage.</p>
          {decline && canStartCase(lead, leadCase) && (
            <p className="mt-2">
              Another lender may take the borrower: start a new case beside a product that fits, in the lender panel
              below.
            </p>
          )}
          {decline && (lead.status === "declined" || lead.status === "withdrawn") && (
            <p className="mt-2">
              Another lender may take the borrower: reopen the lead, then start a new case beside a product that fits.
            </p>
          )}
          {completion && changeCommission && (
            <CommissionChangeForm
              key={`commission-${leadCase.version}`}
              leadCase={leadCase}
              refusal={refusal}
              busy={busy}
            />
          )}
        </>
      ) : !work ? null : blocked ? (
        <p className="mt-3">{blocked}.</p>
      ) : (
        <div className="mt-4 grid gap-6 rounded-lg border border-slate-300 p-4 md:grid-cols-2">
          {leadCase.next.includes("offer-received") && (
            <OfferForm key={`offer-${leadCase.version}`} leadCase={leadCase} refusal={refusal} busy={busy} />
          )}
          {leadCase.next.includes("completed") && (
            <CompletionForm key={`complete-${leadCase.version}`} leadCase={leadCase} refusal={refusal} busy={busy} />
          )}
          {leadCase.next.includes("declined") && (
            <DeclineForm key={`decline-${leadCase.version}`} leadCase={leadCase} refusal={refusal} busy={busy} />
          )}
        </div>
      )}
      {earlierCases.length > 0 && <EarlierCases cases={earlierCases} />}
    </section>
  );
}
