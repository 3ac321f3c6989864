import { useLayoutEffect } from "react";
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
  /** Called once React owns this step's controls (on hydration, what was typed before is read then). */
  onReady(): void;
}

/** Both forms' last step: the answers so far to check, then the contact details and consent. Loaded on the way there. */
export default function ContactStep({
  rows,
  website,
  setWebsite,
  checkHeadingId,
  live,
  onReady,
  ...fields
}: ContactStepProps) {
  // In the commit that makes the controls React's, before any tap reaches them.
  useLayoutEffect(() => onReady(), [onReady]);
  return (
    <div className="space-y-6">
      <CheckAnswers rows={rows} headingId={checkHeadingId} live={live} />
      <ContactFields {...fields} live={live} />
      <HoneypotField value={website} onChange={setWebsite} />
    </div>
  );
}
