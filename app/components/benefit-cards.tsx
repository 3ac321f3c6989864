import type { BenefitCard } from "~/content/marketing";

const ICONS: Record<BenefitCard["icon"], string> = {
  rate: "M7 17 17 7M8 8h.01M16 16h.01",
  clock: "M12 7v5l3 2M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z",
  panel: "M3 10h18M5 10v8M9.5 10v8M14.5 10v8M19 10v8M3 20h18M12 3 3 8h18Z",
  pound: "M16 7.5A3.5 3.5 0 0 0 9.5 6C8.5 7.5 9 10 9 12s-.5 4-2 6h10M7 12h7",
  shield: "M12 3 4 6v6c0 5 3.5 8 8 9 4.5-1 8-4 8-9V6Zm-3 9 2 2 4-4",
  chart: "M4 20V10M10 20V4M16 20v-7M22 20H2",
};

export function BenefitCards({ cards, heading }: { cards: readonly BenefitCard[]; heading: string }) {
  return (
    <section aria-labelledby="benefits-heading" className="mx-auto max-w-7xl px-4 py-16">
      <h2 id="benefits-heading" className="text-center text-3xl font-bold text-slate-900">
        {heading}
      </h2>
      <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {cards.map((card) => (
          <li key={card.title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="h-10 w-10 rounded-lg bg-accent-50 p-2 text-accent-700"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              <path d={ICONS[card.icon]} />
            </svg>
            <h3 className="mt-4 text-lg font-semibold text-slate-900">{card.title}</h3>
            <p className="mt-2 text-slate-700">{card.body}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
