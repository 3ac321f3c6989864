import { PageHeader } from "~/components/console/page-header";
import { DataTable } from "~/components/console/data-table";
import { FilterBar, FilterField, filterControlClass } from "~/components/console/filter-bar";
import { TextLink } from "~/components/console/text-link";
import { cn } from "~/components/ui/cn";
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

/** What the borrower does for themselves, from their account or the site: no member acts. */
const BORROWERS_OWN = new Set(["account.deleted", "needs.stated", "needs.health-withdrawn", "data.correction-asked"]);
/** What the server does on its own clock: the retention run, a scheduled promotion held back. */
const ON_SCHEDULE = new Set(["retention.run", "promotion.held"]);

/** Who a row says acted: a member, the borrower, the server on its schedule, a command, or no one known. */
export function actorOf(row: Pick<AuditRow, "actorName" | "action" | "detail">) {
  if (row.actorName) return row.actorName;
  if (BORROWERS_OWN.has(row.action)) return "The borrower";
  if (ON_SCHEDULE.has(row.action)) return "The server, on its schedule";
  if (row.detail?.by === "command") return "The staff command";
  if (row.action === "panel.product-added" && row.detail?.example === true) return "The seed command";
  return "Unknown";
}

export function AuditPage({ filter, rows, next, staff }: AuditPageProps) {
  const names = new Map(staff.map((s) => [s.id, s.name]));
  return (
    <>
      <PageHeader title="Audit log" />
      <p className="mt-2">
        <TextLink to="/staff/access-review">
          Access review: each member's exports, erasures and changes over 90 days
        </TextLink>
      </p>
      <FilterBar label="Filter the audit log" columns={4} submit="Apply filters">
        <FilterField id="person" label="Person">
          <select id="person" name="person" defaultValue={filter.person} className={filterControlClass}>
            <option value="">Everyone</option>
            {staff.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </FilterField>
        <FilterField id="action" label="Action">
          <select id="action" name="action" defaultValue={filter.action} className={filterControlClass}>
            <option value="">Every action</option>
            {Object.entries(AUDIT_ACTION_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </FilterField>
        <FilterField id="lead" label="Lead reference">
          <input
            id="lead"
            name="lead"
            defaultValue={filter.lead}
            autoCapitalize="characters"
            spellCheck={false}
            aria-describedby="lead-hint"
            className={cn(filterControlClass, "font-mono")}
          />
          <p id="lead-hint" className="mt-1 text-sm text-slate-700">
            8 characters, such as 0B9A7C1E
          </p>
        </FilterField>
      </FilterBar>
      <DataTable
        look="list"
        className="mt-6"
        caption="Audit log, newest first"
        rows={rows}
        rowKey={(row) => String(row.id)}
        empty="Nothing matches this filter."
        columns={[
          {
            header: "When",
            className: "whitespace-nowrap",
            cell: (row) => formatWhen(row.at),
          },
          { header: "Who", cell: actorOf },
          {
            header: "Action",
            cell: (row) => (isAuditAction(row.action) ? AUDIT_ACTION_LABELS[row.action] : row.action),
          },
          {
            header: "Lead or member",
            className: (row) => row.leadId && "font-mono",
            testId: "audit-subject",
            cell: (row) =>
              row.leadKind && row.leadId ? (
                <TextLink to={leadPath(row.leadKind, row.leadId)}>{reference(row.leadId)}</TextLink>
              ) : (
                (auditMember(row, names) ?? "—")
              ),
          },
          {
            header: "Detail",
            className: "break-all",
            testId: "audit-detail",
            cell: (row) => auditDetail(row, names),
          },
        ]}
      />
      {next && (
        <p className="mt-4">
          <TextLink to={`/staff/audit?${next}`}>Older entries</TextLink>
        </p>
      )}
    </>
  );
}
