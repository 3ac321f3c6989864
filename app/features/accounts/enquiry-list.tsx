import { formatDay } from "~/domain/date-format";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { formatPounds } from "~/domain/finance";
import { LOAN_PURPOSES, optionLabel, } from "~/domain/options";
import { enquiryTitle } from "~/domain/enquiries";
import { type EnquirySummary, type LeadStatus, leadReference } from "~/domain/leads";

/** Where an enquiry stands, in the words a borrower would use. */
export const STATUS_LABELS: Record<LeadStatus, string> = {
  new: "Received",
  contacted: "We have been in touch",
  "in-progress": "In progress",
  completed: "Completed",
  declined: "Not able to help",
  withdrawn: "Withdrawn",
};

const STATUS_STYLES: Record<LeadStatus, string> = {
  new: "bg-brand-50 text-brand-900 ring-brand-200",
  contacted: "bg-accent-50 text-accent-700 ring-accent-600/30",
  "in-progress": "bg-accent-50 text-accent-700 ring-accent-600/30",
  completed: "bg-accent-100 text-accent-700 ring-accent-600/40",
  declined: "bg-slate-100 text-slate-800 ring-slate-300",
  withdrawn: "bg-slate-100 text-slate-800 ring-slate-300",
};


/** The visitor's enquiries, newest first, as a table a screen reader can walk. */
export function EnquiryList({ enquiries }: { enquiries: EnquirySummary[] }) {
  if (enquiries.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-slate-300 p-6 text-center">
        <p className="font-semibold text-slate-900">You have not made an enquiry yet.</p>
        <p className="mt-1 text-slate-700">
          Enquiries you make while signed in, or with this email address, will appear here.
        </p>
        <Link to="/apply" className={buttonVariants({ className: "mt-4" })}>
          Check Eligibility »
        </Link>
      </div>
    );
  }
  // On a phone the date moves under the enquiry and the status under the amount, so the
  // table fits without scrolling sideways.
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200">
      <table className="w-full text-left">
        <caption className="sr-only">Your enquiries, newest first</caption>
        <thead className="bg-slate-50 text-sm text-slate-700">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold max-sm:hidden">
              Date
            </th>
            <th scope="col" className="px-3 py-3 font-semibold sm:px-4">
              Enquiry
            </th>
            <th scope="col" className="px-3 py-3 text-right font-semibold sm:px-4">
              Amount
            </th>
            <th scope="col" className="px-4 py-3 font-semibold max-sm:hidden">
              Status
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {enquiries.map((enquiry) => {
            const date = <time dateTime={enquiry.createdAt}>{formatDay(enquiry.createdAt)}</time>;
            const status = <StatusBadge status={enquiry.status} />;
            return (
              <tr key={enquiry.id}>
                <td className="whitespace-nowrap px-4 py-3 text-slate-800 max-sm:hidden">{date}</td>
                <td className="px-3 py-3 sm:px-4">
                  <span className="font-medium text-slate-900">{enquiryTitle(enquiry)}</span>
                  {/* The reference the thank-you page and the email ask the borrower to quote. */}
                  <span className="block text-sm text-slate-700">
                    Reference <span className="font-mono font-semibold text-slate-900">{leadReference(enquiry.id)}</span>
                  </span>
                  {enquiry.loanPurpose && (
                    <span className="block text-sm text-slate-700">
                      {optionLabel(LOAN_PURPOSES, enquiry.loanPurpose)}
                    </span>
                  )}
                  <span className="block text-sm text-slate-700 sm:hidden">{date}</span>
                </td>
                <td className="whitespace-nowrap px-3 py-3 text-right font-medium text-slate-900 sm:px-4">
                  {formatPounds(enquiry.loanAmount)}
                  <span className="mt-1 block sm:hidden">{status}</span>
                </td>
                <td className="px-4 py-3 max-sm:hidden">{status}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function StatusBadge({ status }: { status: LeadStatus }) {
  return (
    <span
      className={`inline-block whitespace-nowrap rounded-full px-3 py-1 text-sm font-semibold ring-1 ${STATUS_STYLES[status] ?? STATUS_STYLES.new}`}
    >
      {STATUS_LABELS[status] ?? status}
    </span>
  );
}
