import { Link, useNavigation } from "react-router";
import { Notice } from "~/components/console/notice";
import { LEAD_KIND_LABELS, TRIAGE_FLAG_LABELS, type TriageFlag } from "~/domain/leads";
import type { Permission } from "~/domain/permissions";
import { CaseSection } from "./case-section";
import { formatWhen, leadPath, money, personPath, reference, telHref } from "./format";
import { type HistoryInput, leadHistory, sentEmailsOf } from "./lead-history";
import type { TimelineEvent } from "~/domain/lead-work";
import type { CaseView, LeadView, PanelView } from "./lead-view";
import type { Refusal } from "./lead-work-forms";
import { LeadWalk, type LeadWalkView } from "./lead-walk";
import { NeedsSection, type NeedsView, needsHeldText } from "./needs/needs-section";
import { activityFeed, feedCounts, type FeedShow, type LeadRecordsView } from "./lead/activity";
import { ActivityFeed } from "./lead/activity-feed";
import { DetailsSection, valueClass } from "./lead/details-section";
import { HeaderStrip } from "./lead/header-strip";
import { PanelSection } from "./lead/panel-section";
import { WorkSection } from "./lead/work-section";
import type { CheckStepView } from "~/components/console/check-step";
import { AssignUndoForm, type AssignUndoView } from "./assign-undo-form";
import { LeadUndoForm, type LeadUndoView } from "./lead-undo-form";
import { textLinkClass } from "~/components/console/text-link";

// /staff/leads/:kind/:id (issue 50): the header strip (who, status, owner, the one next
// action, the actions of the moment), then the work and the details with the activity
// feed beside them. Each section is its own file in ./lead/.

export interface LeadEmail {
  subject: string;
  to: string;
  /** The plain-text body, shown on the timeline once sent. */
  text: string;
  /** A reminder not sent because its call-back moved before its time. */
  skipped: boolean;
  status: "pending" | "done" | "dead";
  attempts: number;
  queuedAt: string;
  sentAt: string | null;
}

export interface LeadPageProps {
  lead: LeadView;
  timeline: TimelineEvent<string>[];
  emails: LeadEmail[];
  /** The borrower's call-back choice stored on the lead and when they made it; null when they have not chosen. */
  borrowerChoice: HistoryInput["borrowerChoice"];
  staff: { id: string; name: string }[];
  /** The lender panel held against the lead's answers; null for a contact message. */
  panel: PanelView | null;
  /** The lead's case with a lender (its latest); null when none was started. */
  leadCase: CaseView | null;
  /** The cases lenders declined before the latest, latest first (docs/decisions/256). */
  earlierCases: CaseView[];
  viewerId: string;
  /** What the member's roles allow (DECISIONS D25): what they may not do is not offered. */
  can: readonly Permission[];
  notice: { tone: "error" | "success"; text: string } | null;
  /** A refused post: its form is drawn again with what was typed. */
  refusal?: Refusal | null;
  /** The lead's needs record (DECISIONS D28); null when it has none or the member may not read it. */
  needs?: NeedsView | null;
  /** The check step a closing status move answered with (DECISIONS D31). */
  statusCheck?: CheckStepView | null;
  /** The Undo of the assignment just saved, while the lead is as it left it (DECISIONS D31). */
  assignUndo?: AssignUndoView | null;
  /** The Undo of the member's last status move or note, until anything else is done to the lead (DECISIONS D31). */
  leadUndo?: LeadUndoView | null;
  /** The inbox list the lead was opened from, with its previous and next leads; null when opened otherwise. */
  walk?: LeadWalkView | null;
  /** The person's complaints, data requests and needs changes beside the lead (issue 50). */
  records?: LeadRecordsView;
  /** The kind of activity the URL asks for (`?feed=`). */
  feed?: FeedShow;
  /** The query the page's own links keep (`list=…`), without `feed`. */
  keep?: string;
}

const NO_RECORDS: LeadRecordsView = { complaints: [], dataRequests: [], needsChanges: [], needsHeld: false };

/** A flag as the adviser reads it: the duplicate flag names the lead it repeats and links to it. */
function FlagText({ flag, lead }: { flag: TriageFlag; lead: LeadView }) {
  const earlier = lead.duplicateOf;
  if (flag !== "duplicate" || !earlier) return <>{TRIAGE_FLAG_LABELS[flag]}</>;
  return (
    <>
      Duplicate of{" "}
      <Link to={leadPath(earlier.kind, earlier.id)} className="font-mono underline">
        {reference(earlier.id)}
      </Link>{" "}
      ({LEAD_KIND_LABELS[earlier.kind].toLowerCase()}, {formatWhen(earlier.receivedAt)}):{" "}
      <Link to={personPath(lead.kind, lead.id)} className="underline">
        everyone matching
      </Link>
    </>
  );
}

export function LeadPage({
  lead,
  timeline,
  emails,
  borrowerChoice,
  staff,
  panel,
  leadCase,
  earlierCases,
  viewerId,
  can,
  notice,
  refusal = null,
  walk = null,
  needs = null,
  statusCheck = null,
  assignUndo = null,
  leadUndo = null,
  records = NO_RECORDS,
  feed = "all",
  keep = "",
}: LeadPageProps) {
  const work = can.includes("leads.work");
  const busy = useNavigation().state === "submitting";
  const history = leadHistory({
    arrival: { at: lead.receivedAt, kindLabel: lead.kindLabel },
    borrowerChoice,
    emails: sentEmailsOf(emails),
    staff: timeline,
  });
  const everything = activityFeed(history, records, "all");
  const shown = feed === "all" ? everything : activityFeed(history, records, feed);
  // An assignment's Undo is offered beside it in the activity too, as long as the notice's (DECISIONS D31).
  const lastAssignment = everything.find((item) => item.event?.type === "assignment")?.event?.id;
  const ownerName = lead.assigneeId ? (staff.find((s) => s.id === lead.assigneeId)?.name ?? "A colleague") : null;
  return (
    <>
      <LeadWalk walk={walk} />
      <HeaderStrip
        lead={lead}
        ownerName={ownerName}
        viewerId={viewerId}
        work={work}
        records={records}
        keep={keep}
        busy={busy}
      >
        {/* A record first, before the number: nobody calls a borrower who asked for email (DECISIONS D28). */}
        {needs && <NeedsSection needs={needs} record={can.includes("needs.record")} refusal={refusal} busy={busy} />}
        <dl
          aria-label="Reach the borrower"
          className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 sm:gap-x-6"
          data-testid="lead-contact"
        >
          <dt className="font-semibold">Phone</dt>
          <dd className={valueClass}>
            <a href={telHref(lead.phone)} className={textLinkClass} data-testid="lead-phone">
              {lead.phone}
            </a>
          </dd>
          <dt className="font-semibold">Email</dt>
          <dd className={valueClass}>
            <a href={`mailto:${lead.email}`} className={textLinkClass}>
              {lead.email}
            </a>
          </dd>
          {lead.loanAmount !== null && (
            <>
              <dt className="font-semibold">Amount</dt>
              <dd className={valueClass}>{money(lead.loanAmount)}</dd>
            </>
          )}
        </dl>
      </HeaderStrip>
      {notice && (
        <div className="mt-4">
          <Notice tone={notice.tone}>{notice.text}</Notice>
          {assignUndo && notice.tone === "success" && <AssignUndoForm undo={assignUndo} busy={busy} />}
          {leadUndo?.inNotice && notice.tone === "success" && <LeadUndoForm undo={leadUndo} busy={busy} />}
        </div>
      )}
      {!can.includes("needs.read") && records.needsHeld && (
        <p className="mt-3 rounded border-l-4 border-slate-500 bg-slate-50 px-3 py-2" data-testid="needs-held">
          {needsHeldText()}
        </p>
      )}
      <p className="mt-3 text-slate-700">
        {lead.kindLabel} received {formatWhen(lead.receivedAt)}.{" "}
        <span data-testid="lead-first-contact">
          {lead.firstContactedAt ? `First called ${formatWhen(lead.firstContactedAt)}.` : "Not called yet."}
        </span>
      </p>
      <p className="mt-1">
        <Link to={personPath(lead.kind, lead.id)} className={textLinkClass}>
          Everyone with this email or phone
        </Link>
        {can.includes("complaints.handle") && (
          <>
            {" · "}
            <Link
              to={`/staff/complaints/new?${new URLSearchParams({ lead: `${lead.kind}:${lead.id}` })}`}
              className={textLinkClass}
              data-testid="record-complaint"
            >
              {lead.kind === "contact" ? "This is a complaint" : "Record a complaint from them"}
            </Link>
          </>
        )}
      </p>
      {lead.flags.length > 0 && (
        <ul aria-label="Triage flags" className="mt-3 flex flex-wrap gap-2">
          {lead.flags.map((f) => (
            <li key={f} className="rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-900">
              <FlagText flag={f} lead={lead} />
            </li>
          ))}
        </ul>
      )}

      {/* None yet: a line and its form below the number, which stays on a phone's first screen (decision 313). */}
      {!needs && can.includes("needs.read") && (
        <NeedsSection needs={null} record={can.includes("needs.record")} refusal={refusal} busy={busy} />
      )}

      <div className="mt-8 grid gap-8 xl:grid-cols-[minmax(0,1fr)_26rem]">
        <div className="min-w-0">
          {work && (
            <WorkSection
              lead={lead}
              staff={staff}
              viewerId={viewerId}
              assignOthers={can.includes("leads.assign")}
              refusal={refusal}
              busy={busy}
              statusCheck={statusCheck}
            />
          )}
          {leadCase && (
            <CaseSection
              lead={lead}
              leadCase={leadCase}
              earlierCases={earlierCases}
              refusal={refusal}
              busy={busy}
              work={work}
              changeCommission={can.includes("commission.change")}
            />
          )}
          {panel && (
            <PanelSection
              panel={panel}
              lead={lead}
              leadCase={leadCase}
              earlierCases={earlierCases}
              busy={busy}
              work={work}
            />
          )}
          <DetailsSection lead={lead} emails={emails} can={can} refusal={refusal} busy={busy} />
        </div>
        <ActivityFeed
          kind={lead.kind}
          items={shown}
          counts={feedCounts(everything)}
          show={feed}
          keep={keep}
          can={can}
          after={(item) => {
            if (leadUndo && item.event?.id === leadUndo.eventId) return <LeadUndoForm undo={leadUndo} busy={busy} />;
            if (assignUndo && item.event?.id === lastAssignment)
              return <AssignUndoForm undo={assignUndo} busy={busy} />;
            return null;
          }}
        />
      </div>
    </>
  );
}
