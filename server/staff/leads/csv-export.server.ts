import { campaignName } from "../../../app/domain/funnel";
import { inboxSearchParams, type InboxFilter, searchTerm } from "../../../app/domain/inbox-filter";
import {
  LEAD_STATUS_LABELS,
  leadAnswerLabel,
  leadKindLabel,
  leadPurposeLabel,
  leadReference,
  spreadsheetCallTime,
  spreadsheetPhone,
  spreadsheetTime,
  splitFullName,
  type LeadKind,
  TRIAGE_FLAG_LABELS,
} from "../../../app/domain/leads";
import { subjectReference } from "../../privacy/data-requests.server";
import type { Database } from "../../platform/db/client";
import { writeAudit } from "../../platform/audit.server";
import { allInboxLeads, type InboxLead, inboxLeadsOf } from "./inbox.server";
import type { StaffActor } from "../session.server";
import { BOM, csvLine } from "../../platform/csv.server";

// "Export CSV" of the inbox's current filter (DECISIONS D14): streamed a page at a time,
// so 100,000 leads never sit in memory at once; UTF-8 with a byte-order mark so Excel
// reads it as UTF-8; times (arrival, the borrower's chosen call time) in UK local time as
// spreadsheets read a date and time; phone numbers grouped so they stay text (the
// leading 0 kept); labels, never stored values; every answer the lead page shows and
// the chosen call time; every text cell made safe against formula
// injection (app/domain/leads.ts). The audit row, with the filter and the row count,
// is written when the stream ends; it holds no personal data (`exportAuditDetail`).
// Decision 181 has the check in LibreOffice.

/** A lead's name in the columns it belongs to: a contact message's one name field split in two. */
const names = (l: InboxLead) => (l.kind === "contact" ? splitFullName(l.firstName) : l);

const COLUMNS: { header: string; value: (lead: InboxLead) => string | number | null }[] = [
  { header: "Received (UK time)", value: (l) => spreadsheetTime(l.receivedAt) },
  { header: "Reference", value: (l) => leadReference(l.id) },
  { header: "Id", value: (l) => l.id },
  { header: "Kind", value: (l) => leadKindLabel(l.kind, l.loanType) },
  { header: "First name", value: (l) => names(l).firstName },
  { header: "Last name", value: (l) => names(l).lastName },
  { header: "Email", value: (l) => l.email },
  { header: "Phone", value: (l) => spreadsheetPhone(l.phone) },
  { header: "Chosen call time (UK time)", value: (l) => spreadsheetCallTime(l.callbackChoice, l.callbackAt) },
  { header: "Amount", value: (l) => l.loanAmount },
  { header: "Purpose or subject", value: (l) => leadPurposeLabel(l.kind, l.loanPurpose) },
  { header: "Homeowner status", value: (l) => leadAnswerLabel(l.kind, "homeownerStatus", l.homeownerStatus) },
  { header: "Property value", value: (l) => l.propertyValue },
  { header: "Mortgage balance", value: (l) => l.mortgageBalance },
  { header: "LTV %", value: (l) => l.ltv },
  { header: "Indicative rate %", value: (l) => l.indicativeRate },
  { header: "Age", value: (l) => leadAnswerLabel(l.kind, "age", l.age) },
  { header: "Monthly income", value: (l) => l.monthlyIncome },
  { header: "Employment", value: (l) => leadAnswerLabel(l.kind, "employmentStatus", l.employmentStatus) },
  { header: "Credit history", value: (l) => leadAnswerLabel(l.kind, "creditHistory", l.creditHistory) },
  { header: "Message", value: (l) => l.message },
  { header: "Status", value: (l) => LEAD_STATUS_LABELS[l.status] },
  { header: "Assignee", value: (l) => l.assigneeName },
  { header: "Campaign source", value: (l) => l.campaign?.source ?? null },
  { header: "Campaign", value: (l) => l.campaign?.campaign ?? null },
  { header: "Landing page", value: (l) => l.landingPageUrl },
  { header: "Flags", value: (l) => l.flags.map((f) => TRIAGE_FLAG_LABELS[f]).join("; ") },
  { header: "Duplicate of", value: (l) => (l.duplicateOf ? leadReference(l.duplicateOf.id) : null) },
];

export const CSV_HEADERS = COLUMNS.map((c) => c.header);

/**
 * What the audit log keeps of an export's filter: every part of it but the words typed
 * in the search box (a name, an email address, a phone number), which are kept only as
 * what kind of search it was and a keyed hash, as data requests name their subject
 * (`subjectReference`: an email search's hash is the same as a data request's for that
 * address). A campaign filter not shaped like a campaign's name is kept the same way.
 * The row then outlives an erasure of the person searched for without naming them.
 */
export function exportAuditDetail(filter: InboxFilter, rows: number, secret: string) {
  const campaign = filter.campaign && campaignName(filter.campaign) === filter.campaign ? filter.campaign : undefined;
  const detail: Record<string, unknown> = {
    filter: inboxSearchParams({ ...filter, q: undefined, campaign, after: undefined }).toString(),
    rows,
  };
  if (filter.q) {
    const term = searchTerm(filter.q);
    const typed =
      term.by === "email"
        ? term.value
        : term.by === "phone"
          ? term.digits
          : term.by === "name"
            ? term.value
            : term.prefix;
    detail.search = { by: term.by, reference: subjectReference(typed, secret) };
  }
  if (filter.campaign && !campaign) detail.campaign = { reference: subjectReference(filter.campaign, secret) };
  return detail;
}

/** The export as a byte stream; the audit row is written once the last row is sent. */
export function leadsCsv(
  db: Database,
  filter: InboxFilter,
  actor: StaffActor,
  secret: string,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const pages = allInboxLeads(db, { ...filter, after: undefined }, actor.id);
  let rows = 0;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(BOM + csvLine(CSV_HEADERS)));
        return;
      }
      const next = await pages.next();
      if (next.done) {
        await writeAudit(db, {
          action: "leads.export",
          actor,
          detail: exportAuditDetail(filter, rows, secret),
        });
        controller.close();
        return;
      }
      rows += next.value.length;
      controller.enqueue(encoder.encode(next.value.map((lead) => csvLine(COLUMNS.map((c) => c.value(lead)))).join("")));
    },
    async cancel() {
      await pages.return(undefined);
    },
  });
}

/**
 * The ticked leads as one CSV file, with the same columns (docs/decisions/301, 335): at most
 * a page of the inbox, so built whole. Each lead exported has its audit row, as each lead
 * viewed has.
 */
export async function selectedLeadsCsv(
  db: Database,
  picked: readonly { kind: LeadKind; id: string }[],
  actor: StaffActor,
): Promise<string> {
  const leads = await inboxLeadsOf(db, picked, actor.id);
  for (const lead of leads) {
    await writeAudit(db, { action: "leads.export", actor, lead, detail: { selected: leads.length } });
  }
  return BOM + csvLine(CSV_HEADERS) + leads.map((lead) => csvLine(COLUMNS.map((c) => c.value(lead)))).join("");
}
