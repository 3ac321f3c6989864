import { type ComponentProps, type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useHydrated } from "~/components/use-hydrated";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { ErrorSummary, focusErrorSummary } from "~/components/ui/error-summary";
import { controlBoxClass, FieldError } from "~/components/ui/field";
import { toast } from "~/components/ui/toaster";
import {
  CONTACT_MESSAGE_MAX_LENGTH,
  CONTACT_SUBJECT_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PHONE_MAX_LENGTH,
} from "~/domain/field-limits";
import { CONTACT_FIELDS, type ContactField, type ContactFormReply } from "~/domain/contact-form";

type Values = ContactFormReply["values"];
type Errors = ContactFormReply["errors"];

const EMPTY: Values = { name: "", email: "", phone: "", subject: "", message: "" };

export const SEND_FAILED_TITLE = "Error";
export const SEND_FAILED_MESSAGE = "There was a problem sending your message. Please try again.";

// The schema (and zod with it) loads when the visitor starts on the form, not with the page.
const loadSchemas = () => import("~/domain/schemas");

/**
 * The contact form (spec sections 4 and 5): the spec's messages on submit, checked by the
 * same schema as the server; 'Sending...' while it posts to /api/contact; the thank-you
 * panel with 'Send Another Message'; on failure an 'Error' toast, and the form kept.
 * Before scripts load it is a plain form posted to the page's own action, which answers
 * with /contact-thankyou, or with this form again: `reply` keeps what the visitor wrote
 * and says what to fix.
 */
export function ContactForm({ reply }: { reply?: ContactFormReply }) {
  const hydrated = useHydrated();
  const [values, setValues] = useState<Values>(reply?.values ?? EMPTY);
  const [errors, setErrors] = useState<Errors>(reply?.errors ?? {});
  const [problem, setProblem] = useState(reply?.problem);
  // The error summary: every field's problem as it was at the last refusal (DECISIONS D24);
  // `focus` when the script drew it, a page from the server focuses it by itself (autofocus).
  const [summary, setSummary] = useState<{ errors: Errors; focus: boolean }>({
    errors: reply?.errors ?? {},
    focus: false,
  });
  const summaryElement = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (summary.focus) focusErrorSummary(summaryElement.current);
  }, [summary]);
  const [status, setStatus] = useState<"editing" | "sending" | "sent">("editing");
  const form = useRef<HTMLFormElement>(null);
  const sentHeading = useRef<HTMLHeadingElement>(null);
  // Once the thank-you panel is drawn (not before: a frame callback can run ahead of React's render).
  useEffect(() => {
    if (status === "sent") sentHeading.current?.focus();
  }, [status]);
  const honeypot = useRef<HTMLInputElement>(null);
  const ids = useId();

  const update = (field: ContactField) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status === "sending") return;
    setProblem(undefined);
    const { contactSchema } = await loadSchemas();
    const checked = contactSchema.safeParse(values);
    if (!checked.success) {
      const found: Errors = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0] as ContactField;
        found[field] ??= issue.message;
      }
      setErrors(found);
      setSummary({ errors: found, focus: true });
      return;
    }
    setErrors({});
    setSummary({ errors: {}, focus: false });
    setStatus("sending");
    try {
      const response = await fetch("/api/contact", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ ...values, website: honeypot.current?.value ?? "" }),
      });
      if (!response.ok) throw new Error(`contact form refused with ${response.status}`);
      setStatus("sent");
    } catch {
      setStatus("editing");
      void toast.error(SEND_FAILED_TITLE, { description: SEND_FAILED_MESSAGE });
    }
  }

  function reset() {
    setValues(EMPTY);
    setErrors({});
    setSummary({ errors: {}, focus: false });
    setStatus("editing");
    requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[name="name"]')?.focus());
  }

  if (status === "sent") {
    return (
      <div className="rounded-2xl border-2 border-accent-600 bg-accent-50 p-8 text-center" role="status">
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="mx-auto h-12 w-12 text-accent-700"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <circle cx="12" cy="12" r="10" />
          <path d="m7 12 3.5 3.5L17 9" />
        </svg>
        <h2 ref={sentHeading} tabIndex={-1} className="mt-4 text-2xl font-bold text-slate-900 outline-none">
          Message Sent!
        </h2>
        <p className="mt-3 text-slate-700">
          Thank you for contacting us. We have received your message and will reply within 24 hours on working days. A
          copy of your message has been sent to your email address.
        </p>
        <Button variant="outline" className="mt-6" onClick={reset}>
          Send Another Message
        </Button>
      </div>
    );
  }

  const sending = status === "sending";
  return (
    <form
      ref={form}
      id="contact-form"
      method="post"
      action="/contact-us"
      // The spec's messages, from the schema, rather than the browser's: checked here with
      // script, by the server without (which answers with this form and its error summary).
      noValidate
      onSubmit={submit}
      onFocus={() => void loadSchemas()}
      className="space-y-5"
      aria-describedby={`${ids}-required`}
    >
      <ErrorSummary
        ref={summaryElement}
        autoFocus={!hydrated}
        problems={CONTACT_FIELDS.flatMap((field) => {
          const message = summary.errors[field];
          return message ? [{ targetId: `contact-${field}`, message }] : [];
        })}
      />
      {/* What the summary cannot say: a refusal that is not about a field (the rate limit). */}
      {problem && Object.keys(summary.errors).length === 0 && (
        <p role="alert" className="rounded-lg border border-red-700 bg-red-50 p-3 font-semibold text-red-800">
          {problem}
        </p>
      )}
      <p id={`${ids}-required`} className="text-sm text-slate-700">
        All fields are required.
      </p>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          name="name"
          label="Full name"
          autoComplete="name"
          minLength={2}
          maxLength={NAME_MAX_LENGTH}
          value={values.name}
          onChange={update("name")}
          error={errors.name}
        />
        <TextField
          name="email"
          label="Email address"
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={update("email")}
          error={errors.email}
        />
        <TextField
          name="phone"
          label="Phone number"
          type="tel"
          autoComplete="tel"
          minLength={10}
          maxLength={PHONE_MAX_LENGTH}
          value={values.phone}
          onChange={update("phone")}
          error={errors.phone}
        />
        <TextField
          name="subject"
          label="Subject"
          minLength={5}
          maxLength={CONTACT_SUBJECT_MAX_LENGTH}
          value={values.subject}
          onChange={update("subject")}
          error={errors.subject}
        />
      </div>
      <TextField
        name="message"
        label="Message"
        multiline
        minLength={10}
        maxLength={CONTACT_MESSAGE_MAX_LENGTH}
        value={values.message}
        onChange={update("message")}
        error={errors.message}
      />
      {/* Robots fill every field; people never see this one. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor={`${ids}-website`}>Leave this field empty</label>
        <input
          ref={honeypot}
          id={`${ids}-website`}
          name="website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>
      <Button type="submit" size="lg" disabled={sending} className="w-full sm:w-auto">
        {sending ? "Sending..." : "Send Message"}
      </Button>
    </form>
  );
}

type TextFieldProps = {
  name: ContactField;
  label: string;
  error?: string;
  multiline?: boolean;
} & Pick<ComponentProps<"input">, "type" | "autoComplete" | "minLength" | "maxLength" | "value" | "onChange">;

function TextField({ name, label, error, multiline, onChange, ...props }: TextFieldProps) {
  const id = `contact-${name}`;
  const errorId = `${id}-error`;
  const shared = {
    id,
    name,
    required: true,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
    className: cn(controlBoxClass, "mt-1.5 text-base"),
  };
  return (
    <div>
      <label htmlFor={id} className="block font-semibold text-slate-900">
        {label}
      </label>
      {multiline ? (
        <textarea
          {...shared}
          rows={6}
          minLength={props.minLength}
          maxLength={props.maxLength}
          value={props.value}
          onChange={onChange as ComponentProps<"textarea">["onChange"]}
        />
      ) : (
        <input {...shared} {...props} onChange={onChange} />
      )}
      <FieldError id={errorId} error={error} />
    </div>
  );
}
