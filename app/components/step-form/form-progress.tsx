import { useId } from "react";

/** 'Step n of N' and '% Complete' above a bar (spec section 2). */
export function FormProgress({ step, total }: { step: number; total: number }) {
  const id = useId();
  const percent = Math.round((step / total) * 100);
  return (
    <div>
      <div className="flex items-center justify-between text-sm font-semibold text-slate-700">
        <span id={`${id}-label`}>{`Step ${step} of ${total}`}</span>
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
