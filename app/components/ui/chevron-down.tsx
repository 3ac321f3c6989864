import { cn } from "./cn";

/** The down-pointing chevron of a disclosure; `group-open:rotate-180` turns it when its `<details>` opens. */
export function ChevronDown({ className }: { className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={cn("group-open:rotate-180", className)}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d="m6 9 6 6 6-6" />
    </svg>
  );
}
