import { formatDateTime } from "~/domain/date-format";
import { formatPounds } from "~/domain/finance";

// How the console writes times and sums: UK time, to the minute, the UK's way.

/** "Mon 7 Dec 2026, 10:30am": the domain's one formatter (date-format.ts). */
export const formatWhen = (iso: string | Date) => formatDateTime(iso);
export const money = (n: number | null) => (n === null ? "—" : formatPounds(n));
export const percentOrDash = (n: number | null) => (n === null ? "—" : `${n.toFixed(2)}%`);
export const reference = (id: string) => id.slice(0, 8).toUpperCase();
export const leadPath = (kind: string, id: string) => `/staff/leads/${kind}/${id}`;
/** Everyone matching a lead (its email or phone): keyed by the lead, so no personal data sits in the URL. */
export const personPath = (kind: string, id: string) => `/staff/people/${kind}/${id}`;
/** A phone number as a `tel:` link dials it: digits and a leading +, nothing else. */
export const telHref = (phone: string) => `tel:${phone.replace(/(?!^\+)[^\d]/g, "")}`;
