import { useLayoutEffect } from "react";
import { type AnswerRow, CheckAnswers, contactAnswerRows } from "./check-answers";
import { AgreeToTerms, type ContactAnswers, ContactFields } from "./contact-fields";
import { HoneypotField } from "./honeypot-field";

export { sendLead, ValidationErrors } from "./send-lead";

/** The two steps every form ends on, drawn by this module (loaded on the way there, with the sending). */
export type EndStep = "contact" | "check";

export interface ContactStepProps {
  step: EndStep;
  idPrefix: string;
  /** The answers of the steps before 'Your details', as the check page lists them. */
  rows: AnswerRow[];
  answers: ContactAnswers;
  update(patch: Partial<ContactAnswers>): void;
  touch(field: keyof ContactAnswers): void;
  errorFor(field: keyof ContactAnswers): string | undefined;
  brandName: string;
  website: string;
  setWebsite(value: string): void;
  /** The step's heading, which names the check page's list. */
  headingId: string;
  /** False before the script runs: the Change links and the legal texts become what a plain form can use. */
  live: boolean;
  /** Called once React owns this step's controls (on hydration, what was typed before is read then). */
  onReady(): void;
}

/**
 * Both forms' last two steps: 'Your details' (name, email, phone), then 'Check your
 * answers' (decision 500): every answer, the contact details last, each with a Change link,
 * then the agreement to the terms above the final button.
 */
export default function ContactStep({
  step,
  rows,
  website,
  setWebsite,
  headingId,
  live,
  onReady,
  ...fields
}: ContactStepProps) {
  // In the commit that makes the controls React's, before any tap reaches them.
  useLayoutEffect(() => onReady(), [onReady]);
  if (step === "contact") return <ContactFields {...fields} />;
  return (
    <div className="space-y-6">
      <CheckAnswers rows={[...rows, ...contactAnswerRows(fields.answers)]} labelledBy={headingId} live={live} />
      <h3 className="text-lg font-bold text-slate-900">Now send your details</h3>
      <AgreeToTerms {...fields} live={live} />
      <HoneypotField value={website} onChange={setWebsite} />
    </div>
  );
}
