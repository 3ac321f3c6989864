import { FEATURED_PURPOSES } from "~/domain/options";

/** The eight loan purposes the site promotes (spec section 1). */
export function LoanPurposes({ heading = "What can you use a homeowner loan for?" }: { heading?: string }) {
  return (
    <section aria-labelledby="purposes-heading" className="bg-brand-50">
      <div className="mx-auto max-w-7xl px-4 py-16">
        <h2 id="purposes-heading" className="text-center text-3xl font-bold text-slate-900">
          {heading}
        </h2>
        <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURED_PURPOSES.map((purpose) => (
            <li key={purpose.value} className="rounded-xl bg-white p-5 shadow-sm">
              <h3 className="font-semibold text-slate-900">{purpose.title}</h3>
              <p className="mt-1 text-sm text-slate-700">{purpose.description}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
