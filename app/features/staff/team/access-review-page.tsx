import { DataTable } from "~/components/console/data-table";
import { AUDIT_ACTION_LABELS, type AuditAction } from "~/domain/audit-actions";
import { ROLE_LABELS, type Role } from "~/domain/permissions";
import { formatWhen } from "../format";

// /staff/access-review (DECISIONS D25): per member, what they exported, erased and changed
// in the last 90 days, from the audit log. Laid out to print: the console's frame is left
// off the printout, each member starts clear of the one before.

export interface ReviewEntryView {
  at: string;
  action: AuditAction;
  rows: number | null;
}

export type ReviewFlagView =
  | { kind: "alone"; at: string; memberName: string; roles: Role[] }
  | {
      kind: "approved" | "erased";
      at: string;
      givenAt: string;
      givenBy: string[];
      roles: Role[];
    };

export interface AccessReviewPageProps {
  from: string;
  to: string;
  /** The firm has one enabled administrator, whose role changes need no second. */
  soleAdministrator: boolean;
  members: {
    actorId: string;
    actorName: string;
    actorEmail: string | null;
    exported: ReviewEntryView[];
    erased: ReviewEntryView[];
    changed: { action: AuditAction; count: number }[];
    flags: ReviewFlagView[];
  }[];
}

const roleWords = (roles: readonly Role[]) => roles.map((r) => ROLE_LABELS[r]).join(", ");

/** A flag in words: what was done, when, and who gave the role that allowed it. */
function flagText(flag: ReviewFlagView) {
  if (flag.kind === "alone") {
    return `${formatWhen(flag.at)}: gave ${flag.memberName} the roles ${roleWords(flag.roles)} without a second administrator's confirmation (the firm had one administrator).`;
  }
  const what =
    flag.kind === "approved" ? "approved a change drafted by the member who gave them the role" : "erased a person";
  return `${formatWhen(flag.at)}: ${what}, within 7 days of being given ${roleWords(flag.roles)} by ${flag.givenBy.join(" and ")} on ${formatWhen(flag.givenAt)}.`;
}

function Flags({ flags }: { flags: ReviewFlagView[] }) {
  if (flags.length === 0) return null;
  return (
    <div className="mt-3 rounded-md border border-amber-400 bg-amber-50 p-3" data-testid="review-flags">
      <h3 className="font-semibold">To look at</h3>
      <ul className="mt-1 list-disc pl-6">
        {flags.map((flag) => (
          <li key={`${flag.kind}-${flag.at}-${flag.kind === "alone" ? flag.memberName : flag.givenAt}`}>
            {flagText(flag)}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Entries({ caption, entries }: { caption: string; entries: ReviewEntryView[] }) {
  if (entries.length === 0) return <p className="mt-2">{caption}: none.</p>;
  return (
    <DataTable
      look="list"
      className="mt-2"
      caption={caption}
      captionShown="label"
      rows={entries}
      rowKey={(e) => `${e.at}-${e.action}`}
      alignTop
      columns={[
        { header: "When", cell: (e) => formatWhen(e.at) },
        { header: "What", cell: (e) => AUDIT_ACTION_LABELS[e.action] },
        { header: "Rows", cell: (e) => e.rows ?? "" },
      ]}
    />
  );
}

export function AccessReviewPage({ from, to, soleAdministrator, members }: AccessReviewPageProps) {
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Access review</h1>
      <p className="mt-2 max-w-3xl text-slate-700">
        What each member exported, erased and changed from {formatWhen(from)} to {formatWhen(to)} (the last 90 days),
        from the audit log. Views and sign-ins are in the audit log itself. Print this page for the file.
      </p>
      <p className="mt-2 max-w-3xl text-slate-700" data-testid="second-administrator">
        {soleAdministrator
          ? "The firm has a single administrator: their role changes, their own included, apply without a second administrator's confirmation, and each is flagged below."
          : "A member's own roles, and any grant of Compliance or Administrator, need a second administrator's confirmation."}{" "}
        A member who approved the work of whoever gave them the role, or erased a person, within 7 days of being given
        it is flagged below.
      </p>
      {members.length === 0 && <p className="mt-6">Nobody exported, erased or changed anything in these 90 days.</p>}
      {members.map((m) => (
        <section
          key={m.actorId}
          aria-labelledby={`review-${m.actorId}`}
          className="mt-8 break-inside-avoid"
          data-testid="review-member"
        >
          <h2 id={`review-${m.actorId}`} className="text-xl font-bold text-slate-900">
            {m.actorName}
            {m.actorEmail && <span className="ml-2 text-base font-normal text-slate-700">{m.actorEmail}</span>}
          </h2>
          <Flags flags={m.flags} />
          <Entries caption="Exported" entries={m.exported} />
          <Entries caption="Erased" entries={m.erased} />
          {m.changed.length === 0 ? (
            <p className="mt-2">Changed: nothing.</p>
          ) : (
            <>
              <h3 className="mt-3 font-semibold">Changed</h3>
              <ul className="mt-1 list-disc pl-6">
                {m.changed.map((c) => (
                  <li key={c.action}>
                    {AUDIT_ACTION_LABELS[c.action]}: {c.count} {c.count === 1 ? "time" : "times"}
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
      ))}
    </>
  );
}
