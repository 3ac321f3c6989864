import type { ReactNode } from "react";
import { cn } from "../ui/cn";

/**
 * Typography for the legal documents. They render inside a page and inside the
 * eligibility form's dialogs, so the styles travel with the text (headings from h2).
 */
export function LegalText({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      className={cn(
        "space-y-4 leading-relaxed text-slate-800",
        "[&_h2]:mt-8 [&_h2]:text-xl [&_h2]:font-bold [&_h2]:text-slate-900 first:[&_h2]:mt-0",
        "[&_h3]:mt-5 [&_h3]:font-semibold [&_h3]:text-slate-900",
        "[&_ul]:list-disc [&_ul]:space-y-1.5 [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:space-y-1.5 [&_ol]:pl-6",
        "[&_a]:font-semibold [&_a]:text-brand-700 [&_a]:underline",
        "[&_table]:w-full [&_table]:border-collapse [&_table]:text-sm [&_td]:border [&_td]:border-slate-200 [&_td]:p-2 [&_th]:border [&_th]:border-slate-200 [&_th]:bg-slate-50 [&_th]:p-2 [&_th]:text-left",
        className,
      )}
    >
      {children}
    </div>
  );
}

/** Postal and phone details of a body a customer may turn to (ombudsman, regulator). */
export function ExternalBody({ name, lines }: { name: string; lines: ReactNode[] }) {
  return (
    <address className="not-italic rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm">
      <strong className="text-slate-900">{name}</strong>
      {lines.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed lines of an address
        <span key={i} className="block">
          {line}
        </span>
      ))}
    </address>
  );
}
