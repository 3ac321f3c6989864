// The shape every step form's rules take: the domain's flows
// (main-form, quick-form) fill it in, the screen (app/components/step-form) draws it, and
// the no-script step actions on the server walk it. Pure: no React, no I/O.

import type { FunnelForm } from "./funnel";

/** The sites outside this one that a form may hand a borrower to; their addresses are configuration. */
export type ExternalPartner = "bridging" | "business";

export type FlowNext<S extends string> =
  | { kind: "step"; step: S }
  | { kind: "redirect"; to: string }
  | { kind: "external"; partner: ExternalPartner }
  | { kind: "submit" };

export interface StepIssues<F extends string> {
  /** Required answers not given, in field order. */
  missing: string[];
  /** The same messages by field: said at the field and in the error summary, never in a toast (D30). */
  missingFields: Partial<Record<F, string>>;
  /** Inline messages for answers given but not acceptable. */
  errors: Partial<Record<F, string>>;
}

/** One field's problem on a step: an answer given but not acceptable, else one not given. */
export interface FieldIssue<F extends string> {
  field: F;
  message: string;
}

/**
 * Every problem on a step at once, one per field, in the order its fields appear: what
 * the error summary lists and each field says under itself (DECISIONS D24).
 */
export function stepProblems<F extends string>(issues: StepIssues<F>, fields: readonly F[]): FieldIssue<F>[] {
  const problems: FieldIssue<F>[] = [];
  for (const field of fields) {
    const message = issues.errors[field] ?? issues.missingFields[field];
    if (message) problems.push({ field, message });
  }
  return problems;
}

/** A form's rules, all from the domain: the form screen only draws them. */
export interface StepFlow<A extends object, S extends string, F extends string> {
  /** sessionStorage key for this form's answers. */
  storageKey: string;
  /** The form's name in the drop-out counts (DECISIONS D16). */
  funnel: FunnelForm;
  empty: Readonly<A>;
  /** The answers given in whole pounds (the rest are choices, text or ticks). */
  amountFields: readonly F[];
  /** Every step id the URL may name. */
  stepIds: readonly S[];
  /** This borrower's steps, in order. */
  steps(answers: A): S[];
  issues(step: S, answers: A): StepIssues<F>;
  /** Where Next leads from a complete step. */
  nextAfter(step: S, answers: A): FlowNext<S>;
  /** The N of 'Step n of N' when it is not simply this borrower's count of questions (see stepProgress). */
  progressTotal?(answers: A): number;
  /**
   * The last page, 'Check your answers' (decision 500): every answer shown back with a
   * Change link, and the terms agreed to before sending. Not a question, so not counted.
   */
  checkStep: S;
}

/**
 * The furthest a borrower can really be on the way to `target`: walking from the first
 * step, the first step still incomplete (or one that leads off the form) stops the walk.
 * A URL naming a step the answers do not reach yet (a bookmark, a new tab) shows that
 * step instead.
 */
export function resolveStep<A extends object, S extends string, F extends string>(
  flow: StepFlow<A, S, F>,
  target: S,
  answers: A,
): S {
  let current = flow.steps(answers)[0] as S;
  for (let guard = 0; current !== target && guard < flow.stepIds.length; guard++) {
    const { missing, errors } = flow.issues(current, answers);
    if (missing.length > 0 || Object.keys(errors).length > 0) return current;
    const next = flow.nextAfter(current, answers);
    if (next.kind !== "step") return current;
    current = next.step;
  }
  return current;
}

/**
 * Where Next leads from a step the borrower went back to with 'Change' on the last step
 * (check your answers): straight back there, unless the changed answer leads off the form
 * (a partner, the decline page) or makes a step on the way needed and unanswered, or its
 * answer no longer acceptable; then that step is asked, and Next from it goes on the same way.
 */
export function nextAfterChange<A extends object, S extends string, F extends string>(
  flow: StepFlow<A, S, F>,
  changed: S,
  answers: A,
): FlowNext<S> {
  const last = flow.steps(answers).at(-1) as S;
  let next = flow.nextAfter(changed, answers);
  for (let guard = 0; guard < flow.stepIds.length; guard++) {
    if (next.kind !== "step" || next.step === last) return next;
    const { missing, errors } = flow.issues(next.step, answers);
    if (missing.length > 0 || Object.keys(errors).length > 0) return next;
    next = flow.nextAfter(next.step, answers);
  }
  return next;
}

/** 'Step n of N' and how much of the form is done, in whole per cent. */
export interface StepProgress {
  step: number;
  total: number;
  percent: number;
  /** On the check page: every question answered ('All N steps answered', 100%). */
  checking: boolean;
}

/**
 * The progress shown above a step. N is this borrower's count of steps, or while the
 * path is not yet known (the quick check before a loan type is chosen) the longest it
 * may be, so the figure never falls as the borrower moves on (a path that turns out
 * shorter only jumps ahead). '% Complete' counts the steps done, the one shown not yet:
 * step n of N is (n − 1) / N complete, so no step says 100% before its answer is given
 * (decision 461). The check page, after the last question, is not a step: there every
 * question is answered, and it says so (decision 500).
 */
export function stepProgress<A extends object, S extends string, F extends string>(
  flow: StepFlow<A, S, F>,
  answers: A,
  current: S,
): StepProgress {
  const questions = flow.steps(answers).filter((step) => step !== flow.checkStep);
  const counted = Math.max(questions.length, flow.progressTotal?.(answers) ?? questions.length);
  if (current === flow.checkStep) return { step: counted, total: counted, percent: 100, checking: true };
  const step = Math.max(0, questions.indexOf(current)) + 1;
  const total = Math.max(step, flow.progressTotal?.(answers) ?? questions.length);
  return { step, total, percent: Math.round(((step - 1) / total) * 100), checking: false };
}
