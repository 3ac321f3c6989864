import { JsonLd } from "./json-ld";

export interface FaqEntry {
  question: string;
  answer: string;
}

/** schema.org FAQPage data for a page's visible FAQs: pass the same list the page renders. */
export function faqPageData(faqs: readonly FaqEntry[]) {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: faqs.map((faq) => ({
      "@type": "Question",
      name: faq.question,
      acceptedAnswer: { "@type": "Answer", text: faq.answer },
    })),
  };
}

/** Render once on a page that shows FAQs, e.g. `<FaqJsonLd faqs={SECURED_LOAN_FAQS} />`. */
export function FaqJsonLd({ faqs }: { faqs: readonly FaqEntry[] }) {
  return <JsonLd data={faqPageData(faqs)} />;
}
