import type { ReactNode } from "react";
import { cn } from "~/components/ui/cn";

/** What a form's outcome says: `error` a problem (role=alert), `success` news (role=status). */
export type NoticeTone = "error" | "success";

/** A message box for the outcome of a form: role=alert for problems, status for news. */
export function Notice({ tone, children }: { tone: NoticeTone; children: ReactNode }) {
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={cn(
        "rounded-lg border-l-4 px-4 py-3",
        tone === "error" ? "border-red-700 bg-red-50 text-red-900" : "border-accent-600 bg-accent-50 text-slate-900",
      )}
    >
      {children}
    </div>
  );
}
