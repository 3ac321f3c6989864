import { type FormEvent, lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { landingPageUrl } from "~/components/landing-page";
import { useSite } from "~/components/site-config";
import { FormProgress } from "~/components/step-form/form-progress";
import { STEP_ISSUE_TOAST, useStepForm } from "~/components/step-form/use-step-form";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { Spinner } from "~/components/ui/spinner";
import { RepossessionWarning } from "~/components/risk-warnings";
import { toast } from "~/components/ui/toaster";
import { VALIDATION_ERROR_TITLE } from "~/domain/main-form";
import {
  ENQUIRY_FAILED,
  ENQUIRY_SUCCESS,
  QUICK_FORM_SUBMIT_LABEL,
  quickNextAfter,
  quickSubmitIssue,
  REQUIRED_FIELD_TITLE,
} from "~/domain/quick-form";
import { QUICK_CHECK_FLOW, QUICK_STEP_FIELDS, QUICK_STEP_TITLES, STEPS_BEFORE_CHOOSING } from "./flow";
import { QuickCheckStep } from "./quick-check-steps";
import type { SendOutcome } from "./send-enquiry";

export const SUBMITTING_LABEL = "Submitting...";

// The last step and the sending (with zod) load as the borrower nears them.
const loadContactStep = () => import("./contact-step");
const loadSender = () => import("./send-enquiry");
const ContactStep = lazy(loadContactStep);

/**
 * The Quick Eligibility Check (/apply-personal). Loan type first: bridging and business
 * leave for the sister sites; personal loans go to a partner after amount and residential
 * status (D4); homeowner loans take seven steps and end in an enquiry and /thank-you.
 */
export function QuickCheckForm() {
  const site = useSite();
  const navigate = useNavigate();
  const form = useStepForm(QUICK_CHECK_FLOW);
  const { answers, current } = form;
  const [submitting, setSubmitting] = useState(false);
  const sending = useRef(false);
  const [website, setWebsite] = useState("");
  const formElement = useRef<HTMLFormElement>(null);
  const ids = useId();
  const isLast = current === "contact";
  const total = form.total > 1 ? form.total : STEPS_BEFORE_CHOOSING;

  useEffect(() => {
    if (current === "credit" || current === "contact") {
      void loadContactStep();
      void loadSender();
    }
  }, [current]);

  function focusFirstProblem() {
    const first = QUICK_STEP_FIELDS[current].find((field) => {
      if (form.issues.errors[field]) return true;
      const value = answers[field];
      return value === undefined || value === "" || value === false;
    });
    if (first) formElement.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }

  function handleNext(event?: FormEvent) {
    event?.preventDefault();
    if (sending.current) return;
    if (isLast) {
      form.attemptNext();
      void submit();
      return;
    }
    if (!form.attemptNext()) {
      const missing = form.issues.missing[0];
      if (missing) void toast.error(REQUIRED_FIELD_TITLE, { description: missing, id: STEP_ISSUE_TOAST });
      focusFirstProblem();
      return;
    }
    const next = quickNextAfter(current, answers);
    if (next.kind === "external") {
      form.leaveFor(`external:${next.partner}`);
      window.location.assign(next.partner === "bridging" ? site.partners.bridgingUrl : site.partners.businessUrl);
    } else if (next.kind === "redirect") {
      form.leaveFor(next.to);
      navigate(next.to);
    } else if (next.kind === "step") {
      form.goTo(next.step);
    } else {
      void submit();
    }
  }

  async function submit() {
    // The spec's submit checks first, each with its own message (section 5).
    const issue = quickSubmitIssue(answers);
    if (issue) {
      void toast.error(issue, { id: STEP_ISSUE_TOAST });
      focusFirstProblem();
      return;
    }
    sending.current = true;
    setSubmitting(true);
    let sender: typeof import("./send-enquiry") | undefined;
    let outcome: SendOutcome;
    try {
      sender = await loadSender();
      outcome = await sender.sendEnquiry({
        answers,
        landingPageUrl: landingPageUrl(),
        website,
        submission: form.submission,
        remember: form.setSubmission,
      });
    } catch {
      outcome = { kind: "failed", message: ENQUIRY_FAILED };
    }
    if (outcome.kind === "sent") {
      void toast.success(ENQUIRY_SUCCESS);
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
      void toast.error(outcome.message);
    }
  }

  const headingId = `${ids}-step-heading`;
  // The last step's button stays enabled: pressing it runs the spec's submit checks.
  const looksDisabled = !isLast && !form.complete;
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
      <FormProgress step={form.index + 1} total={total} />
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
          {QUICK_STEP_TITLES[current]}
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
            <QuickCheckStep
              step={current}
              answers={answers}
              update={form.update}
              touch={form.touch}
              errorFor={form.errorFor}
            />
          )}
        </div>
        {/* D19: the secured-lending warning goes with the secured product, not a personal-loan hand-off. */}
        {answers.loanType === "homeowner" && <RepossessionWarning className="mt-6" />}
        <div className="mt-8 flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
          <Button variant="outline" onClick={form.back} disabled={submitting}>
            Previous
          </Button>
          <Button
            type="submit"
            size="lg"
            aria-disabled={looksDisabled || undefined}
            disabled={submitting}
            className={cn(looksDisabled && "cursor-not-allowed opacity-60", "sm:min-w-48")}
          >
            {isLast ? (submitting ? SUBMITTING_LABEL : QUICK_FORM_SUBMIT_LABEL) : "Next"}
          </Button>
        </div>
      </form>
      <p className="sr-only" aria-live="polite">
        {submitting ? SUBMITTING_LABEL : ""}
      </p>
    </div>
  );
}
