import { REPOSSESSION_WARNING, SECURED_DEBT_CONSOLIDATION_WARNING } from "~/domain/finance";
import { cn } from "./ui/cn";

/** The warning every page about secured lending carries (DECISIONS D12). */
export function RepossessionWarning({ className }: { className?: string }) {
  return (
    <p
      className={cn(
        "rounded-lg border-l-4 border-amber-500 bg-amber-50 px-4 py-3 text-sm font-semibold text-amber-950",
        className,
      )}
    >
      {REPOSSESSION_WARNING}
    </p>
  );
}

/** Comes before any copy about consolidating debts into a secured loan (DECISIONS D12). */
export function ConsolidationWarning({ className }: { className?: string }) {
  return <p className={cn("text-sm font-semibold text-amber-950", className)}>{SECURED_DEBT_CONSOLIDATION_WARNING}</p>;
}
