import { type MouseEvent, type Ref, useCallback, useId, useLayoutEffect, useRef } from "react";
import { useHydrated } from "../use-hydrated";

// The error summary of the GOV.UK Design System (DECISIONS D24): at the top of a form
// that was refused, "There is a problem" and a link to each field in error, in the
// order of the form. It takes the focus when it appears: on a page drawn by the server
// through `autofocus`, so it works before any script; drawn by script after a post (where
// React's autoFocus moves only a form control), and each time its problems change, in the
// commit that draws it (a layout effect: before the browser paints it, so a press on one
// of its links can never come first and lose its field's focus to the summary). The
// summary the server drew is not focused again when the page wakes: the visitor may
// already be in a field. Each link moves the focus to its field. The message under each
// field is FieldError (./field.tsx).

export const ERROR_SUMMARY_TITLE = "There is a problem";

/** One problem: the id of the control it is about (a group's first choice) and what to fix. */
export interface FieldProblem {
  targetId: string;
  message: string;
}

interface ErrorSummaryProps {
  problems: readonly FieldProblem[];
  /** Focus it once drawn by the server: a page that answers a post without script. */
  autoFocus?: boolean;
  ref?: Ref<HTMLDivElement>;
  className?: string;
}

export function ErrorSummary({ problems, autoFocus, ref, className }: ErrorSummaryProps) {
  const titleId = useId();
  const own = useRef<HTMLDivElement | null>(null);
  // False only for a summary the server drew, while the page wakes: that one has its focus.
  const drawnByScript = useRef(useHydrated());
  const said = problems.map((problem) => `${problem.targetId}:${problem.message}`).join("\n");
  useLayoutEffect(() => {
    if (autoFocus && drawnByScript.current && said !== "") own.current?.focus();
    drawnByScript.current = true;
  }, [autoFocus, said]);
  // One callback for the summary's life: React calls a ref again whenever it is a new
  // function, so a fresh one each render (a revalidation) ran a focusing ref again and
  // took the focus back from the field the summary's link had just moved it to.
  const setRef = useCallback(
    (node: HTMLDivElement | null) => {
      own.current = node;
      if (typeof ref === "function") ref(node);
      else if (ref) ref.current = node;
    },
    [ref],
  );
  if (problems.length === 0) return null;
  return (
    <div
      ref={setRef}
      role="alert"
      aria-labelledby={titleId}
      tabIndex={-1}
      // biome-ignore lint/a11y/noAutofocus: GOV.UK's pattern: a refused form's summary takes the focus, even without script.
      autoFocus={autoFocus}
      className={`rounded-lg border-4 border-red-700 bg-white p-4 outline-none focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-focus sm:p-5 ${className ?? ""}`}
    >
      <h2 id={titleId} className="text-xl font-bold text-slate-900">
        {ERROR_SUMMARY_TITLE}
      </h2>
      <ul className="mt-3 space-y-2">
        {problems.map((problem) => (
          <li key={problem.targetId}>
            <a
              href={`#${problem.targetId}`}
              onClick={focusField}
              className="font-semibold text-red-700 underline underline-offset-2 hover:text-red-900 focus-visible:bg-yellow-300 focus-visible:text-slate-900 focus-visible:outline-none"
            >
              {problem.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Focuses the field a summary link names, with its label or legend in view (the field
 * alone could hide its question above the fold), and keeps the URL as it is.
 */
function focusField(event: MouseEvent<HTMLAnchorElement>) {
  const id = event.currentTarget.hash.slice(1);
  const field = document.getElementById(decodeURIComponent(id));
  if (!field) return;
  event.preventDefault();
  const question = field.closest("fieldset")?.querySelector("legend") ?? document.querySelector(`label[for="${id}"]`);
  (question ?? field).scrollIntoView({ block: "center" });
  field.focus({ preventScroll: true });
}

/** Focuses a summary just drawn, in the middle of the screen (clear of the toasts at the top). */
export function focusErrorSummary(summary: HTMLElement | null) {
  if (!summary) return;
  summary.focus({ preventScroll: true });
  summary.scrollIntoView({ block: "center" });
}
