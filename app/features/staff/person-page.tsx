import { Link } from "react-router";
import { LEAD_KIND_LABELS, LEAD_STATUS_LABELS, type LeadKind, type LeadStatus } from "~/domain/leads";
import { needsMarkers } from "~/domain/needs";
import { formatWhen, leadPath, money, reference } from "./format";
import { NeedsMarkers, NeedsRecord, type NeedsView } from "./needs/needs-section";

// One person, not five rows (decision 201): every lead and account sharing an email or a
// phone number with the lead the adviser came from, newest first, each a link.

export interface PersonPageProps {
  from: { kind: LeadKind | "account"; id: string };
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
}

const h2Class = "mt-8 text-xl font-bold text-slate-900";
const cardClass = "rounded-lg border border-slate-300 p-3 [overflow-wrap:anywhere]";

/** What a row shares with the person, in words. */
export function sharedBy(row: { byEmail: boolean; byPhone: boolean }): string {
  if (row.byEmail && row.byPhone) return "Same email and phone";
  return row.byEmail ? "Same email" : "Same phone";
}

export function PersonPage({
  from,
  person,
  leads,
  accounts,
  canRecordComplaint = false,
  needs = null,
}: PersonPageProps) {
  const fromLead = from.kind !== "account";
  const withNeeds = needs ? leads.filter((l) => Object.hasOwn(needs, l.id)) : [];
  return (
    <>
      <p>
        {fromLead ? (
          <Link to={leadPath(from.kind, from.id)} className="font-semibold text-brand-700 underline">
            ← Back to lead {reference(from.id)}
          </Link>
        ) : (
          <Link to="/staff" className="font-semibold text-brand-700 underline">
            ← All leads
          </Link>
        )}
      </p>
      <h1 className="mt-3 text-2xl font-bold text-slate-900">
        {fromLead ? `Everyone matching lead ${reference(from.id)}` : "Everyone matching this account"}
      </h1>
      <p className="mt-2 max-w-3xl text-slate-700 [overflow-wrap:anywhere]">
        Every quote, quick-check enquiry, contact message and account with the email address{" "}
        <strong>{person.email}</strong>
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
            className="font-semibold text-brand-700 underline"
          >
            Record a complaint from them
          </Link>
        </p>
      ) : null}

      {needs && (
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
                      <Link to={leadPath(l.kind, l.id)} className="font-mono font-semibold text-brand-700 underline">
                        {reference(l.id)}
                      </Link>{" "}
                      {LEAD_KIND_LABELS[l.kind]}
                    </p>
                    <NeedsMarkers markers={needsMarkers(record)} className="mt-1" />
                    <NeedsRecord needs={record} />
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      )}

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
                  <Link to={leadPath(l.kind, l.id)} className="font-mono font-semibold text-brand-700 underline">
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
                  <Link to={`/staff/people/account/${a.id}`} className="font-semibold text-brand-700 underline">
                    Account of {a.name}
                  </Link>
                  {!fromLead && a.id === from.id ? " (this account)" : ""}
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
