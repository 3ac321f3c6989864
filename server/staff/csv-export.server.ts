import { inboxSearchParams, type InboxFilter } from "../../app/domain/inbox-filter";
import { csvField, LEAD_KIND_LABELS, TRIAGE_FLAG_LABELS } from "../../app/domain/leads";
import type { Database } from "../db/client";
import { writeAudit } from "./audit.server";
import { allInboxLeads, type InboxLead } from "./inbox.server";
import type { StaffUser } from "./session.server";

// "Export CSV" of the inbox's current filter (DECISIONS D14): streamed a page at a time,
// so 100,000 leads never sit in memory at once; UTF-8 with a byte-order mark so Excel
// reads it as UTF-8; ISO 8601 times; every text cell made safe against formula
// injection (app/domain/leads.ts). The audit row, with the filter and the row count,
// is written when the stream ends.

const BOM = "\uFEFF";

const COLUMNS: { header: string; value: (lead: InboxLead) => string | number | null }[] = [
  { header: "Received", value: (l) => l.receivedAt.toISOString() },
  { header: "Reference", value: (l) => l.id.slice(0, 8).toUpperCase() },
  { header: "Id", value: (l) => l.id },
  { header: "Kind", value: (l) => LEAD_KIND_LABELS[l.kind] },
  { header: "First name", value: (l) => l.firstName },
  { header: "Last name", value: (l) => l.lastName },
  { header: "Email", value: (l) => l.email },
  { header: "Phone", value: (l) => l.phone },
  { header: "Amount", value: (l) => l.loanAmount },
  { header: "Purpose", value: (l) => l.loanPurpose },
  { header: "LTV %", value: (l) => l.ltv },
  { header: "Indicative rate %", value: (l) => l.indicativeRate },
  { header: "Status", value: (l) => l.status },
  { header: "Assignee", value: (l) => l.assigneeName },
  { header: "Campaign source", value: (l) => l.campaign?.source ?? null },
  { header: "Campaign", value: (l) => l.campaign?.campaign ?? null },
  { header: "Landing page", value: (l) => l.landingPageUrl },
  { header: "Flags", value: (l) => l.flags.map((f) => TRIAGE_FLAG_LABELS[f]).join("; ") },
];

export const CSV_HEADERS = COLUMNS.map((c) => c.header);

const line = (cells: (string | number | null)[]) => `${cells.map(csvField).join(",")}\r\n`;

/** The export as a byte stream; `onDone` hears the row count once the last row is sent. */
export function leadsCsv(db: Database, filter: InboxFilter, actor: StaffUser): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const pages = allInboxLeads(db, { ...filter, after: undefined }, actor.id);
  let rows = 0;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(BOM + line(CSV_HEADERS)));
        return;
      }
      const next = await pages.next();
      if (next.done) {
        await writeAudit(db, {
          action: "leads.export",
          actor,
          detail: { filter: inboxSearchParams({ ...filter, after: undefined }).toString(), rows },
        });
        controller.close();
        return;
      }
      rows += next.value.length;
      controller.enqueue(encoder.encode(next.value.map((lead) => line(COLUMNS.map((c) => c.value(lead)))).join("")));
    },
    async cancel() {
      await pages.return(undefined);
    },
  });
}
