import type { Faq } from "~/content/loan-pages";
import { FaqJsonLd } from "./faq-json-ld";
import { ChevronDown } from "./ui/chevron-down";

/**
 * A page's questions as native disclosure widgets, and the same list as FAQPage JSON-LD
 * for search engines. They open by mouse, touch and keyboard with no script at all, and
 * every answer is in the HTML. `single` lets one answer be open at a time (the browser
 * closes the others: `<details name>`); `multiple` lets the reader open several.
 */
export function FaqSection({
  faqs,
  heading = "Frequently asked questions",
  type = "single",
}: {
  faqs: readonly Faq[];
  heading?: string;
  type?: "single" | "multiple";
}) {
  return (
    <section aria-labelledby="faq-heading" className="mx-auto max-w-3xl px-4 py-16">
      <FaqJsonLd faqs={faqs} />
      <h2 id="faq-heading" className="text-center text-3xl font-bold text-slate-900">
        {heading}
      </h2>
      <div className="mt-8">
        {faqs.map((faq) => (
          <details
            key={faq.question}
            name={type === "single" ? "faq" : undefined}
            className="group border-b border-slate-200"
          >
            <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-4 py-4 text-left text-lg font-semibold text-slate-900 hover:text-brand-700 [&::-webkit-details-marker]:hidden">
              {faq.question}
              <ChevronDown className="h-5 w-5 shrink-0 transition-transform" />
            </summary>
            <p className="pb-4 text-slate-700">{faq.answer}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
