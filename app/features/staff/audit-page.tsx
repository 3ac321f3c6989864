import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { controlClass } from "~/components/ui/field";
import { AUDIT_ACTION_LABELS, isAuditAction } from "~/domain/audit-actions";
import { formatPounds } from "~/domain/finance";
import { caseStageLabel, declineReasonLabel, isCaseStage } from "~/domain/lead-cases";
import { CORRECTABLE_FIELDS } from "~/domain/lead-corrections";
import { LEAD_STATUS_LABELS, isLeadKind, isLeadStatus } from "~/domain/leads";
import { isPermission, PERMISSIONS, ROLE_LABELS, storedRoles } from "~/domain/permissions";
import { formatWhen, leadPath, reference } from "./format";

export interface AuditRow {
  id: number;
  at: string;
  actorName: string | null;
  action: string;
  leadKind: string | null;
  leadId: string | null;
  detail: Record<string, unknown> | null;
}

export interface AuditPageProps {
  filter: { person: string; lead: string; action: string };
  rows: AuditRow[];
  next: string | null;
  staff: { id: string; name: string }[];
}

const roleWords = (roles: unknown) =>
  storedRoles(Array.isArray(roles) ? roles : [])
    .map((role) => ROLE_LABELS[role])
    .join(", ") || "no role";

/** The team member a row is about (its detail's `memberId`), by their name on the team now. */
export function auditMember(row: Pick<AuditRow, "action" | "detail">, names: ReadonlyMap<string, string>) {
  const id = row.action.startsWith("team.") ? row.detail?.memberId : undefined;
  if (typeof id !== "string") return null;
  return names.get(id) ?? "A member no longer on the team";
}

/** The team's rows: the roles a member was given, asked for, confirmed or refused, and who asked. */
function teamDetail(action: string, d: Record<string, unknown>, names: ReadonlyMap<string, string>) {
  const askedBy =
    typeof d.askedBy === "string" ? `; asked by ${names.get(d.askedBy) ?? "a member no longer on the team"}` : "";
  const alone = d.alone ? "; applied without a second administrator (the firm had one)" : "";
  const by = d.by === "command" ? "; by the staff command" : "";
  switch (action) {
    case "team.member-added":
      return `Roles: ${roleWords(d.roles)}${alone}${by}`;
    case "team.link-sent":
      return `A new set-up link, sent to their address${by}`;
    case "team.roles-changed":
      return `${roleWords(d.from)} → ${roleWords(d.to)}${alone}`;
    case "team.roles-asked":
      return `${roleWords(d.from)} → ${roleWords(d.to)}; waits for another administrator`;
    case "team.roles-confirmed":
      return `${roleWords(d.from)} → ${roleWords(d.to)}${askedBy}`;
    case "team.roles-refused":
      return `Refused: ${roleWords(d.from)} → ${roleWords(d.to)}${askedBy}`;
    case "team.member-disabled":
    case "team.member-enabled":
      return by.slice(2);
    default:
      return "";
  }
}

/** What an audit row's detail says, in words (codes as their labels, members by their names). */
export function auditDetail(
  row: Pick<AuditRow, "action" | "detail"> & { leadKind?: string | null },
  names: ReadonlyMap<string, string> = new Map(),
) {
  const d = row.detail ?? {};
  if (row.action.startsWith("team.")) return teamDetail(row.action, d, names);
  if (row.action === "staff.refused" && isPermission(d.permission)) {
    return `Asked to ${PERMISSIONS[d.permission].what} (${String(d.method)} ${String(d.path)})`;
  }
  if (row.action === "lead.correct" && Array.isArray(d.fields) && d.fields.length > 0) {
    // The fields by their labels, never their values (decision 300).
    const known = isLeadKind(row.leadKind) ? CORRECTABLE_FIELDS[row.leadKind] : [];
    const labels = d.fields.map((field) => known.find((f) => f.field === field)?.label ?? String(field));
    return `Fields: ${labels.join(", ")}`;
  }
  if (row.action === "lead.status" && isLeadStatus(d.from) && isLeadStatus(d.to)) {
    return `${LEAD_STATUS_LABELS[d.from]} → ${LEAD_STATUS_LABELS[d.to]}`;
  }
  if (row.action === "leads.export") {
    const search = d.search as { by?: string; reference?: string } | undefined;
    const searched = search?.reference
      ? `; searched by ${String(search.by)} (reference ${String(search.reference)})`
      : "";
    return `${d.rows} rows; filter: ${d.filter ? String(d.filter) : "none"}${searched}`;
  }
  if (row.action === "campaigns.export" || row.action === "conversions.export") {
    return `${d.rows} rows; ${String(d.from)} to ${String(d.to)}`;
  }
  if (row.action === "staff.sign-in-failed" && d.reason) return `Reason: ${String(d.reason)}`;
  if (row.action === "data.access" || row.action === "data.erasure" || row.action === "data.lookup") {
    return `Subject reference ${String(d.subject)}`;
  }
  if (row.action === "account.deleted") {
    const leads = Number(d.leads ?? 0);
    return `${leads === 0 ? "No leads" : leads === 1 ? "1 lead" : `${leads} leads`} deleted with it`;
  }
  if (row.action === "person.view") {
    const count = (n: unknown, one: string) => `${Number(n ?? 0)} ${one}${Number(n ?? 0) === 1 ? "" : "s"}`;
    return `${count(d.leads, "lead")} and ${count(d.accounts, "account")} shown`;
  }
  if (row.action === "retention.run" && d.deleted && typeof d.deleted === "object") {
    const total = Object.values(d.deleted as Record<string, number>).reduce((a, b) => a + Number(b), 0);
    return `${total} rows deleted`;
  }
  if (row.action === "lead.case" && isCaseStage(d.to)) {
    const from = isCaseStage(d.from) ? `${caseStageLabel(d.from)} → ` : "Started: ";
    const commission =
      typeof d.commissionPence === "number"
        ? `; commission ${formatPounds(d.commissionPence / 100, { pence: true })}${d.commissionChanged ? " (changed, with a reason)" : ""}`
        : "";
    const reason = typeof d.reason === "string" ? `; ${declineReasonLabel(d.reason)}` : "";
    return `${from}${caseStageLabel(d.to)}${commission}${reason}`;
  }
  if (row.action === "lead.case-commission" && typeof d.fromPence === "number" && typeof d.toPence === "number") {
    return `${formatPounds(d.fromPence / 100, { pence: true })} → ${formatPounds(d.toPence / 100, { pence: true })}`;
  }
  if (row.action.startsWith("promotion.") && typeof d.version === "number") return `Version ${d.version}`;
  if (row.action.startsWith("panel.") && d.lender) {
    const changed = Array.isArray(d.changed) && d.changed.length > 0 ? `; changed: ${d.changed.join(", ")}` : "";
    return `${String(d.lender)}, ${String(d.productName)}${changed}`;
  }
  return "";
}

const labelClass = "block text-sm font-semibold text-slate-900";

/** Who a row says acted: a member, the borrower, the staff command, or no one known. */
function actorOf(row: AuditRow) {
  if (row.actorName) return row.actorName;
  if (row.action === "account.deleted") return "The borrower";
  if (row.detail?.by === "command") return "The staff command";
  return "Unknown";
}

export function AuditPage({ filter, rows, next, staff }: AuditPageProps) {
  const names = new Map(staff.map((s) => [s.id, s.name]));
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Audit log</h1>
      <p className="mt-2">
        <Link to="/staff/access-review" className="font-semibold text-brand-700 underline">
          Access review: each member's exports, erasures and changes over 90 days
        </Link>
      </p>
      <Form
        method="get"
        className="mt-4 grid gap-4 rounded-lg border border-slate-300 p-4 sm:grid-cols-4"
        aria-label="Filter the audit log"
      >
        <div>
          <label htmlFor="person" className={labelClass}>
            Person
          </label>
          <select id="person" name="person" defaultValue={filter.person} className={cn(controlClass, "mt-1")}>
            <option value="">Everyone</option>
            {staff.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="action" className={labelClass}>
            Action
          </label>
          <select id="action" name="action" defaultValue={filter.action} className={cn(controlClass, "mt-1")}>
            <option value="">Every action</option>
            {Object.entries(AUDIT_ACTION_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="lead" className={labelClass}>
            Lead reference
          </label>
          <input
            id="lead"
            name="lead"
            defaultValue={filter.lead}
            autoCapitalize="characters"
            spellCheck={false}
            aria-describedby="lead-hint"
            className={cn(controlClass, "mt-1 font-mono")}
          />
          <p id="lead-hint" className="mt-1 text-sm text-slate-700">
            8 characters, such as 0B9A7C1E
          </p>
        </div>
        <div className="flex items-end">
          <Button type="submit" variant="secondary" size="sm">
            Apply filters
          </Button>
        </div>
      </Form>
      <div className="mt-6 overflow-x-auto">
        <table className="w-full border-collapse text-left text-sm">
          <caption className="sr-only">Audit log, newest first</caption>
          <thead>
            <tr className="border-b-2 border-slate-400">
              {["When", "Who", "Action", "Lead or member", "Detail"].map((h) => (
                <th key={h} scope="col" className="px-2 py-2 font-semibold">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && (
              <tr>
                <td colSpan={5} className="px-2 py-6 text-center">
                  Nothing matches this filter.
                </td>
              </tr>
            )}
            {rows.map((row) => (
              <tr key={row.id} className="border-b border-slate-200">
                <td className="px-2 py-2 whitespace-nowrap">{formatWhen(row.at)}</td>
                <td className="px-2 py-2">{actorOf(row)}</td>
                <td className="px-2 py-2">
                  {isAuditAction(row.action) ? AUDIT_ACTION_LABELS[row.action] : row.action}
                </td>
                <td className={cn("px-2 py-2", row.leadId && "font-mono")} data-testid="audit-subject">
                  {row.leadKind && row.leadId ? (
                    <Link to={leadPath(row.leadKind, row.leadId)} className="font-semibold text-brand-700 underline">
                      {reference(row.leadId)}
                    </Link>
                  ) : (
                    (auditMember(row, names) ?? "—")
                  )}
                </td>
                <td className="px-2 py-2 break-all" data-testid="audit-detail">
                  {auditDetail(row, names)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {next && (
        <p className="mt-4">
          <Link to={`/staff/audit?${next}`} className="font-semibold text-brand-700 underline">
            Older entries
          </Link>
        </p>
      )}
    </>
  );
}
