import { type RefObject, startTransition, useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { toastSlot } from "../ui/toaster";
import { answersChangedInForm, CHANGE_FIELD, type StepFormState } from "~/domain/step-form-post";
import {
  type FieldIssue,
  type FlowNext,
  nextAfterChange,
  resolveStep,
  type StepFlow,
  stepProblems,
  stepProgress,
} from "~/domain/step-flow";
import { readStoredForm, removeStoredForm, type StoredForm, type Submission, writeStoredForm } from "./session-answers";

type FunnelBeacon = typeof import("./funnel-beacon");
let funnelBeacon: FunnelBeacon | undefined;

/**
 * Counting a step (DECISIONS D16) waits for the beacon's module, fetched when the form
 * has woken and counts its first step: it is no part of the page's first script. Once
 * loaded it is called at once, so a report made as the page is left is still sent.
 */
function withFunnelBeacon(report: (beacon: FunnelBeacon) => void) {
  if (funnelBeacon) return report(funnelBeacon);
  import("./funnel-beacon").then(
    (loaded) => {
      funnelBeacon = loaded;
      report(loaded);
    },
    () => {
      // Counting is never worth an error in the borrower's way.
    },
  );
}

/** The toast that says what stops a step: one at a time, closed when the step changes. */
export const stepIssueToast = toastSlot("step-issue");

/**
 * A step-by-step form whose answers live in sessionStorage and whose step lives in the
 * URL (`?step=<id>`): reload keeps the answers, back and forward move between steps.
 * Before hydration (and in the prerendered HTML) it is the first step of an empty form.
 */
export function useStepForm<A extends object, S extends string, F extends string>(
  flow: StepFlow<A, S, F>,
  /** The step and answers the server showed after a post without script (form-post.ts), if any. */
  posted: StepFormState<A, S> | undefined,
  /** The form on the page, read once on hydration for answers given before the script came. */
  formElement: RefObject<HTMLFormElement | null>,
  /** The controls on each step, in the order they appear: the order the error summary lists them in. */
  fields: Record<S, readonly F[]>,
) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form, setForm] = useState<StoredForm<A>>({ answers: posted?.answers ?? (flow.empty as A) });
  const [hydrated, setHydrated] = useState(false);
  const [touched, setTouched] = useState<ReadonlySet<F>>(() => new Set());
  const [attempted, setAttempted] = useState<ReadonlySet<S>>(() => new Set(posted?.attempted ? [posted.step] : []));
  // The error summary: the step's problems as they were when Next was last refused there
  // (DECISIONS D24). A refusal the server drew (no script) is already focused (autofocus);
  // one the script makes takes the focus when drawn (`focus`).
  const [summary, setSummary] = useState<ErrorSummaryState<S, F> | null>(() =>
    posted?.attempted
      ? summaryOf(posted.step, stepProblems(flow.issues(posted.step, posted.answers), fields[posted.step]), false)
      : null,
  );
  const leaving = useRef(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const lastShown = useRef<S | null>(null);
  /** Steps already counted in this visit to the page: back and forward count a step once. */
  const counted = useRef(new Set<string>());

  // Read in the commit that hydrates the form, before the browser runs anything else: from
  // then on React owns the controls, and a tap handled by it must already see what was
  // chosen or typed on the page before the script came (a passive effect left a gap in
  // which Next was judged on the empty answers the page was drawn with). The update is
  // drawn at once, in the same task (a layout effect's).
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once, on mount
  useLayoutEffect(() => {
    // Answers the server just showed are newer than any this tab saved, and answers given
    // on the page before the script came are newer still.
    const saved = posted ? null : readStoredForm(flow.storageKey, flow.empty, flow.amountFields);
    const onPage = readPage(flow, formElement.current);
    // Compared with what the page was drawn with: a control left as drawn keeps what this tab saved.
    const given = onPage ? onPage(form.answers) : {};
    // Nothing saved and nothing given: no update, so the commit that hydrates the page is
    // not followed by a second render in the same task (a layout effect's update is drawn
    // at once, and brings every waiting effect with it).
    if (saved || Object.keys(given).length > 0) {
      setForm((previous) => {
        const base = saved ?? previous;
        return { ...base, answers: { ...base.answers, ...given } };
      });
    }
    // The form becomes React's in a transition, which React draws in slices rather than in
    // the task that hydrated the page; till then a press is the plain form's post (460).
    startTransition(() => setHydrated(true));
  }, []);

  /**
   * Takes into the answers what the form's controls hold now: for controls React owns
   * only later than the form (the last step, drawn by a module of its own, hydrates when
   * that module has come), which the borrower may have filled in meanwhile.
   */
  const adoptFromPage = useCallback(() => {
    const onPage = readPage(flow, formElement.current);
    if (!onPage) return;
    setForm((previous) => {
      const given = onPage(previous.answers);
      return Object.keys(given).length > 0 ? { ...previous, answers: { ...previous.answers, ...given } } : previous;
    });
  }, [flow, formElement]);

  useEffect(() => {
    if (hydrated && !leaving.current) writeStoredForm(flow.storageKey, form);
  }, [flow.storageKey, form, hydrated]);

  const answers = form.answers;
  const steps = flow.steps(answers);
  const raw = params.get("step");
  const first = posted?.step ?? (steps[0] as S);
  const requested = raw !== null && (flow.stepIds as readonly string[]).includes(raw) ? (raw as S) : first;
  const current = hydrated ? resolveStep(flow, requested, answers) : first;
  const index = Math.max(0, steps.indexOf(current));
  const last = steps.at(-1) as S;
  // Reached by 'Change' on the last step (the URL says so; before the script, the server did).
  const changing =
    current !== last &&
    (hydrated ? params.has(CHANGE_FIELD) || (raw === null && Boolean(posted?.changing)) : Boolean(posted?.changing));

  // The URL names the step shown: a step the answers do not reach is corrected in place.
  useEffect(() => {
    if (hydrated && !leaving.current && raw !== null && raw !== current) {
      navigate({ search: stepSearch(current, changing) }, { replace: true, preventScrollReset: true });
    }
  }, [hydrated, raw, current, changing, navigate]);

  // The quick check's amount step is counted by its branch (`funnelStepName`).
  const loanType = (answers as { loanType?: unknown }).loanType;

  // On a step change (not the first paint), focus the new step's heading so a screen
  // reader announces it and the keyboard starts from the top of the step; what stopped
  // the last step no longer applies, so its toast closes.
  useEffect(() => {
    if (!hydrated) return;
    if (lastShown.current !== null && lastShown.current !== current) {
      headingRef.current?.focus();
      stepIssueToast.close();
      setSummary(null);
    }
    lastShown.current = current;
    withFunnelBeacon(({ funnelStepName, reportFunnel }) => {
      const step = funnelStepName(flow.funnel, current, { loanType });
      if (counted.current.has(step)) return;
      counted.current.add(step);
      reportFunnel({ form: flow.funnel, event: "step", step });
    });
  }, [hydrated, current, loanType, flow.funnel]);

  const issues = flow.issues(current, answers);

  const update = useCallback((patch: Partial<A>) => {
    setForm((previous) => ({ ...previous, answers: { ...previous.answers, ...patch } }));
  }, []);

  const touch = useCallback((field: F) => {
    setTouched((previous) => (previous.has(field) ? previous : new Set(previous).add(field)));
  }, []);

  /**
   * A field's message: an answer not acceptable once the field has been left, and any
   * problem (a missing answer too) once Next was pressed on this step (DECISIONS D24).
   */
  function errorFor(field: F): string | undefined {
    if (attempted.has(current)) return issues.errors[field] ?? issues.missingFields[field];
    return touched.has(field) ? issues.errors[field] : undefined;
  }

  function goTo(step: S, change = false) {
    navigate({ search: stepSearch(step, change && step !== last) });
  }

  /** Where Next leads from the complete current step: after a Change, back to the last step (the domain's rule). */
  function nextMove(): FlowNext<S> {
    return changing ? nextAfterChange(flow, current, answers) : flow.nextAfter(current, answers);
  }

  /** Previous: the step before, or on the first step the page before (spec section 2). */
  function back() {
    if (index > 0) goTo(steps[index - 1] as S);
    else if (window.history.length > 1) navigate(-1);
    else navigate("/");
  }

  /**
   * Next was pressed: from now on the step shows its inline messages, and the error summary
   * lists every problem on it (taking the focus). True when the step is complete.
   */
  function attemptNext(): boolean {
    setAttempted((previous) => (previous.has(current) ? previous : new Set(previous).add(current)));
    const problems = stepProblems(issues, fields[current]);
    setSummary(problems.length > 0 ? summaryOf(current, problems, true) : null);
    return issues.missing.length === 0 && Object.keys(issues.errors).length === 0;
  }

  function setSubmission(submission: Submission) {
    setForm((previous) => ({ ...previous, submission }));
  }

  /** The form was sent: forget the answers in this browser and stop saving them. */
  function finish() {
    leaving.current = true;
    removeStoredForm(flow.storageKey);
    withFunnelBeacon(({ funnelStepName, reportFunnel }) =>
      reportFunnel({ form: flow.funnel, event: "submit", step: funnelStepName(flow.funnel, current, { loanType }) }),
    );
  }

  /** The visitor is being sent on (a partner, /cannot-help): counted with the step they left from. */
  function leaveFor(target: string) {
    withFunnelBeacon(({ funnelStepName, reportFunnel }) =>
      reportFunnel({
        form: flow.funnel,
        event: "redirect",
        step: funnelStepName(flow.funnel, current, { loanType }),
        target,
      }),
    );
  }

  return {
    hydrated,
    adoptFromPage,
    answers,
    steps,
    current,
    index,
    progress: stepProgress(flow, answers, current),
    attempted: attempted.has(current),
    changing,
    issues,
    submission: form.submission,
    headingRef,
    /** The error summary of the step shown, if Next was refused on it. */
    summary: summary?.step === current ? summary : null,
    update,
    touch,
    errorFor,
    goTo,
    nextMove,
    back,
    attemptNext,
    setSubmission,
    finish,
    leaveFor,
  };
}

/** The error summary's contents: a new object at each refusal, so a repeated refusal focuses it again. */
export interface ErrorSummaryState<S extends string, F extends string> {
  step: S;
  problems: FieldIssue<F>[];
  /** Drawn by the script after a refused Next: it takes the focus. */
  focus: boolean;
}

function summaryOf<S extends string, F extends string>(step: S, problems: FieldIssue<F>[], focus: boolean) {
  return { step, problems, focus };
}

/** The query naming a step, and that it was reached by 'Change' when it was. */
function stepSearch(step: string, changing: boolean): string {
  return changing ? `?step=${step}&${CHANGE_FIELD}=1` : `?step=${step}`;
}

/**
 * What the form's controls hold now, read at once: a function giving those that differ
 * from `shown` (compared later, inside a state update, against the answers then).
 */
function readPage<A extends object>(
  flow: Pick<StepFlow<A, string, string>, "empty" | "amountFields">,
  onPage: HTMLFormElement | null,
): ((shown: A) => Partial<A>) | null {
  if (!onPage) return null;
  const data = new FormData(onPage);
  const names = controlNames(onPage);
  return (shown) => answersChangedInForm(flow, shown, data, names);
}

/** The names of a form's controls. */
function controlNames(form: HTMLFormElement): Set<string> {
  const names = new Set<string>();
  for (const control of form.elements) {
    const name = (control as HTMLInputElement).name;
    if (name) names.add(name);
  }
  return names;
}
