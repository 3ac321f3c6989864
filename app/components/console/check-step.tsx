import { type ReactNode, useEffect, useRef } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { TextLink } from "./text-link";

// The step before an action that reaches many or cannot be undone: a panel that says what
// will happen and to whom, then Confirm (a plain form post, with the fields the action
// needs and `confirm=yes`) or Cancel (a link back). Works without script.

export interface CheckStepProps {
  /** The panel's heading, such as "Assign 12 leads to Sam Patel?". */
  title: string;
  /** What will happen, in words. */
  what: ReactNode;
  /** Who or what it happens to, one line each, each line different (references, names). */
  whom: string[];
  /** Where the form posts; this page when not given. */
  action?: string;
  /** The action's fields, sent again with the confirmation (a name may come more than once, each time with another value). */
  fields: [name: string, value: string][];
  /** The button's words, such as "Confirm". */
  confirm?: string;
  /** Where Cancel leads. */
  cancel: string;
  /** The heading's id, naming the form. */
  id?: string;
  /** Take the focus once drawn (the answer to the post that asked): its heading, so nothing is confirmed by a stray key. */
  autoFocus?: boolean;
}

/** A check step as an action answers it (words and fields); the page adds where Cancel leads. */
export interface CheckStepView {
  title: string;
  what: string;
  whom: string[];
  fields: [name: string, value: string][];
  confirm: string;
}

/** Where a check step's Cancel leads: this page as it was, without the notice of an earlier save (`done`). */
export function cancelPath(location: { pathname: string; search: string }) {
  const params = new URLSearchParams(location.search);
  params.delete("done");
  const search = params.toString();
  return search ? `${location.pathname}?${search}` : location.pathname;
}

export function CheckStep({
  title,
  what,
  whom,
  action,
  fields,
  confirm = "Confirm",
  cancel,
  id = "check-step",
  autoFocus = false,
}: CheckStepProps) {
  // React focuses only form controls on its own autoFocus; drawn after a post with script, the heading is focused here.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (autoFocus) heading.current?.focus();
  }, [autoFocus]);
  return (
    <Form
      method="post"
      action={action}
      className="mt-6 max-w-2xl rounded-lg border-2 border-brand-700 p-4"
      aria-labelledby={id}
    >
      <h2
        ref={heading}
        id={id}
        className="text-lg font-bold text-slate-900"
        tabIndex={autoFocus ? -1 : undefined}
        // biome-ignore lint/a11y/noAutofocus: the check step answers the post that asked for it, as the error summary does.
        autoFocus={autoFocus}
      >
        {title}
      </h2>
      <p className="mt-2">{what}</p>
      <ul className="mt-2 list-disc pl-6" data-testid="check-step-whom">
        {whom.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {fields.map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name="confirm" value="yes" />
      <div className="mt-4 flex flex-wrap items-center gap-4">
        <Button type="submit" size="sm">
          {confirm}
        </Button>
        <TextLink to={cancel}>Cancel</TextLink>
      </div>
    </Form>
  );
}
