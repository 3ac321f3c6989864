import type { ReactNode } from "react";
import { CheckEligibilityLink } from "./check-eligibility-link";
import { type TickLayout, TickList } from "./tick-list";
import { cn } from "./ui/cn";

interface Props {
  title: string;
  /** A pill above the title ("Homeowner Loans £10k - £2.5m"). */
  badge?: string;
  /** Above the title: the debt consolidation page's warning. */
  notice?: ReactNode;
  intro: ReactNode;
  ticks?: readonly (ReactNode | false)[];
  tickLayout?: TickLayout;
  /** The buttons; by default "Check Eligibility »" to the eligibility check. */
  actions?: ReactNode;
  /** Short reassurances in a row under the buttons (the home and loans pages). */
  reassurances?: readonly (ReactNode | false)[];
  /** The second column (a calculator, the steps); without one the text runs wider. */
  aside?: ReactNode;
  asideClassName?: string;
  /** The two columns' widths from the large breakpoint. */
  columns?: "lg:grid-cols-2" | "lg:grid-cols-[1.2fr_1fr]" | "lg:grid-cols-[1.4fr_1fr]";
  /** Last in the text column (the debt consolidation page's figures). */
  children?: ReactNode;
}

/** The band at the top of a loan page: title, what the loan is for, its selling points and the way to apply. */
export function LoanHero({
  title,
  badge,
  notice,
  intro,
  ticks,
  tickLayout,
  actions,
  reassurances,
  aside,
  asideClassName = "self-start",
  columns = "lg:grid-cols-[1.2fr_1fr]",
  children,
}: Props) {
  const text = (
    <>
      {notice}
      {badge && (
        <p className="inline-block rounded-full bg-white/10 px-4 py-1.5 text-sm font-semibold text-teal-100 ring-1 ring-white/25">
          {badge}
        </p>
      )}
      <h1
        className={cn(
          "text-4xl font-bold leading-tight tracking-tight sm:text-5xl",
          (badge || notice) && "mt-5",
          !aside && "max-w-3xl",
        )}
      >
        {title}
      </h1>
      <p className={cn("mt-5 text-lg text-slate-100", aside ? "max-w-xl" : "max-w-2xl")}>{intro}</p>
      {ticks && <TickList items={ticks} layout={tickLayout} className="mt-6 text-slate-100" />}
      <div className="mt-8 flex flex-wrap gap-3">{actions ?? <CheckEligibilityLink variant="inverse" />}</div>
      {reassurances && <TickList items={reassurances} layout="row" className="mt-8 text-sm text-slate-100" />}
      {children}
    </>
  );
  return (
    <section className="bg-gradient-to-b from-brand-900 to-brand-800 text-white">
      {aside ? (
        <div className={cn("mx-auto grid max-w-7xl gap-10 px-4 py-14 lg:py-20", columns)}>
          <div>{text}</div>
          <div className={asideClassName}>{aside}</div>
        </div>
      ) : (
        <div className="mx-auto max-w-7xl px-4 py-14 lg:py-20">{text}</div>
      )}
    </section>
  );
}
