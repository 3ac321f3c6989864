import { CheckboxField } from "~/components/ui/checkbox-field";
import { TextField } from "~/components/ui/field";
import { NAME_MAX_LENGTH, PHONE_MAX_LENGTH } from "~/domain/field-limits";
import { LegalDialogs, LegalLinks } from "./legal-dialogs";
import { type ContactAnswers, usePrefillSignedInContact } from "./signed-in-contact";

export type { ContactAnswers };
type ContactField = keyof ContactAnswers;

interface ContactFieldsProps {
  idPrefix: string;
  answers: ContactAnswers;
  update(patch: Partial<ContactAnswers>): void;
  touch(field: ContactField): void;
  errorFor(field: ContactField): string | undefined;
  brandName: string;
  /** False before the script runs: the legal texts are plain links then, not dialogs. */
  live: boolean;
}

/**
 * Both forms' 'Your details' step: name, email and phone (with autocomplete, so a phone
 * fills them in; pre-filled for a signed-in borrower). Shown back on the check page after it.
 */
export function ContactFields({ idPrefix, answers, update, touch, errorFor }: Omit<ContactFieldsProps, "live">) {
  usePrefillSignedInContact(answers, update);
  const id = (field: ContactField) => `${idPrefix}-${field}`;
  return (
    <div className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          id={id("firstName")}
          name="firstName"
          label="First name"
          autoComplete="given-name"
          maxLength={NAME_MAX_LENGTH}
          value={answers.firstName}
          onChange={(event) => update({ firstName: event.target.value })}
          onBlur={() => touch("firstName")}
          error={errorFor("firstName")}
        />
        <TextField
          id={id("lastName")}
          name="lastName"
          label="Last name"
          autoComplete="family-name"
          maxLength={NAME_MAX_LENGTH}
          value={answers.lastName}
          onChange={(event) => update({ lastName: event.target.value })}
          onBlur={() => touch("lastName")}
          error={errorFor("lastName")}
        />
      </div>
      <TextField
        id={id("email")}
        name="email"
        label="Email address"
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        value={answers.email}
        onChange={(event) => update({ email: event.target.value })}
        onBlur={() => touch("email")}
        error={errorFor("email")}
      />
      <TextField
        id={id("phone")}
        name="phone"
        label="Phone number"
        hint="A UK mobile or landline, so an adviser can call you"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        maxLength={PHONE_MAX_LENGTH}
        value={answers.phone}
        onChange={(event) => update({ phone: event.target.value })}
        onBlur={() => touch("phone")}
        error={errorFor("phone")}
      />
    </div>
  );
}

/**
 * The check page's agreement, above the final button: the consent box, never ticked for
 * the borrower (D12), to the terms alone; the privacy notice is told, not agreed to, and
 * answering the enquiry needs no consent (the line above the button says what sending does).
 * The terms and the privacy policy open in dialogs (plain links before the script runs).
 */
export function AgreeToTerms({ idPrefix, answers, update, errorFor, live }: ContactFieldsProps) {
  return (
    <div className="space-y-5">
      <CheckboxField
        id={`${idPrefix}-consent`}
        name="consent"
        checked={answers.consent}
        onChange={(consent) => update({ consent })}
        error={errorFor("consent")}
        label={<>I agree to the Terms of Business.</>}
      />
      {live ? <LegalDialogs /> : <LegalLinks />}
    </div>
  );
}
