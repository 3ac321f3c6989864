import { formatDateTime } from "~/domain/date-format";

// The firm's health at a glance, for administrators (decision 451): the outbox, emails,
// backups, complaints and the database, each "Needs attention" or "Well" in words (not
// in colour alone), with one sentence of what is wrong. The same checks email the
// operations address once when raised and once when cleared.

export interface HealthItem {
  key: string;
  title: string;
  raised: boolean;
  detail: string;
}

export interface HealthStripProps {
  checks: HealthItem[];
  /** ISO 8601: when the checks were asked. */
  checkedAt: string;
}

export function HealthStrip({ checks, checkedAt }: HealthStripProps) {
  const raised = checks.filter((check) => check.raised).length;
  return (
    <section aria-labelledby="health-heading" className="mt-4" data-testid="health-strip">
      <h2 id="health-heading" className="text-xl font-bold text-slate-900">
        Health: {raised === 0 ? "all well" : `${raised} ${raised === 1 ? "needs" : "need"} attention`}
      </h2>
      <ul className="mt-2 grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {checks.map((check) => (
          <li
            key={check.key}
            data-health={check.key}
            data-raised={check.raised ? "yes" : "no"}
            className={
              check.raised
                ? "rounded-lg border-2 border-red-700 px-3 py-2 [overflow-wrap:anywhere]"
                : "rounded-lg border border-slate-300 px-3 py-2 [overflow-wrap:anywhere]"
            }
          >
            <p className="font-bold text-slate-900">
              {check.title}:{" "}
              <span className={check.raised ? "text-red-800" : "text-slate-700"}>
                {check.raised ? "Needs attention" : "Well"}
              </span>
            </p>
            <p className="text-sm text-slate-700">{check.detail}</p>
          </li>
        ))}
      </ul>
      <p className="mt-1 text-sm text-slate-700">Checked {formatDateTime(checkedAt)} (UK time).</p>
    </section>
  );
}
