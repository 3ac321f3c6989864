import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { ErrorSummary } from "~/components/ui/error-summary";
import { controlClass, FieldError } from "~/components/ui/field";
import { LEAD_MOVES, LEAD_STATUS_LABELS } from "~/domain/leads";
import type { LeadView } from "./lead-view";
import { CloseReasonFields, type Refusal } from "./lead-work-forms";

// The lead's "Change status" form (DECISIONS D31): its menu starts on "Choose…", never on
// a move, so one press of "Save status" changes nothing unless a status was chosen; a
// refusal is said in the error summary and at its field (DECISIONS D30).

/** The field each of the status form's refusals is about, and the control its summary link moves to. */
const TARGETS: Record<string, string> = { to: "to", reason: "reason" };

export const STATUS_PROBLEMS = { to: "Choose a status." };

export function StatusForm({ lead, refusal, busy }: { lead: LeadView; refusal: Refusal | null; busy: boolean }) {
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
