import { Form, useLocation } from "react-router";
import { CheckStep, type CheckStepView, cancelPath } from "~/components/console/check-step";
import { Button } from "~/components/ui/button";
import { ErrorSummary } from "~/components/ui/error-summary";
import { controlClass, FieldError } from "~/components/ui/field";
import { CLOSE_REASON_LABELS, type CloseReason } from "~/domain/lead-work";
import { LEAD_MOVES, LEAD_STATUS_LABELS, type LeadStatus } from "~/domain/leads";
import { reference } from "./format";
import type { LeadView } from "./lead-view";
import { CloseReasonFields, type Refusal } from "./lead-work-forms";

// The lead's "Change status" form (DECISIONS D31): its menu starts on "Choose…", never on
// a move, so one press of "Save status" changes nothing unless a status was chosen; a
// refusal is said in the error summary and at its field (DECISIONS D30).

/** The field each of the status form's refusals is about, and the control its summary link moves to. */
const TARGETS: Record<string, string> = { to: "to", reason: "reason" };

export const STATUS_PROBLEMS = { to: "Choose a status." };

/** What closing leads does, said on its check step (DECISIONS D31). */
function closingWhat(to: LeadStatus, reason: CloseReason | null, many: boolean) {
  const they = many ? "They leave" : "It leaves";
  const their = many ? "their next actions end" : "its next action ends";
  return [
    `${they} the open leads and ${their}.`,
    reason ? `Reason: ${CLOSE_REASON_LABELS[reason]}.` : "",
    to === "completed" ? "No case with a lender records this completion, and no commission is recorded." : "",
  ]
    .filter(Boolean)
    .join(" ");
}

/** A lead as its check step names it: "Ann Borrower (1A2B3C4D)". */
export const leadWhom = (lead: { id: string; name: string }) =>
  `${lead.name || "No name given"} (${reference(lead.id)})`;

/** The check step before a lead is closed (completed, declined or withdrawn) from its status menu. */
export function closeLeadCheck(
  lead: { id: string; name: string },
  to: LeadStatus,
  reason: CloseReason | null,
  fields: [string, string][],
): CheckStepView {
  const label = LEAD_STATUS_LABELS[to];
  return {
    title: `Close ${lead.name || "this"}'s lead as ${label}?`,
    what: closingWhat(to, reason, false),
    whom: [leadWhom(lead)],
    fields,
    confirm: `Close the lead as ${label}`,
  };
}

/** The check step before the ticked leads are closed at once from the inbox. */
export function closeLeadsCheck(
  leads: { id: string; name: string }[],
  to: LeadStatus,
  reason: CloseReason | null,
  fields: [string, string][],
): CheckStepView {
  const label = LEAD_STATUS_LABELS[to];
  const count = leads.length === 1 ? "1 lead" : `${leads.length} leads`;
  return {
    title: `Close ${count} as ${label}?`,
    what: closingWhat(to, reason, leads.length !== 1),
    whom: leads.map(leadWhom),
    fields,
    confirm: `Close ${count} as ${label}`,
  };
}

export function StatusForm({
  lead,
  refusal,
  busy,
  check = null,
}: {
  lead: LeadView;
  refusal: Refusal | null;
  busy: boolean;
  /** The check step a closing move answered with: drawn in the form's place until confirmed or cancelled. */
  check?: CheckStepView | null;
}) {
  const location = useLocation();
  if (check) return <CheckStep {...check} cancel={cancelPath(location)} autoFocus />;
  const moves = LEAD_MOVES[lead.status];
  const mine = refusal?.form === "status" ? refusal : null;
  const target = mine?.field ? TARGETS[mine.field] : undefined;
  const toInvalid = mine?.field === "to" ? { "aria-invalid": true, "aria-describedby": "to-error" } : {};
  return (
    <Form method="post" className="space-y-3">
      {mine && target && <ErrorSummary problems={[{ targetId: target, message: mine.error }]} autoFocus />}
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="version" value={lead.version} />
      <label htmlFor="to" className="block font-semibold">
        Change status
      </label>
      <FieldError id="to-error" error={mine?.field === "to" ? mine.error : null} />
      <select
        id="to"
        name="to"
        className={controlClass}
        disabled={moves.length === 0}
        defaultValue={mine?.values?.to ?? ""}
        {...toInvalid}
      >
        <option value="">{moves.length === 0 ? "No further moves" : "Choose…"}</option>
        {moves.map((s) => (
          <option key={s} value={s}>
            {LEAD_STATUS_LABELS[s]}
          </option>
        ))}
      </select>
      {moves.some((s) => s === "declined" || s === "withdrawn") && <CloseReasonFields refusal={refusal} />}
      <Button type="submit" variant="secondary" size="sm" disabled={busy || moves.length === 0}>
        Save status
      </Button>
    </Form>
  );
}
