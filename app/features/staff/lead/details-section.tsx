import { cn } from "~/components/ui/cn";
import { formatPercent, formatPounds } from "~/domain/finance";
import type { Permission } from "~/domain/permissions";
import { formatWhen } from "../format";
import { CorrectionForm, ShownFiguresNote } from "../lead-corrections";
import type { LeadEmail } from "../lead-page";
import type { LeadView } from "../lead-view";
import type { Refusal } from "../lead-work-forms";

// The lead's details (issue 50): the borrower's answers (with the hour they asked to be
// called, their answer, not a second next action), the figures, where the lead came from
// and the emails queued for it.

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
/** Two fifths for the question, three for the answer: a long question wraps, not the answer's words. */
export const pairsClass = "mt-3 grid gap-x-6 sm:grid-cols-[minmax(7rem,2fr)_minmax(0,3fr)] sm:gap-y-2";
export const termClass = "font-semibold max-sm:mt-2";
export const valueClass = "[overflow-wrap:anywhere]";

export function DetailsSection({
  lead,
  emails,
  can,
  refusal,
  busy,
}: {
  lead: LeadView;
  emails: LeadEmail[];
  can: readonly Permission[];
  refusal: Refusal | null;
  busy: boolean;
}) {
  const figures = lead.figures;
  return (
    <div className="grid gap-8 lg:grid-cols-2">
      <section aria-labelledby="answers-heading" className={sectionClass}>
        <h2 id="answers-heading" className={h2Class}>
          Answers
        </h2>
        <dl className={pairsClass}>
          {lead.callback !== null && (
            <div className="contents">
              <dt className={termClass}>When they asked to be called</dt>
              <dd className={valueClass} data-testid="lead-callback">
                {lead.callback}
              </dd>
            </div>
          )}
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
              <dd className={valueClass}>{figures.ltv === null ? "No property value" : formatPercent(figures.ltv)}</dd>
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
                    {figures.indicativeRate === null ? "None for these answers" : formatPercent(figures.indicativeRate)}
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
                {figures.example.termMonths} months at {formatPercent(figures.example.annualRatePercent)} fixed, with no
                fees: {figures.example.numberOfInstalments} monthly payments of{" "}
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
  );
}
