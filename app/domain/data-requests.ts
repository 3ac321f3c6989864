// A borrower's request to correct what the firm holds about them (UK GDPR article 16,
// DECISIONS D29), asked from /account and answered from the console's data requests: its
// words and limits, and the month the privacy policy promises to answer it in.

import { FIRST_NAME_REQUIRED, LAST_NAME_REQUIRED } from "./account-messages";
import { addDays, daysInMonth } from "./calendar-day";
import type { BankHolidayNation } from "./callbacks";
import { isBusinessDay } from "./complaints";
import { NAME_MAX_LENGTH } from "./field-limits";
import { FIRST_NAME_TOO_LONG, LAST_NAME_TOO_LONG, UK_PHONE_INVALID } from "./messages";
import { isUkPhone } from "./phone";
import { sanitiseName, sanitisePhone, sanitiseText } from "./sanitise";
import { ukClock, ukInstant } from "./uk-time";
import { type FormRead, formRead, formRefused } from "./form-read";

/** What a request asks: only corrections come through /account; access and erasure are the borrower's own buttons. */
export const DATA_REQUEST_KINDS = { correction: "Correct my details" } as const;
export type DataRequestKind = keyof typeof DATA_REQUEST_KINDS;

export const CORRECTION_REQUEST_MAX_LENGTH = 2_000;

export const CORRECTION_REQUEST_PROBLEMS = {
  empty: "Tell us what is wrong and what it should say",
  tooLong: `Keep it to ${CORRECTION_REQUEST_MAX_LENGTH.toLocaleString("en-GB")} characters or fewer`,
} as const;

/** The request's one field, as the account page names it. */
export const CORRECTION_REQUEST_FIELD = "details";

/** The request's words, or why they cannot be sent, with the words as typed. */
export type CorrectionRequestRead = FormRead<string, { details: string }, typeof CORRECTION_REQUEST_FIELD>;

/** The request's words as typed (trimmed, control characters out), or why they cannot be sent. */
export function readCorrectionRequest(value: unknown): CorrectionRequestRead {
  const typed = { details: typeof value === "string" ? value : "" };
  // Control characters out (a NUL cannot be stored), line breaks kept; the length judged before any cap.
  const details = sanitiseText(typed.details, Number.MAX_SAFE_INTEGER);
  if (details === "") return formRefused({ details: CORRECTION_REQUEST_PROBLEMS.empty }, typed);
  if (details.length > CORRECTION_REQUEST_MAX_LENGTH)
    return formRefused({ details: CORRECTION_REQUEST_PROBLEMS.tooLong }, typed);
  return formRead(details);
}

/** How a request is named to the borrower and in the console. */
export const dataRequestReference = (id: string) => `R-${id.slice(0, 8).toUpperCase()}`;

/**
 * The UK day a request received at `receivedAt` is answered by, as the ICO counts one month
 * (UK GDPR article 12(3)): the same date in the next month, or that month's last day where it
 * has no such date (31 January → 28 or 29 February); moved to the next working day when it
 * falls on a weekend or a bank holiday of the firm's nation.
 */
export function dataRequestDueDay(receivedAt: Date, nation: BankHolidayNation): string {
  const [year, month, date] = ukClock(receivedAt).day.split("-").map(Number) as [number, number, number];
  const nextYear = month === 12 ? year + 1 : year;
  const nextMonth = month === 12 ? 1 : month + 1;
  const nextDate = Math.min(date, daysInMonth(nextYear, nextMonth));
  let due = `${nextYear}-${String(nextMonth).padStart(2, "0")}-${String(nextDate).padStart(2, "0")}`;
  while (!isBusinessDay(due, nation)) due = addDays(due, 1);
  return due;
}

/** The instant the due day ends, UK time: overdue after it. */
export const dataRequestDueBy = (receivedAt: Date, nation: BankHolidayNation): Date =>
  ukInstant(addDays(dataRequestDueDay(receivedAt, nation), 1), 0);

// ---------------------------------------------------------------- their own details

export const ACCOUNT_DETAIL_FIELDS = ["firstName", "lastName", "phone"] as const;
export type AccountDetailField = (typeof ACCOUNT_DETAIL_FIELDS)[number];
export interface AccountDetails {
  firstName: string;
  lastName: string;
  /** Optional on an account: empty clears it. */
  phone: string | null;
}

export type AccountDetailsRead = FormRead<AccountDetails, Record<AccountDetailField, string>, AccountDetailField>;

/**
 * A borrower's name and phone as they correct them on /account, by the sign-up form's rules
 * and words for the names and the forms' UK phone rule for the phone.
 */
export function readAccountDetails(get: (field: AccountDetailField) => unknown): AccountDetailsRead {
  const text = (field: AccountDetailField) => {
    const value = get(field);
    return typeof value === "string" ? value : "";
  };
  const typed = { firstName: text("firstName"), lastName: text("lastName"), phone: text("phone") };
  const firstName = sanitiseName(text("firstName"));
  const lastName = sanitiseName(text("lastName"));
  const phone = sanitisePhone(text("phone"));
  const problems: Partial<Record<AccountDetailField, string>> = {};
  if (firstName === "") problems.firstName = FIRST_NAME_REQUIRED;
  else if (firstName.length > NAME_MAX_LENGTH) problems.firstName = FIRST_NAME_TOO_LONG;
  if (lastName === "") problems.lastName = LAST_NAME_REQUIRED;
  else if (lastName.length > NAME_MAX_LENGTH) problems.lastName = LAST_NAME_TOO_LONG;
  if (phone !== "" && !isUkPhone(phone)) problems.phone = UK_PHONE_INVALID;
  if (Object.keys(problems).length > 0) return formRefused(problems, typed);
  return formRead({ firstName, lastName, phone: phone === "" ? null : phone });
}
