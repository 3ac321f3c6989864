import { useId } from "react";
import type { StepProgress } from "~/domain/step-flow";

/**
 * 'Step n of N' and '% Complete' above a bar (spec section 2); on the check page, that
 * every step is answered. The figures are the domain's (stepProgress).
 */
export function FormProgress({ step, total, percent, checking }: StepProgress) {
  const id = useId();
  return (
    <div>
      <div className="flex items-center justify-between text-sm font-semibold text-slate-700">
        <span id={`${id}-label`}>{checking ? `All ${total} steps answered` : `Step ${step} of ${total}`}</span>
        <span>{`${percent}% Complete`}</span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={`${id}-label`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="mt-2 h-2.5 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-accent-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
