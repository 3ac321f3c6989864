// Spec section 5 "Sanitising before send": applied in the browser before sending and
// again on the server before validation, so stored leads are clean whoever sent them.
// This is not the XSS defence (output encoding is); it keeps leads and emails tidy.

import {
  CONTACT_MESSAGE_MAX_LENGTH,
  CONTACT_SUBJECT_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  PHONE_MAX_LENGTH,
  URL_MAX_LENGTH,
} from "./field-limits";
import { withoutForeignClickIds } from "./click-ids";

// Unicode "Cc": C0 controls, DEL and C1 controls.
const CONTROL_CHARACTERS = /\p{Cc}/gu;
// Unicode "Cf": invisible format characters (zero-width spaces and joiners, the bidi
// overrides U+202A-U+202E and isolates U+2066-U+2069, BOM). In a name they only hide
// text, reorder it in the broker's inbox, or make an empty name look filled in.
const FORMAT_CHARACTERS = /\p{Cf}/gu;
const CONTROL_CHARACTERS_EXCEPT_TAB_NEWLINE = /(?![\t\n])\p{Cc}/gu;

/** Cuts to a length in characters (code points), never splitting an emoji or accent pair. */
function cap(value: string, maxLength: number): string {
  const chars = Array.from(value);
  return chars.length > maxLength ? chars.slice(0, maxLength).join("") : value;
}

/** Not cut to NAME_MAX_LENGTH: a name over the limit is refused with the limit (schemas). */
export function sanitiseName(raw: string): string {
  return raw
    .replace(CONTROL_CHARACTERS, "")
    .replace(FORMAT_CHARACTERS, "")
    .replace(/[<>&'"]/g, "")
    .trim();
}

export function sanitisePhone(raw: string): string {
  return cap(raw.replace(/[^\d +\-()]/g, "").trim(), PHONE_MAX_LENGTH);
}

export function sanitiseEmail(raw: string): string {
  return cap(
    raw
      .trim()
      .toLowerCase()
      .replace(/[^\w@.\-+]/g, ""),
    EMAIL_MAX_LENGTH,
  );
}

/** Free text such as a contact message: keeps line breaks and tabs, drops other controls. */
export function sanitiseText(raw: string, maxLength: number): string {
  return cap(raw.replace(/\r\n?/g, "\n").replace(CONTROL_CHARACTERS_EXCEPT_TAB_NEWLINE, "").trim(), maxLength);
}

/** One line of text (a subject, a URL): no line breaks, which could forge email headers. */
export function sanitiseLine(raw: string, maxLength: number): string {
  return cap(raw.replace(CONTROL_CHARACTERS, "").trim(), maxLength);
}

type Cleaner = (value: string) => string;

/**
 * Cleans the named string fields of a payload, leaving everything else (including
 * non-strings, for the schema to reject) as it was. Accepts unknown JSON on the server.
 */
function sanitiseFields<T>(raw: T, cleaners: Record<string, Cleaner>): T {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return raw;
  const out: Record<string, unknown> = { ...(raw as Record<string, unknown>) };
  for (const [field, clean] of Object.entries(cleaners)) {
    const value = out[field];
    if (typeof value === "string") out[field] = clean(value);
  }
  return out as T;
}

const urlLine: Cleaner = (value) => sanitiseLine(value, URL_MAX_LENGTH);
/** The landing page: its click ids only of the shape Google issues (DECISIONS D23). */
const landingPage: Cleaner = (value) => withoutForeignClickIds(urlLine(value));

/** The quote payload (snake_case, spec section 3). */
export function sanitiseQuote<T>(raw: T): T {
  return sanitiseFields(raw, {
    first_name: sanitiseName,
    last_name: sanitiseName,
    email: sanitiseEmail,
    phone: sanitisePhone,
    landing_page_url: landingPage,
  });
}

/** The quick form's personal enquiry payload (camelCase, spec section 7). */
export function sanitiseEnquiry<T>(raw: T): T {
  return sanitiseFields(raw, {
    firstName: sanitiseName,
    lastName: sanitiseName,
    email: sanitiseEmail,
    phone: sanitisePhone,
    landingPageUrl: landingPage,
  });
}


/** The contact form. Subjects and messages keep quotes and ampersands: they are prose. */
export function sanitiseContact<T>(raw: T): T {
  return sanitiseFields(raw, {
    name: sanitiseName,
    email: sanitiseEmail,
    phone: sanitisePhone,
    subject: (value) => sanitiseLine(value, CONTACT_SUBJECT_MAX_LENGTH),
    message: (value) => sanitiseText(value, CONTACT_MESSAGE_MAX_LENGTH),
  });
}
