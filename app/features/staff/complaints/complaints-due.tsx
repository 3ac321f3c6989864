import { Link } from "react-router";
import { type ComplaintRowView, needsInWords } from "./complaints-list-page";
import { textLinkClass } from "~/components/console/text-link";

/**
 * Today's complaints that need something, for those who handle them: not yet
 * acknowledged, within the summary resolution's days, four weeks on, in the eighth week,
 * or overdue (DECISIONS D26). A complaint waiting for its final response in good time is
 * left to the complaints list.
 */
export function ComplaintsDue({ rows }: { rows: ComplaintRowView[] }) {
  return (
    <section aria-labelledby="complaints-due-heading" className="mt-6" data-testid="complaints-due">
      <h2 id="complaints-due-heading" className="text-xl font-bold text-slate-900">
        Complaints that need something ({rows.length})
      </h2>
      {rows.length === 0 ? (
        <p className="mt-2">No complaint needs anything today.</p>
      ) : (
        <ul className="mt-2 space-y-2">
          {rows.map((row) => {
            const needs = row.needs ? needsInWords(row.needs) : null;
            return (
              <li key={row.id}>
                <Link to={`/staff/complaints/${row.id}`} className={textLinkClass}>
                  {row.reference}, {row.name}
                </Link>
                {needs && (
                  <span className={needs.overdue ? "font-semibold text-red-800" : undefined}>
                    {": "}
                    {needs.overdue ? "Overdue: " : ""}
                    {needs.text}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
