import {
  effectiveAnnualRatePercent,
  formatPercent,
  formatPounds,
  formatTerm,
  monthlyRate,
  representativeExample,
} from "~/domain/finance";
import { HEADLINE_APR } from "~/domain/rates";
import { useSite } from "./site-config";
import { cn } from "./ui/cn";

/** The terms of a representative example: what is borrowed, over how long, at what borrowing rate. */
export interface ExampleTerms {
  amount: number;
  months: number;
  annualRatePercent: number;
}

/** The headline homeowner loan's example: the one a page shows when it promotes no other. */
export const HEADLINE_EXAMPLE: ExampleTerms = { amount: 50_000, months: 120, annualRatePercent: HEADLINE_APR };

interface Props extends Partial<ExampleTerms> {
  tone?: "light" | "dark";
  className?: string;
}

/**
 * A complete representative example for a secured homeowner loan (MCOB 3A.5, DECISIONS
 * D12), every figure computed by the finance module. The APRC is the borrowing rate
 * compounded monthly, so it is stated beside it and never smaller in type.
 */
export function RepresentativeExample({
  amount = HEADLINE_EXAMPLE.amount,
  months = HEADLINE_EXAMPLE.months,
  annualRatePercent = HEADLINE_EXAMPLE.annualRatePercent,
  tone = "light",
  className,
}: Props) {
  const site = useSite();
  const example = representativeExample({ amount, months, annualRatePercent });
  const aprc = effectiveAnnualRatePercent(monthlyRate(annualRatePercent));
  return (
    <div
      className={cn(
        "rounded-lg p-4 text-sm leading-relaxed",
        tone === "dark"
          ? "border border-slate-600 text-slate-200"
          : "border border-slate-200 bg-slate-50 text-slate-700",
        className,
      )}
    >
      <p className={cn("font-semibold", tone === "dark" ? "text-white" : "text-slate-900")}>
        Representative example: {formatPercent(aprc, 1)} APRC
      </p>
      <p>
        Borrowing {formatPounds(example.amount)} over {formatTerm(example.termMonths)}, secured on your home, at a fixed
        borrowing rate of {formatPercent(example.annualRatePercent)} a year: {example.numberOfInstalments} monthly
        instalments of {formatPounds(example.monthlyPayment, { pence: true })}
        {example.finalPayment !== example.monthlyPayment
          ? ` (the last ${formatPounds(example.finalPayment, { pence: true })})`
          : ""}
        . Total amount payable {formatPounds(example.totalPayable, { pence: true })}, including{" "}
        {formatPounds(example.totalInterest, { pence: true })} interest. No arrangement or broker fees. Representative{" "}
        {formatPercent(aprc, 1)} APRC. Credit broker: {site.companyName} trading as {site.brandName}.
      </p>
    </div>
  );
}
