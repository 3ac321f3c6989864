import {
  type ComponentType,
  type FormEvent,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { useLocation, useNavigate } from "react-router";
import { landingPageUrl } from "~/components/landing-page";
import { useSite } from "~/components/site-config";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { ErrorSummary, focusErrorSummary } from "~/components/ui/error-summary";
import { Spinner } from "~/components/ui/spinner";
import { toast } from "~/components/ui/toaster";
import { SAVE_UNCERTAIN_TITLE, VALIDATION_ERROR_TITLE } from "~/domain/messages";
import type { AnswerRow } from "./check-answers";
import type { EndStep } from "./contact-step";
import type { ContactAnswers } from "./contact-fields";
import { FormProgress } from "./form-progress";
import {
  answersAsFields,
  CHANGE_FIELD,
  INTENT_FIELD,
  STEP_FIELD,
  type StepFormState,
  SUBMISSION_KEY_FIELD,
} from "~/domain/step-form-post";
import type { LeadKind, SendOutcome } from "./send-lead";
import { type StepFlow, stepProblems } from "~/domain/step-flow";
import { stepIssueToast, useStepForm } from "./use-step-form";

export const SUBMITTING_LABEL = "Submitting...";

/** What a step's questions are drawn with: the answers, and the form's ways to change them. */
export interface StepProps<A, F extends string> {
  answers: A;
  update(patch: Partial<A>): void;
  touch(field: F): void;
  errorFor(field: F): string | undefined;
  /** Next was pressed on this step (what shows only then, such as another route offered, waits for it). */
  attempted: boolean;
}

/** The two steps every form ends on: 'Your details', then 'Check your answers' (decision 500). */
export type { EndStep };
const isEndStep = (step: string): step is EndStep => step === "contact" || step === "check";

/** A toast: its title, and what it says under it. */
export type ToastText = { title: string; description?: string };

/**
 * One step form's screen: its domain flow, and the few things in which one form's screen
 * differs from another's (names, labels, toasts). The shell draws every step form the same.
 */
export interface StepFormScreen<A extends ContactAnswers, S extends string, F extends string> {
  flow: StepFlow<A, S, F>;
  /** Prefix of the fields' ids, unique on the page. */
  idPrefix: string;
  /** Each step's heading: the focus lands here when the step changes. */
  titles: Record<S, string>;
  /** The controls on each step, in the order they appear: the first one with a problem gets the focus. */
  fields: Record<S, F[]>;
  /** The questions of every step but the last. */
  Step: ComponentType<StepProps<A, F> & { step: Exclude<S, EndStep> }>;
  finalLabel: string;
  /**
   * The checks the final button runs after the step's own: a message for what is wrong
   * elsewhere than on the last step (a toast, as no field there is in error), or null.
   */
  submitIssue?(answers: A): string | null;
  /**
   * Loaded (with zod) on the way to the last steps: the lead the form sends, and the
   * answers of the steps before 'Your details' as 'Check your answers' lists them.
   */
  loadEnd(): Promise<{ lead: LeadKind<A, object>; answerRows(answers: A): AnswerRow[] }>;
  /** The toast when sending fails with `message`; `unloaded` when the sending code itself could not load. */
  failedToast(message: string): ToastText;
  unloaded: string;
  /** A toast to show once the lead is sent, before the thank-you page. */
  sentToast?: string;
  /** Anything drawn under the step for these answers (a risk warning). */
  below?(answers: A, step: S): ReactNode;
}

// The last steps' module also brings the sending (one chunk, one request, fetched on the way there).
const loadContactStep = () => import("./contact-step");

type ContactStepProps<A> = Omit<import("./contact-step").ContactStepProps, "rows" | "answers"> & { answers: A };

// One lazy end of the form per screen, made once: the last two steps with that form's 'Check your answers' rows.
const contactSteps = new WeakMap<object, ComponentType<ContactStepProps<never>>>();
function contactStepOf<A extends ContactAnswers>(screen: Pick<StepFormScreen<A, string, string>, "loadEnd">) {
  let step = contactSteps.get(screen) as ComponentType<ContactStepProps<A>> | undefined;
  if (!step) {
    step = lazy(async () => {
      const [{ default: ContactStep }, { answerRows }] = await Promise.all([loadContactStep(), screen.loadEnd()]);
      return { default: (props: ContactStepProps<A>) => <ContactStep {...props} rows={answerRows(props.answers)} /> };
    });
    contactSteps.set(screen, step as ComponentType<ContactStepProps<never>>);
  }
  return step;
}

/**
 * A step form (the eligibility check, the quick check): one step at a time, the step in
 * the URL and the answers in this tab's storage; Next on an incomplete step is refused with
 * the error summary and each field's message, in the same words, and no toast (D30); the last step checks the answers and sends the lead once,
 * whatever the clicking. Every rule comes from the screen's flow (the domain).
 */
export function StepForm<A extends ContactAnswers, S extends string, F extends string>({
  screen,
  posted,
}: {
  screen: StepFormScreen<A, S, F>;
  /** What the server answered a post of this form without script (the route's action data). */
  posted?: StepFormState<A, S>;
}) {
  const site = useSite();
  const navigate = useNavigate();
  const location = useLocation();
  const formElement = useRef<HTMLFormElement>(null);
  const form = useStepForm(screen.flow, posted, formElement, screen.fields);
  const summaryElement = useRef<HTMLDivElement>(null);
  // A refusal just drawn by the script: its summary takes the focus (DECISIONS D24), in the
  // commit that draws it, so no press on one of its links comes before it.
  useLayoutEffect(() => {
    if (form.summary?.focus) focusErrorSummary(summaryElement.current);
  }, [form.summary]);
  const { answers, current } = form;
  const [submitting, setSubmitting] = useState(false);
  const sending = useRef(false);
  const [website, setWebsite] = useState("");
  const ids = useId();
  const isLast = current === screen.flow.checkStep;
  const atEnd = isEndStep(current);
  const ContactStep = contactStepOf(screen);
  // The last two steps are drawn by a module of their own: a page opened on one (posted
  // without script) hydrates the form before that step's controls, which stay the server's
  // until the module comes. Till then the form stays the plain one, posted as it is.
  const [lastStepOwned, setLastStepOwned] = useState(!atEnd);
  const { adoptFromPage } = form;
  const firstLastStep = useRef<ReactNode>(null);
  const lastStepReady = useCallback(() => {
    adoptFromPage();
    setLastStepOwned(true);
  }, [adoptFromPage]);
  /**
   * React does not own the controls yet: the form is the server's plain one, whose post
   * (with the answers before in hidden fields) the step's page answers. A press then is
   * left to the browser to post, so it lands once, whatever moment of the page's waking
   * it came at.
   */
  const plain = !form.hydrated || (atEnd && !lastStepOwned);

  // The last steps and the sending (with zod, for the schema) load as the borrower nears
  // them, not with the page: the first step is all most first visits need.
  useEffect(() => {
    if (current === "credit" || isEndStep(current)) {
      void loadContactStep();
      void screen.loadEnd();
    }
  }, [current, screen]);

  /** Puts the focus on the first field of the step with a problem. */
  function focusFirstProblem() {
    const first = screen.fields[current].find((field) => {
      if (form.issues.errors[field]) return true;
      const value = answers[field as unknown as keyof A];
      return value === undefined || value === "" || value === false;
    });
    if (first) formElement.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }

  function handleNext(event?: FormEvent) {
    if (plain) return;
    event?.preventDefault();
    if (sending.current) return;
    if (!form.attemptNext()) {
      // The error summary and each field say what is wrong (D30); the summary takes the
      // focus once drawn; without one, the first field in trouble does.
      if (stepProblems(form.issues, screen.fields[current]).length === 0) focusFirstProblem();
      return;
    }
    if (isLast && screen.submitIssue) {
      void submit(screen.submitIssue);
      return;
    }
    const next = form.nextMove();
    if (next.kind === "external") {
      form.leaveFor(`external:${next.partner}`);
      window.location.assign(site.partners[`${next.partner}Url`]);
    } else if (next.kind === "redirect") {
      form.leaveFor(next.to);
      navigate(next.to);
    } else if (next.kind === "step") {
      form.goTo(next.step, form.changing);
    } else {
      void submit();
    }
  }

  async function submit(submitIssue?: (answers: A) => string | null) {
    // Reached only with the last step's own fields in order: what is left is elsewhere,
    // with no field here to say it, so a toast does.
    const issue = submitIssue?.(answers);
    if (issue) {
      void stepIssueToast.error(issue);
      return;
    }
    // Set before anything is awaited: a second click finds it set (the button is also disabled).
    sending.current = true;
    setSubmitting(true);
    let sender: typeof import("./contact-step") | undefined;
    let outcome: SendOutcome;
    try {
      const [loaded, { lead }] = await Promise.all([loadContactStep(), screen.loadEnd()]);
      sender = loaded;
      outcome = await sender.sendLead(lead, {
        answers,
        landingPageUrl: landingPageUrl(),
        website,
        submission: form.submission,
        remember: form.setSubmission,
      });
    } catch {
      // The sending code could not load (a dropped connection): the answers stay.
      outcome = { kind: "failed", message: screen.unloaded };
    }
    if (outcome.kind === "sent") {
      if (screen.sentToast) void toast.success(screen.sentToast);
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
      const text = screen.failedToast(outcome.message);
      void toast.error(text.title, { description: text.description });
    } else if (outcome.kind === "uncertain") {
      // Not a failure to report: it may have been received, and pressing again is safe.
      void toast.warning(SAVE_UNCERTAIN_TITLE, { description: outcome.message, duration: 10_000 });
    }
  }

  const headingId = `${ids}-step-heading`;
  const { Step } = screen;
  const drawnLastStep = (
    <Suspense fallback={<Spinner label="Loading..." className="py-10" />}>
      <ContactStep
        step={current as EndStep}
        idPrefix={screen.idPrefix}
        answers={answers}
        update={form.update as (patch: Partial<ContactAnswers>) => void}
        touch={form.touch as unknown as (field: keyof ContactAnswers) => void}
        errorFor={form.errorFor as unknown as (field: keyof ContactAnswers) => string | undefined}
        brandName={site.brandName}
        website={website}
        setWebsite={setWebsite}
        headingId={headingId}
        live={!plain}
        onReady={lastStepReady}
      />
    </Suspense>
  );
  // Until its module has come and React owns it, the last step is handed the very element
  // it was first drawn with: React takes new props for a part it has not hydrated yet as a
  // reason to throw the server's part away and draw the spinner in its place, which moved
  // the final button from under a finger on its way down and dropped what was typed since.
  if (!lastStepOwned) firstLastStep.current ??= drawnLastStep;
  const lastStep = lastStepOwned ? drawnLastStep : firstLastStep.current;
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
      <FormProgress {...form.progress} />
      {form.summary && (
        <ErrorSummary
          ref={summaryElement}
          className="mt-6"
          autoFocus={!form.hydrated}
          problems={form.summary.problems.map(({ field, message }) => ({
            targetId: `${screen.idPrefix}-${field}`,
            message,
          }))}
        />
      )}
      <form
        ref={formElement}
        // Before the script runs (or if it never does) each step is posted to the page's
        // action, which runs the same rules (form-post.ts); the script takes over the submit.
        method="post"
        // The page's own address without its fragment: a post answered with an error summary
        // must not land on a fragment a summary link left (autofocus is skipped there).
        action={`${location.pathname}${location.search}`}
        noValidate
        // A browser that restores form fields on reload (Firefox restores hidden ones too)
        // must not bring back another step's answers over this page's. On the form: HTML
        // allows no autocomplete on a hidden field; the contact fields name their own.
        autoComplete="off"
        onSubmit={handleNext}
        aria-labelledby={headingId}
        className="mt-6"
        // For tests and styling: the answers are loaded and the controls live.
        data-hydrated={!plain || undefined}
      >
        <h2
          ref={form.headingRef}
          id={headingId}
          tabIndex={-1}
          className="text-2xl font-bold text-slate-900 outline-none"
        >
          {screen.titles[current]}
        </h2>
        {plain && (
          <PlainFormFields
            current={current}
            answers={answers}
            except={screen.fields[current]}
            submissionKey={posted?.submissionKey}
            changing={form.changing}
          />
        )}
        <div className="mt-5">
          {atEnd ? (
            lastStep
          ) : (
            <Step
              step={current as Exclude<S, EndStep>}
              answers={answers}
              update={form.update}
              touch={form.touch}
              errorFor={form.errorFor}
              attempted={form.attempted}
            />
          )}
        </div>
        {screen.below?.(answers, current)}
        {isLast && (
          // What sending does, said once, just above the button that does it (D30).
          <p className="mt-6 text-slate-700">
            When you send this, your details go to the advisers at {site.brandName}, who will call or email you as you
            ask.
          </p>
        )}
        {posted?.notice && (
          <p role="alert" className="mt-6 font-semibold text-red-700">
            {posted.notice}
          </p>
        )}
        <div className="mt-8 flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
          {!plain ? (
            <Button variant="outline" onClick={form.back} disabled={submitting}>
              Previous
            </Button>
          ) : (
            // Without script it posts the answers and asks for the step before; the first
            // step's 'page before' needs the browser's history, so it waits for the script.
            <Button
              variant="outline"
              type="submit"
              name={INTENT_FIELD}
              value="back"
              formNoValidate
              className={cn(form.index === 0 && "invisible")}
            >
              Previous
            </Button>
          )}
          <Button
            type="submit"
            size="lg"
            // Never looks unavailable, as GOV.UK's buttons never do: pressed on an incomplete
            // step it says what is missing (D30, decision 381). Only a send in flight disables it.
            disabled={submitting}
            className="sm:min-w-48"
          >
            {isLast ? (submitting ? SUBMITTING_LABEL : screen.finalLabel) : "Next"}
          </Button>
        </div>
      </form>
      <p className="sr-only" aria-live="polite">
        {submitting ? SUBMITTING_LABEL : ""}
      </p>
    </div>
  );
}

/**
 * What a plain form post carries besides the step's own fields: a default button first
 * (so Enter means Next, not Previous or Change), the step shown, the earlier answers
 * (checked again by the server at every step) and, on the last step, its submission key.
 */
function PlainFormFields({
  current,
  answers,
  except,
  submissionKey,
  changing,
}: {
  current: string;
  answers: object;
  except: readonly string[];
  submissionKey: string | undefined;
  /** The step was reached by 'Change': its Next goes back to the last step. */
  changing: boolean;
}) {
  return (
    <>
      <button type="submit" tabIndex={-1} aria-hidden="true" className="absolute -left-[10000px]">
        Next
      </button>
      <input type="hidden" name={STEP_FIELD} value={current} />
      {answersAsFields(answers, except).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {submissionKey && <input type="hidden" name={SUBMISSION_KEY_FIELD} value={submissionKey} />}
      {changing && <input type="hidden" name={CHANGE_FIELD} value="1" />}
    </>
  );
}
