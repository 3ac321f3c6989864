import { cn } from "./cn";

/** A busy indicator with its reason as text (read out as a status), not only a shape. */
export function Spinner({ label, className }: { label: string; className?: string }) {
  return (
    <div role="status" className={cn("flex items-center justify-center gap-3 text-slate-700", className)}>
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6 animate-spin text-brand-700" fill="none">
        <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="3" className="opacity-25" />
        <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <span>{label}</span>
    </div>
  );
}
