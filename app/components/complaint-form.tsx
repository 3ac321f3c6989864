import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { ErrorSummary, type FieldProblem } from "~/components/ui/error-summary";
import { controlClass, describedBy, FieldError, FieldHint, TextField } from "~/components/ui/field";
import {
  COMPLAINT_FIELDS,
  COMPLAINT_WANTED_MAX_LENGTH,
  COMPLAINT_WORDS_MAX_LENGTH,
  type ComplaintErrors,
  type ComplaintField,
  type ComplaintValues,
} from "~/domain/complaint-form";
import { COMPLAINT_SUBJECTS } from "~/domain/complaints";
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PHONE_MAX_LENGTH } from "~/domain/field-limits";

export interface ComplaintFormProps {
  action: string;
  values?: ComplaintValues;
  errors?: ComplaintErrors;
  problem?: string;
  /** Staff recording one: the email is optional, and the fields speak of the complainant. */
  forStaff?: boolean;
  /** Fields of the staff form's own (how it came in, when), drawn before the person's. */
  children?: ReactNode;
  submitLabel: string;
  /** Problems with the staff form's own fields, listed first in the summary. */
  extraProblems?: FieldProblem[];
}

const id = (field: ComplaintField) => `complaint-${field}`;

/**
 * A complaint's fields, as a plain form the server reads and answers (no script needed):
 * the public /make-a-complaint and the console's "Record a complaint" share it. A refused
 * post comes back with what was typed, the error summary focused, and each problem at
 * its field.
 */
export function ComplaintForm({
  action,
  values,
  errors = {},
  problem,
  forStaff,
  children,
  submitLabel,
  extraProblems = [],
}: ComplaintFormProps) {
  const value = (field: ComplaintField) => values?.[field] ?? "";
  const they = forStaff ? "they" : "you";
  return (
    <form method="post" action={action} noValidate className="space-y-6">
      <ErrorSummary
        autoFocus
        problems={[
          ...extraProblems,
          ...COMPLAINT_FIELDS.flatMap((field) => {
            const message = errors[field];
            return message ? [{ targetId: id(field), message }] : [];
          }),
        ]}
      />
      {problem && Object.keys(errors).length === 0 && extraProblems.length === 0 && (
        <p role="alert" className="rounded-lg border border-red-700 bg-red-50 p-3 font-semibold text-red-800">
          {problem}
        </p>
      )}
      {children}
      <TextField
        id={id("name")}
        name="name"
        label="Full name"
        autoComplete={forStaff ? "off" : "name"}
        maxLength={NAME_MAX_LENGTH}
        defaultValue={value("name")}
        error={errors.name}
      />
      <div className="grid gap-6 sm:grid-cols-2">
        <TextField
          id={id("email")}
          name="email"
          type="email"
          label={forStaff ? "Email address (if they gave one)" : "Email address"}
          hint={
            forStaff
              ? "Letters go to it. Without one, write by post."
              : "We send our letters about your complaint to it."
          }
          autoComplete={forStaff ? "off" : "email"}
          maxLength={EMAIL_MAX_LENGTH}
          defaultValue={value("email")}
          error={errors.email}
        />
        <TextField
          id={id("phone")}
          name="phone"
          type="tel"
          label="Phone number (optional)"
          autoComplete={forStaff ? "off" : "tel"}
          maxLength={PHONE_MAX_LENGTH}
          defaultValue={value("phone")}
          error={errors.phone}
        />
      </div>
      <fieldset aria-describedby={errors.about ? `${id("about")}-error` : undefined}>
        <legend className="font-semibold text-slate-900">What is the complaint about?</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {Object.entries(COMPLAINT_SUBJECTS).map(([key, label], index) => (
            <label
              key={key}
              className="flex min-h-12 cursor-pointer items-center gap-3 rounded-lg border border-slate-400 px-3 py-2 has-[:checked]:border-2 has-[:checked]:border-brand-700"
            >
              <input
                type="radio"
                name="about"
                value={key}
                id={index === 0 ? id("about") : undefined}
                defaultChecked={value("about") === key}
                aria-invalid={errors.about ? true : undefined}
                className="h-5 w-5 accent-brand-700"
              />
              {label}
            </label>
          ))}
        </div>
        <FieldError id={`${id("about")}-error`} error={errors.about} />
      </fieldset>
      <TextArea
        field="words"
        label={forStaff ? "What went wrong, in their words" : "What went wrong?"}
        hint={`Tell us what happened and when. Please do not include bank details. Up to ${COMPLAINT_WORDS_MAX_LENGTH.toLocaleString("en-GB")} characters.`}
        rows={8}
        maxLength={COMPLAINT_WORDS_MAX_LENGTH}
        value={value("words")}
        error={errors.words}
      />
      <TextArea
        field="wanted"
        label={`What would ${they} like us to do to put it right? (optional)`}
        rows={3}
        maxLength={COMPLAINT_WANTED_MAX_LENGTH}
        value={value("wanted")}
        error={errors.wanted}
      />
      {!forStaff && (
        // Robots fill every field; people never see this one.
        <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
          <label htmlFor="complaint-website">Leave this field empty</label>
          <input id="complaint-website" name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
      )}
      <Button type="submit" size="lg" className="w-full sm:w-auto">
        {submitLabel}
      </Button>
    </form>
  );
}

function TextArea({
  field,
  label,
  hint,
  rows,
  maxLength,
  value,
  error,
}: {
  field: ComplaintField;
  label: string;
  hint?: string;
  rows: number;
  maxLength: number;
  value: string;
  error?: string;
}) {
  return (
    <div>
      <label htmlFor={id(field)} className="block font-semibold text-slate-900">
        {label}
      </label>
      {hint && <FieldHint id={`${id(field)}-hint`}>{hint}</FieldHint>}
      <textarea
        id={id(field)}
        name={field}
        rows={rows}
        maxLength={maxLength}
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id(field), hint, error)}
        className={cn(controlClass, "mt-1.5")}
      />
      <FieldError id={`${id(field)}-error`} error={error} />
    </div>
  );
}
