import type { Faq } from "~/content/loan-pages";
import { FaqJsonLd } from "./faq-json-ld";
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "./ui/accordion";

/**
 * A page's questions as an accordion, and the same list as FAQPage JSON-LD for search
 * engines. `single` lets one answer be open at a time;
 * `multiple` lets the reader open several to compare.
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
  const items = faqs.map((faq, i) => (
    <AccordionItem key={faq.question} value={`faq-${i}`}>
      <AccordionTrigger>{faq.question}</AccordionTrigger>
      <AccordionContent>
        <p>{faq.answer}</p>
      </AccordionContent>
    </AccordionItem>
  ));
  return (
    <section aria-labelledby="faq-heading" className="mx-auto max-w-3xl px-4 py-16">
      <FaqJsonLd faqs={faqs} />
      <h2 id="faq-heading" className="text-center text-3xl font-bold text-slate-900">
        {heading}
      </h2>
      {type === "single" ? (
        <Accordion type="single" collapsible className="mt-8">
          {items}
        </Accordion>
      ) : (
        <Accordion type="multiple" className="mt-8">
          {items}
        </Accordion>
      )}
    </section>
  );
}
