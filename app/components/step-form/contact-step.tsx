import { type AnswerRow, CheckAnswers } from "./check-answers";
import { type ContactAnswers, ContactFields } from "./contact-fields";
import { HoneypotField } from "./honeypot-field";

export { sendLead, ValidationErrors } from "./send-lead";

export interface ContactStepProps {
  idPrefix: string;
  rows: AnswerRow[];
  answers: ContactAnswers;
  update(patch: Partial<ContactAnswers>): void;
  touch(field: keyof ContactAnswers): void;
  errorFor(field: keyof ContactAnswers): string | undefined;
  brandName: string;
  website: string;
  setWebsite(value: string): void;
  checkHeadingId: string;
  /** False before the script runs: the Change links and the legal texts become what a plain form can use. */
  live: boolean;
}

/** Both forms' last step: the answers so far to check, then the contact details and consent. Loaded on the way there. */
export default function ContactStep({ rows, website, setWebsite, checkHeadingId, live, ...fields }: ContactStepProps) {
  return (
    <div className="space-y-6">
      <CheckAnswers rows={rows} headingId={checkHeadingId} live={live} />
      <ContactFields {...fields} live={live} />
      <HoneypotField value={website} onChange={setWebsite} />
    </div>
  );
}
