import { Link } from "react-router";
import { CALLBACK_SLOT_MINUTES, NEXT_ACTION_LABELS, type NextActionKind } from "~/domain/callback-choice";
import type { ComplaintAttention } from "~/domain/complaints";
import { DATA_REQUEST_KINDS } from "~/domain/data-requests";
import { formatDateTime, formatDay, formatWindow } from "~/domain/date-format";
import { type CaseStage, caseStageLabel } from "~/domain/lead-cases";
import { LEAD_KIND_LABELS, LEAD_STATUS_LABELS, type LeadKind, type LeadStatus } from "~/domain/leads";
import { needsMarkers } from "~/domain/needs";
import { formatWhen, leadPath, money, personPath, reference } from "./format";
import { NeedsMarkers, NeedsRecord, type NeedsView, needsHeldText } from "./needs/needs-section";
import { textLinkClass } from "~/components/console/text-link";
import { cn } from "~/components/ui/cn";

// The one record of a person (decisions 201, 410): their complaints with the stage and the
// day the next answer is due, their data and correction requests, their needs records (or
// that one is held), then every lead and account sharing an email or a phone number with
// the record the member came from, newest first, each lead with its next action, its
// call-back and its case; each a link to its own page for the roles that open it.

export interface PersonComplaintView {
  id: string;
  reference: string;
  name: string;
  receivedAt: string;
  closedAt: string | null;
  /** What its clock asks for now (its `by` as ISO text); null once closed. */
  needs: { kind: ComplaintAttention["kind"]; by: string; overdue?: boolean } | null;
  /** What has been sent that answers it: a final response (or summary resolution), a holding response, or nothing yet. */
  answered: "response" | "holding" | null;
  lead: { kind: LeadKind; id: string } | null;
}

export interface PersonRequestView {
  id: string;
  reference: string;
  kind: string;
  receivedAt: string;
  dueBy: string;
  answeredAt: string | null;
  accountId: string;
}

export interface PersonCaseView {
  id: string;
  leadKind: LeadKind;
  leadId: string;
  stage: CaseStage;
  lender: string;
  product: string;
  applicationSentAt: string;
}

export interface PersonPageProps {
  from: { kind: LeadKind | "account" | "complaint"; id: string };
  person: { email: string; phone: string | null };
  leads: {
    kind: LeadKind;
    id: string;
    receivedAt: string;
    name: string;
    email: string;
    phone: string;
    status: LeadStatus;
    loanAmount: number | null;
    byEmail: boolean;
    byPhone: boolean;
    nextAction: { kind: NextActionKind; at: string } | null;
    callbackAt: string | null;
  }[];
  accounts: {
    id: string;
    name: string;
    email: string;
    phone: string | null;
    confirmed: boolean;
    createdAt: string;
    byEmail: boolean;
    byPhone: boolean;
  }[];
  /** Whether the viewer may record a complaint (the complaints.handle permission). */
  canRecordComplaint?: boolean;
  /** The needs records of the person's leads, by lead id (DECISIONS D28); null when the member may not read them. */
  needs?: Record<string, NeedsView> | null;
  /** For a member who may not read them: the ids of the leads that hold a needs record. */
  needsHeld?: string[];
  complaints?: PersonComplaintView[];
  requests?: PersonRequestView[];
  cases?: PersonCaseView[];
  /** Whether the viewer opens a complaint's page (complaints.handle) and the data requests (data-requests.answer). */
  canOpenComplaints?: boolean;
  canOpenRequests?: boolean;
}

/** The UK day a deadline (the midnight that ends its day) falls on, as the console writes days. */
const dayEndedBy = (iso: string) => formatDay(new Date(Date.parse(iso) - 1));

/** A complaint's stage and the day its next answer is due by, in words; whether it is overdue. */
export function complaintStage(c: Pick<PersonComplaintView, "closedAt" | "needs" | "answered">): {
  text: string;
  overdue: boolean;
} {
  if (c.closedAt) return { text: `Closed on ${formatDay(c.closedAt)}`, overdue: false };
  const needs = c.needs;
  if (!needs) return { text: "Open", overdue: false };
  const by = dayEndedBy(needs.by);
  switch (needs.kind) {
    case "acknowledge":
      return needs.overdue
        ? { text: `Received, acknowledgement overdue: was due by ${by}`, overdue: true }
        : { text: `Received: acknowledgement due by ${by}`, overdue: false };
    case "reopened":
      return needs.overdue
        ? { text: `Reopened, final response overdue: was due by ${by}`, overdue: true }
        : { text: `Reopened: final response due by ${by}`, overdue: false };
    case "summary-resolution":
      return { text: `Acknowledged: a summary resolution may close it until ${by}`, overdue: false };
    case "half-way":
      return { text: `Being looked into, four weeks on: final response due by ${by}`, overdue: false };
    case "eighth-week":
      return { text: `In its eighth week: final response due by ${by}`, overdue: false };
    case "final-response":
      return { text: `Final response overdue: was due by ${by}`, overdue: true };
    case "waiting":
      if (c.answered === "response") return { text: "Response sent: to be closed", overdue: false };
      if (c.answered === "holding")
        return { text: "Holding response sent: final response as it promised", overdue: false };
      return { text: `Being looked into: final response due by ${by}`, overdue: false };
  }
}

/** A lead's one next action, as its header says it: a call-back at the hour the borrower chose is that hour. */
export function personNextAction(lead: PersonPageProps["leads"][number]): string {
  const next = lead.nextAction;
  if (!next) return "No next action";
  const label = NEXT_ACTION_LABELS[next.kind];
  if (next.kind === "call-back" && lead.callbackAt !== null && Date.parse(lead.callbackAt) === Date.parse(next.at)) {
    return `${label}: ${formatWindow(next.at, CALLBACK_SLOT_MINUTES)}, the hour they chose`;
  }
  return `${label}: ${formatDateTime(next.at)}`;
}

const h2Class = "mt-8 text-xl font-bold text-slate-900";
const cardClass = "rounded-lg border border-slate-300 p-3 [overflow-wrap:anywhere]";

/** What a row shares with the person, in words. */
export function sharedBy(row: { byEmail: boolean; byPhone: boolean }): string {
  if (row.byEmail && row.byPhone) return "Same email and phone";
  return row.byEmail ? "Same email" : "Same phone";
}

/** Where a member goes back to: the record the page was opened from. */
function backLink(from: PersonPageProps["from"]): { to: string; label: string } {
  if (from.kind === "account") return { to: "/staff", label: "← All leads" };
  if (from.kind === "complaint") return { to: `/staff/complaints/${from.id}`, label: "← Back to the complaint" };
  return { to: leadPath(from.kind, from.id), label: `← Back to lead ${reference(from.id)}` };
}

/** A lead named by its reference and kind, as a link to its page. */
function LeadRef({ kind, id }: { kind: LeadKind; id: string }) {
  return (
    <>
      <Link to={leadPath(kind, id)} className={cn("font-mono", textLinkClass)}>
        {reference(id)}
      </Link>{" "}
      {LEAD_KIND_LABELS[kind].toLowerCase()}
    </>
  );
}

export function PersonPage({
  from,
  person,
  leads,
  accounts,
  canRecordComplaint = false,
  needs = null,
  needsHeld = [],
  complaints = [],
  requests = [],
  cases = [],
  canOpenComplaints = false,
  canOpenRequests = false,
}: PersonPageProps) {
  const fromLead = from.kind !== "account" && from.kind !== "complaint";
  const withNeeds = needs ? leads.filter((l) => Object.hasOwn(needs, l.id)) : [];
  const heldOn = leads.filter((l) => needsHeld.includes(l.id));
  const back = backLink(from);
  const casesOf = (id: string) => cases.filter((c) => c.leadId === id);
  const isOurs = (lead: { kind: LeadKind; id: string }) => leads.some((l) => l.kind === lead.kind && l.id === lead.id);
  // Named as the record the member came from names them: others sharing a phone may be named otherwise.
  const cameFrom =
    from.kind === "complaint"
      ? complaints.find((c) => c.id === from.id)
      : from.kind === "account"
        ? accounts.find((a) => a.id === from.id)
        : leads.find((l) => l.kind === from.kind && l.id === from.id);
  const name = cameFrom?.name ?? leads[0]?.name ?? accounts[0]?.name ?? complaints[0]?.name ?? null;
  return (
    <>
      <p>
        <Link to={back.to} className={textLinkClass}>
          {back.label}
        </Link>
      </p>
      <h1 className="mt-3 text-2xl font-bold text-slate-900 [overflow-wrap:anywhere]">
        {name ? `${name}: everything held` : "One person: everything held"}
      </h1>
      <p className="mt-2 max-w-3xl text-slate-700 [overflow-wrap:anywhere]">
        Every quote, quick-check enquiry, contact message, account, complaint and request with the email address{" "}
        <strong>{person.email || "(none)"}</strong>
        {person.phone ? (
          <>
            {" "}
            or the phone number <strong>{person.phone}</strong> (written with +44 or 0 alike)
          </>
        ) : null}
        .
      </p>
      {canRecordComplaint ? (
        <p className="mt-3">
          <Link
            to={
              fromLead
                ? `/staff/complaints/new?${new URLSearchParams({ lead: `${from.kind}:${from.id}` })}`
                : "/staff/complaints/new"
            }
            className={textLinkClass}
          >
            Record a complaint from them
          </Link>
        </p>
      ) : null}

      <section aria-labelledby="person-complaints-heading">
        <h2 id="person-complaints-heading" className={h2Class}>
          Complaints ({complaints.length})
        </h2>
        {complaints.length === 0 ? (
          <p className="mt-3">No complaint from them.</p>
        ) : (
          <ul className="mt-3 grid gap-3 md:grid-cols-2" data-testid="person-complaints">
            {complaints.map((c) => {
              const stage = complaintStage(c);
              return (
                <li key={c.id} className={cardClass}>
                  <p>
                    {canOpenComplaints ? (
                      <Link to={`/staff/complaints/${c.id}`} className={cn("font-mono", textLinkClass)}>
                        {c.reference}
                      </Link>
                    ) : (
                      <span className="font-mono font-semibold">{c.reference}</span>
                    )}
                    , received {formatDay(c.receivedAt)}
                  </p>
                  <p className={stage.overdue ? "font-semibold text-red-800" : undefined} data-testid="complaint-stage">
                    {stage.text}
                  </p>
                  {c.lead && isOurs(c.lead) ? (
                    <p className="text-sm text-slate-700">
                      About <LeadRef kind={c.lead.kind} id={c.lead.id} />
                    </p>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <section aria-labelledby="person-requests-heading">
        <h2 id="person-requests-heading" className={h2Class}>
          Data and correction requests ({requests.length})
        </h2>
        {requests.length === 0 ? (
          <p className="mt-3">No request from them.</p>
        ) : (
          <ul className="mt-3 grid gap-3 md:grid-cols-2" data-testid="person-requests">
            {requests.map((r) => {
              const label = DATA_REQUEST_KINDS[r.kind as keyof typeof DATA_REQUEST_KINDS] ?? "Data request";
              return (
                <li key={r.id} className={cardClass}>
                  <p>
                    {canOpenRequests ? (
                      <Link to={`/staff/requests#request-${r.id}`} className={cn("font-mono", textLinkClass)}>
                        {r.reference}
                      </Link>
                    ) : (
                      <span className="font-mono font-semibold">{r.reference}</span>
                    )}{" "}
                    “{label}”, received {formatDay(r.receivedAt)}
                  </p>
                  <p data-testid="request-stage">
                    {r.answeredAt
                      ? `Answered on ${formatDay(r.answeredAt)}`
                      : `Open: to answer by ${dayEndedBy(r.dueBy)}`}
                  </p>
                  {accounts.some((a) => a.id === r.accountId) ? (
                    <p className="text-sm text-slate-700">Sent from their account</p>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </section>

      {needs ? (
        <section aria-labelledby="person-needs-heading" data-testid="person-needs">
          <h2 id="person-needs-heading" className={h2Class}>
            Needs and adjustments
          </h2>
          {withNeeds.length === 0 ? (
            <p className="mt-3">None of these leads has a needs record.</p>
          ) : (
            <ul className="mt-3 grid gap-3 md:grid-cols-2">
              {withNeeds.map((l) => {
                const record = needs[l.id] as NeedsView;
                return (
                  <li key={`needs-${l.id}`} className="rounded-lg border-2 border-purple-700 bg-purple-50 p-3">
                    <p>
                      <LeadRef kind={l.kind} id={l.id} />
                    </p>
                    <NeedsMarkers markers={needsMarkers(record)} className="mt-1" />
                    <NeedsRecord needs={record} />
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      ) : heldOn.length > 0 ? (
        <section aria-labelledby="person-needs-heading" data-testid="person-needs-held">
          <h2 id="person-needs-heading" className={h2Class}>
            Needs and adjustments
          </h2>
          <p className="mt-3 rounded border-l-4 border-slate-500 bg-slate-50 px-3 py-2">{needsHeldText()}</p>
          <ul className="mt-2 space-y-1">
            {heldOn.map((l) => (
              <li key={`held-${l.id}`}>
                On <LeadRef kind={l.kind} id={l.id} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="person-leads-heading">
        <h2 id="person-leads-heading" className={h2Class}>
          Leads ({leads.length})
        </h2>
        {leads.length === 0 ? (
          <p className="mt-3">No leads share this email or phone.</p>
        ) : (
          <ul className="mt-3 grid gap-3 md:grid-cols-2" data-testid="person-leads">
            {leads.map((l) => (
              <li key={`${l.kind}-${l.id}`} className={cardClass}>
                <p>
                  <Link to={leadPath(l.kind, l.id)} className={cn("font-mono", textLinkClass)}>
                    {reference(l.id)}
                  </Link>{" "}
                  {LEAD_KIND_LABELS[l.kind]}
                  {fromLead && l.id === from.id ? " (this lead)" : ""}
                </p>
                <p>
                  {l.name}, {formatWhen(l.receivedAt)}
                  {l.loanAmount !== null ? `, ${money(l.loanAmount)}` : ""}
                </p>
                <p className="text-sm text-slate-700">
                  {LEAD_STATUS_LABELS[l.status]}. {sharedBy(l)}: {l.email}, {l.phone}
                </p>
                <p className="text-sm" data-testid="person-lead-next">
                  Next action: {personNextAction(l)}
                </p>
                {casesOf(l.id).map((c) => (
                  <p key={c.id} className="text-sm" data-testid="person-lead-case">
                    Case: {caseStageLabel(c.stage)}, {c.lender} {c.product}, sent {formatDay(c.applicationSentAt)}
                  </p>
                ))}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="person-accounts-heading">
        <h2 id="person-accounts-heading" className={h2Class}>
          Accounts ({accounts.length})
        </h2>
        {accounts.length === 0 ? (
          <p className="mt-3">No borrower account shares this email or phone.</p>
        ) : (
          <ul className="mt-3 grid gap-3 md:grid-cols-2" data-testid="person-accounts">
            {accounts.map((a) => (
              <li key={a.id} className={cardClass}>
                <p>
                  <Link to={personPath("account", a.id)} className={textLinkClass}>
                    Account of {a.name}
                  </Link>
                  {from.kind === "account" && a.id === from.id ? " (this account)" : ""}
                </p>
                <p>
                  Opened {formatWhen(a.createdAt)}, {a.confirmed ? "email confirmed" : "email not confirmed"}
                </p>
                <p className="text-sm text-slate-700">
                  {sharedBy(a)}: {a.email}
                  {a.phone ? `, ${a.phone}` : ""}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
