// A step form posted as a plain HTML form, before (or without) its script: the answers
// travel in the form (the step's own fields, and the earlier answers in hidden fields),
// and the same domain flow decides, step by step, on the server. DECISIONS: docs/decisions/135.

import { parseWholePounds } from "./finance";
import { type FlowNext, nextAfterChange, resolveStep, type StepFlow } from "./step-flow";

/** What a step form's page shows after a post: the step, the answers so far, and why it stopped. */
export interface StepFormState<A, S extends string> {
  step: S;
  answers: A;
  /** Next was pressed on this step and refused: its messages show beside its fields. */
  attempted: boolean;
  /** A message for the whole form (the final checks, a refused lead), shown above the buttons. */
  notice?: string;
  /** The last step's submission key, made once per visit to it, so a repeated post stores one lead. */
  submissionKey?: string;
  /** The step was reached by 'Change' on the last step: Next goes back there (nextAfterChange). */
  changing?: true;
}

/** The form's own fields besides the answers. */
export const STEP_FIELD = "step";
export const INTENT_FIELD = "intent";
export const GOTO_FIELD = "goto";
export const SUBMISSION_KEY_FIELD = "submission_key";
/** Present (a hidden field, or `&change=1` in the URL) while a step is changed from the last step. */
export const CHANGE_FIELD = "change";

/** Longest text any answer may be: far above any real one (names are capped lower by the schema). */
const MAX_TEXT = 1_000;

/** An answer that is not an answer: a file, or text far longer than any field takes. */
export class BadFormPost extends Error {}

/**
 * The answers in a posted form, read by the empty form's shape: amounts as whole pounds
 * (typed as "£25,000" or "25000"), ticks as true when sent as "on", choices and text as given.
 * A field absent or blank is unanswered.
 */
export function answersFromForm<A extends object>(
  flow: Pick<StepFlow<A, string, string>, "empty" | "amountFields">,
  form: FormData,
): A {
  const answers: Record<string, unknown> = { ...flow.empty };
  for (const [field, blank] of Object.entries(flow.empty)) {
    const value = form.get(field);
    if (value === null) continue;
    if (typeof value !== "string" || value.length > MAX_TEXT) throw new BadFormPost(field);
    if ((flow.amountFields as readonly string[]).includes(field)) answers[field] = parseWholePounds(value);
    // A ticked box sends "on" (its default value); anything else is not a tick.
    else if (typeof blank === "boolean") answers[field] = value === "on";
    else if (blank === undefined) answers[field] = value === "" ? undefined : value;
    else answers[field] = value;
  }
  return answers as A;
}

/**
 * The answers given on the page before its script came: each field with a control in the
 * form (`controls`) whose value there differs from what the page was drawn with (`shown`).
 * Hydration keeps what was ticked and typed, but the script's state starts from `shown`;
 * these are handed to it. Text too long to be an answer is left out, as a post would refuse it.
 */
export function answersChangedInForm<A extends object>(
  flow: Pick<StepFlow<A, string, string>, "empty" | "amountFields">,
  shown: A,
  form: FormData,
  controls: ReadonlySet<string>,
): Partial<A> {
  let inForm: A;
  try {
    inForm = answersFromForm(flow, form);
  } catch (error) {
    if (error instanceof BadFormPost) return {};
    throw error;
  }
  const changed: Partial<A> = {};
  for (const field of Object.keys(flow.empty) as (keyof A & string)[]) {
    if (controls.has(field) && inForm[field] !== shown[field]) changed[field] = inForm[field];
  }
  return changed;
}

/** The answers as form fields, for the hidden inputs that carry them between steps. */
export function answersAsFields<A extends object>(answers: A, except: readonly string[]): [string, string][] {
  const fields: [string, string][] = [];
  for (const [field, value] of Object.entries(answers)) {
    if (except.includes(field) || value === undefined || value === "" || value === false) continue;
    fields.push([field, value === true ? "on" : String(value)]);
  }
  return fields;
}

export type FormMove<A, S extends string> =
  | { kind: "show"; state: StepFormState<A, S> }
  | Exclude<FlowNext<S>, { kind: "step" }>;

/**
 * Where a post leads. The step named in the form counts only as far as the answers
 * reach it (every earlier step is checked again); `back` shows the step before, `goto`
 * a step named by a Change button; Next shows the step again with its messages, or moves
 * on as the flow says: after a Change, back to the last step (nextAfterChange).
 */
export function moveAfterPost<A extends object, S extends string, F extends string>(
  flow: StepFlow<A, S, F>,
  answers: A,
  posted: { step: string | null; intent: string | null; goto: string | null; change?: string | null },
): FormMove<A, S> {
  const known = (step: string | null): S | undefined =>
    step !== null && (flow.stepIds as readonly string[]).includes(step) ? (step as S) : undefined;
  const steps = flow.steps(answers);
  const last = steps.at(-1) as S;
  const asked = known(posted.step) ?? (steps[0] as S);
  const step = resolveStep(flow, asked, answers);
  const changing = posted.change != null && posted.change !== "";
  const show = (shown: S, attempted = false, change = false) => ({
    kind: "show" as const,
    state: { step: shown, answers, attempted, ...(change && shown !== last ? { changing: true as const } : {}) },
  });

  const target = known(posted.goto);
  if (target) return show(resolveStep(flow, target, answers), false, true);
  if (posted.intent === "back") {
    const index = steps.indexOf(step);
    return show(index > 0 ? (steps[index - 1] as S) : step);
  }
  // A step the answers do not reach yet: show where they stop, saying why.
  if (step !== asked) return show(step, true, changing);
  const { missing, errors } = flow.issues(step, answers);
  if (missing.length > 0 || Object.keys(errors).length > 0) return show(step, true, changing);
  const next = changing ? nextAfterChange(flow, step, answers) : flow.nextAfter(step, answers);
  return next.kind === "step" ? show(next.step, false, changing) : next;
}
