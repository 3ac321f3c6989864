import { CheckAnswers } from "~/components/step-form/check-answers";
import { type ContactAnswers, ContactFields } from "~/components/step-form/contact-fields";
import { HoneypotField } from "~/components/step-form/honeypot-field";
import type { QuickFormAnswers } from "~/domain/quick-form";
import { quickAnswerRows } from "./answers-summary";

interface ContactStepProps {
  answers: QuickFormAnswers;
  update(patch: Partial<ContactAnswers>): void;
  touch(field: keyof ContactAnswers): void;
  errorFor(field: keyof ContactAnswers): string | undefined;
  brandName: string;
  website: string;
  setWebsite(value: string): void;
  checkHeadingId: string;
}

/** The homeowner path's last step: the answers to check, then contact details and consent. */
export default function ContactStep({ answers, website, setWebsite, checkHeadingId, ...fields }: ContactStepProps) {
  return (
    <div className="space-y-6">
      <CheckAnswers rows={quickAnswerRows(answers)} headingId={checkHeadingId} />
      <ContactFields idPrefix="quick" answers={answers} {...fields} />
      <HoneypotField value={website} onChange={setWebsite} />
    </div>
  );
}
