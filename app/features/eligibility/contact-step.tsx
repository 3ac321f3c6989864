import { CheckAnswers } from "~/components/step-form/check-answers";
import { type ContactAnswers, ContactFields } from "~/components/step-form/contact-fields";
import { HoneypotField } from "~/components/step-form/honeypot-field";
import type { MainFormAnswers } from "~/domain/main-form";
import { eligibilityAnswerRows } from "./answers-summary";

interface ContactStepProps {
  answers: MainFormAnswers;
  update(patch: Partial<ContactAnswers>): void;
  touch(field: keyof ContactAnswers): void;
  errorFor(field: keyof ContactAnswers): string | undefined;
  brandName: string;
  website: string;
  setWebsite(value: string): void;
  checkHeadingId: string;
}

/** The last step: the answers so far to check, then the contact details and consent. Loaded on the way there. */
export default function ContactStep({ answers, website, setWebsite, checkHeadingId, ...fields }: ContactStepProps) {
  return (
    <div className="space-y-6">
      <CheckAnswers rows={eligibilityAnswerRows(answers)} headingId={checkHeadingId} />
      <ContactFields idPrefix="eligibility" answers={answers} {...fields} />
      <HoneypotField value={website} onChange={setWebsite} />
    </div>
  );
}
