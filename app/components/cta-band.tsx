import type { ReactNode } from "react";
import { CheckEligibilityLink } from "./check-eligibility-link";

/** The band's space above and below: none where the section before it already leaves room. */
const SPACING = { normal: "py-8", flush: "py-0", wide: "py-16" } as const;

/**
 * A loan page's closing call to action. It carries no repossession warning of its own:
 * the footer's follows it (docs/decisions/043).
 */
export function CtaBand({
  heading,
  children,
  actions,
  id = "cta-heading",
  spacing = "normal",
}: {
  heading: string;
  children: ReactNode;
  /** The buttons; by default "Check Eligibility »" to the eligibility check. */
  actions?: ReactNode;
  id?: string;
  spacing?: keyof typeof SPACING;
}) {
  return (
    <section aria-labelledby={id} className={`mx-auto max-w-7xl px-4 ${SPACING[spacing]}`}>
      <div className="rounded-2xl bg-brand-900 p-8 text-center text-white">
        <h2 id={id} className="text-3xl font-bold">
          {heading}
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-lg text-slate-100">{children}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">{actions ?? <CheckEligibilityLink />}</div>
      </div>
    </section>
  );
}
