import { Link } from "react-router";
import { CHANGE_FIELD } from "~/domain/step-form-post";
import type { ContactAnswers } from "./signed-in-contact";

export interface AnswerRow {
  label: string;
  value: string;
  /** The step that asks it, for the Change link. */
  step: string;
}

const changeClass =
  "inline-flex min-h-11 items-center px-2 font-semibold text-brand-700 underline hover:text-brand-900";

/** The 'Your details' step's answers, last on the check page: the ones most likely mistyped. */
export function contactAnswerRows(answers: ContactAnswers): AnswerRow[] {
  return [
    { label: "Name", value: `${answers.firstName.trim()} ${answers.lastName.trim()}`.trim(), step: "contact" },
    { label: "Email address", value: answers.email.trim(), step: "contact" },
    { label: "Phone number", value: answers.phone.trim(), step: "contact" },
  ];
}

/**
 * The check page's list (decision 500): each answer with a Change link back to its step
 * (the answers stay; Next comes back here, unless the change needs a later step asked:
 * the domain's nextAfterChange). Before the script runs, each Change is a button of the
 * form, so the answers go with it to the server.
 */
export function CheckAnswers({ rows, labelledBy, live }: { rows: AnswerRow[]; labelledBy: string; live: boolean }) {
  return (
    <section aria-labelledby={labelledBy} className="rounded-xl border border-slate-200 bg-slate-50 p-4 sm:p-5">
      <dl className="divide-y divide-slate-200">
        {rows.map((row) => (
          <div
            key={row.label}
            className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-0.5 py-2.5 sm:grid-cols-[12rem_1fr_auto]"
          >
            <dt className="text-sm font-semibold text-slate-700">{row.label}</dt>
            <dd className="col-start-1 min-w-0 text-slate-900 [overflow-wrap:anywhere] sm:col-start-2 sm:row-start-1">
              {row.value}
            </dd>
            <dd className="col-start-2 row-span-2 row-start-1 self-center sm:col-start-3 sm:row-span-1">
              {live ? (
                <Link to={`?step=${row.step}&${CHANGE_FIELD}=1`} className={changeClass}>
                  Change<span className="sr-only"> {row.label.toLowerCase()}</span>
                </Link>
              ) : (
                <button type="submit" name="goto" value={row.step} formNoValidate className={changeClass}>
                  Change<span className="sr-only"> {row.label.toLowerCase()}</span>
                </button>
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
