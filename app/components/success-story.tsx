import { type SuccessStory as Story, storyFigures } from "~/content/marketing";
import { formatPercent, formatPounds, formatTerm } from "~/domain/finance";
import { ConsolidationWarning } from "./risk-warnings";

/** A consolidation story whose before, after and saving are all computed from its data. */
export function SuccessStory({ story, heading }: { story: Story; heading: string }) {
  const figures = storyFigures(story);
  return (
    <section aria-labelledby="story-heading" className="mx-auto max-w-7xl px-4 py-16">
      <ConsolidationWarning className="mb-4 text-center" />
      <h2 id="story-heading" className="text-center text-3xl font-bold text-slate-900">
        {heading}
      </h2>
      <p className="mx-auto mt-3 max-w-2xl text-center text-lg text-slate-700">
        {story.customer} from {story.location} consolidated {formatPounds(figures.totalDebt)} of debt and now pay{" "}
        <strong className="text-accent-700">{formatPounds(Math.floor(figures.monthlySaving))} a month less</strong>.
      </p>
      <div className="mt-10 grid gap-6 lg:grid-cols-3">
        <div className="rounded-xl border border-slate-200 p-6">
          <h3 className="font-semibold text-slate-900">Before</h3>
          <ul className="mt-3 space-y-2 text-sm">
            {story.debts.map((debt) => (
              <li key={debt.label} className="flex justify-between gap-4">
                <span>
                  {debt.label}: {formatPounds(debt.balance)}
                </span>
                <span>{formatPounds(debt.monthlyPayment)}/month</span>
              </li>
            ))}
          </ul>
          <p className="mt-4 border-t border-slate-200 pt-3 font-semibold">
            Total {formatPounds(figures.monthlyBefore)} a month
          </p>
        </div>
        <div className="rounded-xl border-2 border-accent-600 p-6">
          <h3 className="font-semibold text-slate-900">After</h3>
          <p className="mt-3 text-sm">
            One homeowner loan of {formatPounds(story.loan.amount)} over {formatTerm(story.loan.months)} at a fixed{" "}
            {formatPercent(story.loan.annualRatePercent)} a year.
          </p>
          <p className="mt-4 border-t border-slate-200 pt-3 font-semibold">
            {formatPounds(figures.loan.monthlyPayment, { pence: true })} a month
          </p>
          <p className="mt-1 text-sm">
            Total payable {formatPounds(figures.loan.totalPayable, { pence: true })} over the term. Spreading debts over
            a longer term can mean paying more interest in total.
          </p>
        </div>
        <div className="rounded-xl bg-brand-900 p-6 text-white">
          <h3 className="font-semibold">How it went</h3>
          <ol className="mt-3 space-y-3">
            {story.timeline.map((step) => (
              <li key={step.when} className="flex gap-3">
                <span className="min-w-16 font-semibold text-teal-200">{step.when}</span>
                <span>{step.what}</span>
              </li>
            ))}
          </ol>
        </div>
      </div>
      <blockquote className="mx-auto mt-8 max-w-3xl text-center text-lg italic text-slate-700">
        “{story.quote}”
      </blockquote>
    </section>
  );
}
