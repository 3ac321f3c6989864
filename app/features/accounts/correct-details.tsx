import { Form } from "react-router";
import { HoneypotField } from "~/components/step-form/honeypot-field";
import { ErrorSummary } from "~/components/ui/error-summary";
import { controlClass, FieldError, TextField } from "~/components/ui/field";
import { Button } from "~/components/ui/button";
import { dayInWords } from "~/domain/calendar-day";
import { type AccountDetailField, type AccountDetails, CORRECTION_REQUEST_MAX_LENGTH } from "~/domain/data-requests";
import { NAME_MAX_LENGTH, PHONE_MAX_LENGTH } from "~/domain/field-limits";

// /account's "Correct your details" (UK GDPR article 16, DECISIONS D29): the account's own
// name and phone changed at once, and anything else (what an enquiry says, the email
// address) asked for in the borrower's words, answered by the firm within the month the
// privacy policy promises. Plain forms: they work without script; a refused one comes back
// with what was typed and the problem at its field.

export interface CorrectionRequestView {
  reference: string;
  receivedDay: string;
  dueDay: string;
  answered: boolean;
}

export interface CorrectDetailsProps {
  details: AccountDetails;
  requests: CorrectionRequestView[];
  /** The name and phone form refused: what was typed and each field's problem. */
  detailsRefused: {
    values: Record<AccountDetailField, string>;
    problems: Partial<Record<AccountDetailField, string>>;
  } | null;
  /** The request form refused: what was typed and why. */
  requestRefused: { value: string; problem: string } | null;
  /** What was just saved, to say so. */
  saved: "details" | "request" | null;
  pending: string | null;
}

const FIELD_IDS: Record<AccountDetailField, string> = {
  firstName: "details-first-name",
  lastName: "details-last-name",
  phone: "details-phone",
};

export function CorrectDetails({
  details,
  requests,
  detailsRefused,
  requestRefused,
  saved,
  pending,
}: CorrectDetailsProps) {
  const value = (field: AccountDetailField) => detailsRefused?.values[field] ?? details[field] ?? "";
  const problems = detailsRefused?.problems ?? {};
  const latest = requests.at(-1);
  return (
    <section aria-labelledby="correct-heading" className="mt-8 rounded-xl border border-slate-200 p-6">
      <h2 id="correct-heading" className="text-xl font-bold text-slate-900">
        Correct your details
      </h2>
      <p className="mt-1 text-slate-700">If anything we hold about you is wrong, put it right here.</p>

      <Form method="post" className="mt-4 max-w-md space-y-4" noValidate aria-labelledby="own-details-heading">
        <h3 id="own-details-heading" className="text-lg font-bold text-slate-900">
          Your name and phone number
        </h3>
        {saved === "details" ? (
          <p role="status" className="font-semibold text-green-800">
            Your name and phone number are saved.
          </p>
        ) : null}
        <ErrorSummary
          autoFocus
          problems={(Object.keys(FIELD_IDS) as AccountDetailField[]).flatMap((field) =>
            problems[field] ? [{ targetId: FIELD_IDS[field], message: problems[field] as string }] : [],
          )}
        />
        <input type="hidden" name="intent" value="details" />
        <HoneypotField />
        <TextField
          id={FIELD_IDS.firstName}
          name="firstName"
          label="First name"
          autoComplete="given-name"
          maxLength={NAME_MAX_LENGTH}
          defaultValue={value("firstName")}
          error={problems.firstName}
        />
        <TextField
          id={FIELD_IDS.lastName}
          name="lastName"
          label="Last name"
          autoComplete="family-name"
          maxLength={NAME_MAX_LENGTH}
          defaultValue={value("lastName")}
          error={problems.lastName}
        />
        <TextField
          id={FIELD_IDS.phone}
          name="phone"
          type="tel"
          label="Phone number (optional)"
          autoComplete="tel"
          maxLength={PHONE_MAX_LENGTH}
          defaultValue={value("phone")}
          error={problems.phone}
        />
        <Button type="submit" variant="secondary" disabled={pending === "details"}>
          Save name and phone
        </Button>
      </Form>

      <Form method="post" className="mt-8 max-w-xl border-t border-slate-200 pt-6" aria-labelledby="ask-heading">
        <h3 id="ask-heading" className="text-lg font-bold text-slate-900">
          Something else is wrong
        </h3>
        <p className="mt-1 text-slate-700">
          What an enquiry says about you (your income, your property, what you owe), or your email address: tell us what
          is wrong and what it should say. We will correct it, or tell you why we cannot, within one month.
        </p>
        {saved === "request" && latest ? (
          <p role="status" className="mt-3 font-semibold text-green-800">
            We have your request {latest.reference}. We will answer it by {dayInWords(latest.dueDay)}.
          </p>
        ) : null}
        <input type="hidden" name="intent" value="correction" />
        <HoneypotField />
        <label htmlFor="correction-details" className="mt-4 block font-semibold text-slate-900">
          What is wrong, and what should it say?
        </label>
        <textarea
          // A request just sent starts the box afresh (a new key), so its words are not left
          // there to be sent twice; a refused one keeps what was typed.
          key={saved === "request" ? (latest?.reference ?? "sent") : "typing"}
          id="correction-details"
          name="details"
          rows={4}
          maxLength={CORRECTION_REQUEST_MAX_LENGTH}
          defaultValue={requestRefused?.value ?? ""}
          aria-invalid={requestRefused ? true : undefined}
          aria-describedby={requestRefused ? "correction-details-error" : undefined}
          className={`${controlClass} mt-1.5`}
        />
        <FieldError id="correction-details-error" error={requestRefused?.problem} />
        <Button type="submit" variant="secondary" className="mt-4" disabled={pending === "correction"}>
          Ask for a correction
        </Button>
        {requests.length > 0 ? (
          <ul className="mt-4 space-y-1 text-slate-700" data-testid="correction-requests">
            {requests.map((request) => (
              <li key={request.reference}>
                {request.reference}, asked on {dayInWords(request.receivedDay)}:{" "}
                {request.answered ? "answered" : `we will answer by ${dayInWords(request.dueDay)}`}.
              </li>
            ))}
          </ul>
        ) : null}
      </Form>
    </section>
  );
}
