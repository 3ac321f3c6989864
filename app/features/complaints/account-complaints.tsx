import { dayInWords } from "~/domain/calendar-day";
import type { ComplaintProgress } from "~/domain/complaints";

// The account page's complaints (DECISIONS D26): those made with the account's own
// confirmed address, each with its reference to quote, where it stands and the day our
// next letter is due by, each day written as every other day on the page ("Fri 9 Jan
// 2026"). Nothing of what was written: that is in the letters.

export interface AccountComplaint extends ComplaintProgress {
  reference: string;
  /** The UK day it came in (YYYY-MM-DD). */
  receivedAt: string;
}

export function AccountComplaints({ complaints }: { complaints: AccountComplaint[] }) {
  if (complaints.length === 0) return null;
  return (
    <section aria-labelledby="complaints-heading" className="mt-10">
      <h2 id="complaints-heading" className="text-xl font-bold text-slate-900">
        Your complaints
      </h2>
      <p className="mt-1 text-slate-700">Made with this email address, newest first.</p>
      <ul className="mt-4 space-y-3">
        {complaints.map((complaint) => (
          <li key={complaint.reference} className="rounded-xl border border-slate-200 p-5">
            <h3 className="text-lg font-bold text-slate-900">
              Reference <span className="font-mono">{complaint.reference}</span>
            </h3>
            <dl className="mt-2 grid gap-x-4 gap-y-1 text-slate-800 sm:grid-cols-[auto_1fr]">
              <dt className="font-semibold">Received</dt>
              <dd>{dayInWords(complaint.receivedAt)}</dd>
              <dt className="font-semibold">Where it stands</dt>
              <dd>{complaint.stage}</dd>
              {complaint.dueDay && (
                <>
                  <dt className="font-semibold">Our next letter is due by</dt>
                  <dd>{dayInWords(complaint.dueDay)}</dd>
                </>
              )}
            </dl>
          </li>
        ))}
      </ul>
    </section>
  );
}
