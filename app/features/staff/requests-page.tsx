import { Form, Link } from "react-router";
import { FieldLabel } from "~/components/console/field-label";
import { Notice } from "~/components/console/notice";
import { downloadLinkClass, textLinkClass } from "~/components/console/text-link";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { controlClass } from "~/components/ui/field";
import { dayInWords } from "~/domain/calendar-day";
import { ukClock } from "~/domain/uk-time";
import { LEAD_KIND_LABELS, type LeadKind } from "~/domain/leads";
import { formatWhen, leadPath, personPath, reference } from "./format";

// /staff/requests: a data subject's access and erasure requests (UK GDPR articles 15
// and 17), answered by the email address they wrote from; and the correction requests
// borrowers send from /account (article 16), soonest due first.

export interface CorrectionRequestRow {
  id: string;
  reference: string;
  receivedAt: string;
  name: string;
  email: string;
  details: string;
  dueBy: string;
  answeredAt: string | null;
  answeredByName: string | null;
  /** The account it was sent from: the person page starts there. */
  accountId: string;
  /** The newest leads with the request's email address, which it is about (an open request's; none for an answered one). */
  leads: { kind: LeadKind; id: string; name: string; receivedAt: string }[];
}

export interface RequestsPageProps {
  email: string;
  found: {
    account: number;
    quotes: number;
    personalEnquiries: number;
    contactMessages: number;
    complaints: number;
    emails: number;
  } | null;
  notice: { tone: "error" | "success"; text: string } | null;
  /** The confirmation the erase form was last sent with, when it did not match. */
  confirm?: string;
  /** One page of the correction requests: the open ones first, then the answered. */
  requests: {
    open: CorrectionRequestRow[];
    answered: CorrectionRequestRow[];
    /** Open in all, on every page. */
    openCount: number;
    page: number;
    previous: string | null;
    next: string | null;
    now: string;
  };
}

export function RequestsPage({ email, found, notice, confirm = "", requests }: RequestsPageProps) {
  const total = found ? Object.values(found).reduce((a, b) => a + b, 0) : 0;
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Data requests</h1>
      <p className="mt-2 max-w-3xl text-slate-700">
        Find everything held about a person by the email address they wrote from: download it for an access request, or
        erase it for an erasure request. Both are recorded in the audit log.
      </p>
      {notice ? (
        <div className="mt-4">
          <Notice tone={notice.tone}>{notice.text}</Notice>
        </div>
      ) : null}
      <CorrectionRequests {...requests} />
      <h2 className="mt-8 text-xl font-bold text-slate-900">Access and erasure</h2>
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-3" aria-label="Find a person's data">
        <div className="w-full max-w-sm">
          <FieldLabel htmlFor="email">Email address</FieldLabel>
          <input
            id="email"
            name="email"
            type="email"
            required
            defaultValue={email}
            autoComplete="off"
            className={cn(controlClass, "mt-1")}
          />
        </div>
        <Button type="submit" variant="secondary" size="sm">
          Find
        </Button>
      </Form>

      {found ? (
        <section aria-labelledby="found-heading" className="mt-8">
          <h2 id="found-heading" className="text-xl font-bold text-slate-900">
            Held about {email}
          </h2>
          <dl className="mt-3 grid max-w-md grid-cols-[1fr_auto] gap-x-6 gap-y-1" data-testid="found">
            <dt>Borrower account</dt>
            <dd>{found.account ? "Yes" : "No"}</dd>
            <dt>Quotes</dt>
            <dd>{found.quotes}</dd>
            <dt>Quick-check enquiries</dt>
            <dd>{found.personalEnquiries}</dd>
            <dt>Contact messages</dt>
            <dd>{found.contactMessages}</dd>
            <dt>Complaints</dt>
            <dd>{found.complaints}</dd>
            <dt>Emails sent</dt>
            <dd>{found.emails}</dd>
          </dl>
          {total === 0 ? (
            <p className="mt-4 text-slate-700">Nothing is held about this address.</p>
          ) : (
            <>
              <p className="mt-4">
                <a
                  href={`/staff/requests/export?${new URLSearchParams({ email })}`}
                  className={downloadLinkClass}
                  download
                >
                  Download everything (JSON)
                </a>
              </p>
              <Form
                method="post"
                className="mt-8 max-w-md rounded-lg border border-red-300 p-4"
                aria-labelledby="erase-heading"
              >
                <h3 id="erase-heading" className="text-lg font-bold text-slate-900">
                  Erase everything
                </h3>
                <p className="mt-1 text-slate-700">
                  Deletes the account, every lead with its notes and timeline, and the emails sent about them. This
                  cannot be undone.
                </p>
                {found.complaints > 0 ? (
                  <p className="mt-2 text-slate-700">
                    Their {found.complaints === 1 ? "complaint is" : `${found.complaints} complaints are`} kept, with
                    its letters, until three years after it closes, as DISP 1.9 requires; the retention job deletes it
                    then.
                  </p>
                ) : null}
                <input type="hidden" name="email" value={email} />
                <FieldLabel htmlFor="confirm" className="mt-3">
                  Type the email address again to confirm
                </FieldLabel>
                <input
                  id="confirm"
                  name="confirm"
                  type="email"
                  required
                  autoComplete="off"
                  defaultValue={confirm}
                  className={cn(controlClass, "mt-1")}
                />
                <Button type="submit" variant="secondary" size="sm" className="mt-3">
                  Erase everything
                </Button>
              </Form>
            </>
          )}
        </section>
      ) : null}
    </>
  );
}

/** A page of correction requests: those still to answer, each with its words and due day, then the answered. */
function CorrectionRequests({ open, answered, openCount, page, previous, next, now }: RequestsPageProps["requests"]) {
  return (
    <section aria-labelledby="corrections-heading" className="mt-6">
      <h2 id="corrections-heading" className="text-xl font-bold text-slate-900">
        Correction requests ({openCount} open)
      </h2>
      <p className="mt-1 max-w-3xl text-slate-700">
        Sent by borrowers from their account. Correct the lead from the request's link (its page's "Correct the
        details"), tell them, then mark the request answered; the privacy policy promises an answer within one month.
      </p>
      {open.length === 0 ? (
        <p className="mt-3">{openCount === 0 ? "None open." : "The open requests are on the earlier pages."}</p>
      ) : (
        <ul className="mt-3 grid gap-3" data-testid="correction-requests">
          {open.map((row) => {
            const overdue = new Date(row.dueBy) < new Date(now);
            return (
              <li
                key={row.id}
                id={`request-${row.id}`}
                className="rounded-lg border border-slate-300 p-3 [overflow-wrap:anywhere]"
              >
                <p className="font-semibold text-slate-900">
                  {row.reference}: {row.name} ({row.email})
                </p>
                <p className="text-sm text-slate-700">
                  Received {formatWhen(row.receivedAt)}.{" "}
                  <span className={overdue ? "font-semibold text-red-800" : undefined}>
                    {overdue ? "Overdue: was due" : "Due"} by the end of{" "}
                    {dayInWords(ukClock(new Date(new Date(row.dueBy).getTime() - 1)).day)}.
                  </span>
                </p>
                <blockquote className="mt-2 border-l-4 border-slate-300 pl-3 whitespace-pre-wrap">
                  {row.details}
                </blockquote>
                {row.leads.length === 0 ? (
                  <p className="mt-2" data-testid="request-leads">
                    No lead has this email address: their account's own details they correct themselves.
                  </p>
                ) : (
                  <ul className="mt-2 space-y-1" data-testid="request-leads">
                    {row.leads.map((lead) => (
                      <li key={lead.id}>
                        <Link to={`${leadPath(lead.kind, lead.id)}?correct#correct`} className={textLinkClass}>
                          Correct lead <span className="font-mono">{reference(lead.id)}</span>
                        </Link>{" "}
                        ({LEAD_KIND_LABELS[lead.kind].toLowerCase()}, {lead.name}, {formatWhen(lead.receivedAt)})
                      </li>
                    ))}
                  </ul>
                )}
                <div className="mt-2 flex flex-wrap items-center gap-x-6 gap-y-2">
                  <Link to={personPath("account", row.accountId)} className={textLinkClass}>
                    Everything held about {row.name}
                  </Link>
                  <a href={`/staff/requests?${new URLSearchParams({ email: row.email })}`} className={textLinkClass}>
                    Find what is held about them
                  </a>
                  <Form method="post" action="/staff/requests/answer">
                    <input type="hidden" name="request" value={row.id} />
                    <Button type="submit" variant="secondary" size="sm" aria-label={`Mark ${row.reference} answered`}>
                      Mark answered
                    </Button>
                  </Form>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {answered.length > 0 ? (
        <details className="mt-3">
          <summary className="cursor-pointer font-semibold">
            {page === 1 ? "Recently answered" : "Answered"} ({answered.length})
          </summary>
          <ul className="mt-2 space-y-1 text-sm text-slate-700">
            {answered.map((row) => (
              <li key={row.id}>
                {row.reference}: {row.name}, answered {formatWhen(row.answeredAt ?? row.receivedAt)}
                {row.answeredByName ? ` by ${row.answeredByName}` : ""}.
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {previous || next ? (
        <nav aria-label="Pages of correction requests" className="mt-4 flex flex-wrap gap-x-6 gap-y-2">
          {previous ? (
            <a href={previous} className={textLinkClass}>
              Previous page
            </a>
          ) : null}
          <span className="text-slate-700">Page {page}</span>
          {next ? (
            <a href={next} className={textLinkClass}>
              Next page
            </a>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}
