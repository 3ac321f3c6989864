import { type FormEvent, lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { landingPageUrl } from "~/components/landing-page";
import { useSite } from "~/components/site-config";
import { FormProgress } from "~/components/step-form/form-progress";
import { STEP_ISSUE_TOAST, useStepForm } from "~/components/step-form/use-step-form";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { Spinner } from "~/components/ui/spinner";
import { toast } from "~/components/ui/toaster";
import {
  INVALID_PROPERTY_VALUE_TITLE,
  nextAfter,
  REQUIRED_FIELD_TITLE,
  VALIDATION_ERROR_TITLE,
} from "~/domain/main-form";
import { EligibilityStep } from "./eligibility-steps";
import { ELIGIBILITY_FLOW, STEP_FIELDS, STEP_TITLES } from "./flow";
import { SUBMISSION_FAILED_PREFIX, SUBMISSION_FAILED_TITLE, UNKNOWN_ERROR } from "./messages";
import type { SendOutcome } from "./send-quote";

export const FINAL_BUTTON_LABEL = "Check Eligibility »";
export const SUBMITTING_LABEL = "Submitting...";

// The last step and the sending (with zod, for the schema) load as the borrower nears
// them, not with the page: the first step is all most first visits need.
const loadContactStep = () => import("./contact-step");
const loadSender = () => import("./send-quote");
const ContactStep = lazy(loadContactStep);

/**
 * The main eligibility check (/apply, /loan-application): one step at a time, the step
 * in the URL and the answers in this tab's storage; Next is refused with the spec's
 * toasts while a step is incomplete; the last step checks the answers and sends the
 * quote once, whatever the clicking.
 */
export function EligibilityForm() {
  const site = useSite();
  const navigate = useNavigate();
  const form = useStepForm(ELIGIBILITY_FLOW);
  const { answers, current } = form;
  const [submitting, setSubmitting] = useState(false);
  const sending = useRef(false);
  const [website, setWebsite] = useState("");
  const formElement = useRef<HTMLFormElement>(null);
  const ids = useId();
  const isLast = form.index === form.total - 1;

  useEffect(() => {
    if (current === "credit" || current === "contact") {
      void loadContactStep();
      void loadSender();
    }
  }, [current]);

  /** Says what stops the step (a toast) and puts the focus on the first field concerned. */
  function explainIssues() {
    const { missing, errors } = form.issues;
    if (errors.propertyValue) {
      void toast.error(INVALID_PROPERTY_VALUE_TITLE, { description: errors.propertyValue, id: STEP_ISSUE_TOAST });
    } else if (missing[0]) {
      void toast.error(REQUIRED_FIELD_TITLE, { description: missing[0], id: STEP_ISSUE_TOAST });
    }
    const first = STEP_FIELDS[current].find((field) => {
      if (errors[field]) return true;
      const value = answers[field];
      return value === undefined || value === "" || value === false;
    });
    if (first) formElement.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }

  function handleNext(event?: FormEvent) {
    event?.preventDefault();
    if (sending.current) return;
    if (!form.attemptNext()) {
      explainIssues();
      return;
    }
    const next = nextAfter(current, answers);
    if (next.kind === "redirect") {
      form.leaveFor(next.to);
      navigate(next.to);
    }
    else if (next.kind === "step") form.goTo(next.step);
    else void submit();
  }

  async function submit() {
    // Set before anything is awaited: a second click finds it set (the button is also disabled).
    sending.current = true;
    setSubmitting(true);
    let sender: typeof import("./send-quote") | undefined;
    let outcome: SendOutcome;
    try {
      sender = await loadSender();
      outcome = await sender.sendQuote({
        answers,
        landingPageUrl: landingPageUrl(),
        website,
        submission: form.submission,
        remember: form.setSubmission,
      });
    } catch {
      // The sending code could not load (a dropped connection): the answers stay.
      outcome = { kind: "failed", message: UNKNOWN_ERROR };
    }
    if (outcome.kind === "sent") {
      form.finish();
      navigate(`/thank-you?ref=${encodeURIComponent(outcome.id)}`);
      return;
    }
    sending.current = false;
    setSubmitting(false);
    if (outcome.kind === "invalid" && sender) {
      const { ValidationErrors } = sender;
      void toast.error(VALIDATION_ERROR_TITLE, {
        description: <ValidationErrors errors={outcome.errors} />,
        duration: 8_000,
      });
    } else if (outcome.kind === "failed") {
      void toast.error(SUBMISSION_FAILED_TITLE, { description: `${SUBMISSION_FAILED_PREFIX}${outcome.message}` });
    }
  }

  const headingId = `${ids}-step-heading`;
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
      <FormProgress step={form.index + 1} total={form.total} />
      <form
        ref={formElement}
        noValidate
        onSubmit={handleNext}
        aria-labelledby={headingId}
        className="mt-6"
        // For tests and styling: the answers are loaded and the controls live.
        data-hydrated={form.hydrated || undefined}
      >
        <h2
          ref={form.headingRef}
          id={headingId}
          tabIndex={-1}
          className="text-2xl font-bold text-slate-900 outline-none"
        >
          {STEP_TITLES[current]}
        </h2>
        <div className="mt-5">
          {current === "contact" ? (
            <Suspense fallback={<Spinner label="Loading..." className="py-10" />}>
              <ContactStep
                answers={answers}
                update={form.update}
                touch={form.touch}
                errorFor={form.errorFor}
                brandName={site.brandName}
                website={website}
                setWebsite={setWebsite}
                checkHeadingId={`${ids}-check`}
              />
            </Suspense>
          ) : (
            <EligibilityStep
              step={current}
              answers={answers}
              update={form.update}
              touch={form.touch}
              errorFor={form.errorFor}
            />
          )}
        </div>
        <div className="mt-8 flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
          <Button variant="outline" onClick={form.back} disabled={submitting}>
            Previous
          </Button>
          <Button
            type="submit"
            size="lg"
            // Looks and reads as unavailable while the step is incomplete, yet stays in the
            // tab order and, pressed, says what is missing (the spec's 'Required Field' toasts).
            aria-disabled={!form.complete || undefined}
            disabled={submitting}
            className={cn(!form.complete && "cursor-not-allowed opacity-60", "sm:min-w-48")}
          >
            {isLast ? (submitting ? SUBMITTING_LABEL : FINAL_BUTTON_LABEL) : "Next"}
          </Button>
        </div>
      </form>
      <p className="sr-only" aria-live="polite">
        {submitting ? SUBMITTING_LABEL : ""}
      </p>
    </div>
  );
}
