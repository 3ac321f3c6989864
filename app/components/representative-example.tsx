import {
  effectiveAnnualRatePercent,
  formatPercent,
  formatPounds,
  formatTerm,
  monthlyRate,
  representativeExample,
} from "~/domain/finance";
import type { ExampleTerms } from "~/domain/promotion-figures";
import { HEADLINE_APR } from "~/domain/rates";
import { printedRate, useExample } from "./promotion";
import { useSite } from "./site-config";
import { cn } from "./ui/cn";

export type { ExampleTerms };

/** The headline homeowner loan's example as the code holds it (the live one is the promotion's: `useHeadlineExample`). */
export const HEADLINE_EXAMPLE: ExampleTerms = { amount: 50_000, months: 120, annualRatePercent: HEADLINE_APR };

/** The headline example of the live promotion: the one a page shows when it promotes no other. */
export function useHeadlineExample(): ExampleTerms {
  const headline = useExample("headline");
  return { amount: headline.amount, months: headline.months, annualRatePercent: printedRate(headline) };
}

interface Props extends Partial<ExampleTerms> {
  tone?: "light" | "dark";
  className?: string;
}

/**
 * A complete representative example for a secured homeowner loan (MCOB 3A.5, DECISIONS
 * D12), every figure computed by the finance module. The APRC is the borrowing rate
 * compounded monthly, so it is stated beside it and never smaller in type.
 */
export function RepresentativeExample({ tone = "light", className, ...terms }: Props) {
  const headline = useHeadlineExample();
  const { amount, months, annualRatePercent } = { ...headline, ...definedOnly(terms) };
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

/** The terms a caller gave, leaving out those it did not (absent, the headline's stand). */
function definedOnly(terms: Partial<ExampleTerms>): Partial<ExampleTerms> {
  return Object.fromEntries(Object.entries(terms).filter(([, value]) => value !== undefined));
}
