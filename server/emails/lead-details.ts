import { formatPounds } from "../../app/domain/finance";
import { INDICATIVE_TERM_MONTHS, type QuoteIndicativeFigures } from "../../app/domain/rates";

// Small formatting helpers shared by the lead emails (quotes and personal enquiries).

const submittedAt = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "full",
  timeStyle: "short",
  timeZone: "Europe/London",
});

/** "Tuesday 3 March 2026 at 14:05", UK time, whatever the server's zone. */
export function formatSubmittedAt(date: Date): string {
  return submittedAt.format(date);
}

export { leadReference } from "../../app/domain/leads";

export const money = (n: number | null | undefined) => (n === null || n === undefined ? "Not given" : formatPounds(n));
// As the domain's formatPercent ("5.69%", "60%"), with the formatter made once: a lead
// email is written for every quote, and building an Intl formatter costs more than the rest.
const percentFormat = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 2 });
export const percent = (n: number | null | undefined) =>
  n === null || n === undefined ? "None" : `${percentFormat.format(n)}%`;
export const orNotGiven = (text: string | null | undefined) => (text ? text : "Not given");

/** The figures an adviser triages a lead by, the same rows for either form. */
export function indicativeFigureRows(figures: QuoteIndicativeFigures): [label: string, value: string][] {
  return [
    ["Loan to value", figures.ltv_ratio === null ? "Not known" : percent(figures.ltv_ratio)],
    ["Indicative rate", figures.indicative_rate === null ? "None from the rate table" : percent(figures.indicative_rate)],
    [
      `Monthly payment over ${INDICATIVE_TERM_MONTHS} months`,
      figures.monthly_payment === null ? "None" : formatPounds(figures.monthly_payment, { pence: true }),
    ],
  ];
}
