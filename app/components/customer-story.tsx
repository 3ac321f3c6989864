import type { CustomerStory as Story } from "~/content/loan-pages";
import { formatPercent, formatPounds, formatTerm, representativeExample } from "~/domain/finance";
import { exampleMonthlyRate } from "~/domain/example-cost";
import { useExample } from "./promotion";

/** A customer's story whose monthly payment and total are computed from its loan (D2). */
export function CustomerStory({ story, heading = "Customer story" }: { story: Story; heading?: string }) {
  const rate = useExample(story.loan.rateOf);
  const { amount, months } = story.loan;
  const loan = representativeExample(
    rate.rateBasis === "monthly"
      ? { amount, months, monthlyRate: exampleMonthlyRate(rate) }
      : { amount, months, annualRatePercent: rate.ratePercent },
  );
  return (
    <section aria-labelledby="customer-story-heading" className="mx-auto max-w-7xl px-4 py-16">
      <div className="grid gap-8 rounded-2xl bg-brand-50 p-8 lg:grid-cols-[1.4fr_1fr]">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wide text-accent-700">{heading}</p>
          <h2 id="customer-story-heading" className="mt-2 text-3xl font-bold text-slate-900">
            {story.headline}
          </h2>
          <p className="mt-4 text-lg text-slate-700">{story.situation}</p>
          <blockquote className="mt-6 border-l-4 border-accent-600 pl-4 text-lg italic text-slate-800">
            <p>“{story.quote}”</p>
            <footer className="mt-2 text-base not-italic text-slate-700">
              {story.customer}, {story.location}
            </footer>
          </blockquote>
        </div>
        <dl className="grid content-center gap-4 rounded-xl bg-white p-6 shadow-sm">
          <div>
            <dt className="text-sm text-slate-700">Borrowed</dt>
            <dd className="text-2xl font-bold text-slate-900">
              {formatPounds(loan.amount)} over {formatTerm(loan.termMonths)}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-slate-700">Fixed rate</dt>
            <dd className="text-lg font-semibold text-slate-900">{formatPercent(loan.annualRatePercent, 2)} a year</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-700">Monthly repayment</dt>
            <dd className="text-2xl font-bold text-accent-700">{formatPounds(loan.monthlyPayment, { pence: true })}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-700">Total payable</dt>
            <dd className="text-lg font-semibold text-slate-900">{formatPounds(loan.totalPayable, { pence: true })}</dd>
          </div>
        </dl>
      </div>
    </section>
  );
}
