import { COMPLAINT_CHANNELS, COMPLAINT_SUBJECTS, type ComplaintChannel, type ComplaintSubject } from "./complaints";
import { isCalendarDay } from "./calendar-day";
import { EMAIL_PATTERN } from "./email";
import { isOwnKey } from "./own-keys";
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PHONE_MAX_LENGTH } from "./field-limits";
import { sanitiseEmail, sanitiseName, sanitisePhone, sanitiseText } from "./sanitise";
import { ukInstant } from "./uk-time";
import { type FormRead, formRead, formRefused } from "./form-read";

// A complaint as a person makes it on /make-a-complaint, or as staff record one taken by
// phone, email or letter: the same fields, the same rules and the same messages in the
// browser, the page's action and the console. Pure.

export const COMPLAINT_WORDS_MAX_LENGTH = 10_000;
export const COMPLAINT_WANTED_MAX_LENGTH = 2_000;

export const COMPLAINT_FIELDS = ["name", "email", "phone", "about", "words", "wanted"] as const;
export type ComplaintField = (typeof COMPLAINT_FIELDS)[number];

export const COMPLAINT_MESSAGES = {
  nameRequired: "Enter your full name",
  nameTooLong: `Your name must be ${NAME_MAX_LENGTH} characters or fewer`,
  emailInvalid: "Please enter a valid email address",
  emailOrPhone: "Enter an email address or a phone number, so that we can reply",
  phoneInvalid: "Please enter a valid phone number",
  aboutRequired: "Choose what your complaint is about",
  wordsRequired: "Tell us what went wrong",
  wordsTooShort: "Tell us a little more about what went wrong (at least 10 characters)",
  wordsTooLong: `Your complaint must be ${COMPLAINT_WORDS_MAX_LENGTH.toLocaleString("en-GB")} characters or fewer`,
  wantedTooLong: `This must be ${COMPLAINT_WANTED_MAX_LENGTH.toLocaleString("en-GB")} characters or fewer`,
  channelRequired: "Choose how the complaint reached us",
  receivedInvalid: "Enter the day and time it reached us, no later than now",
} as const;

/** What the form was sent, as text: kept and shown again when something needs fixing. */
export type ComplaintValues = Record<ComplaintField, string>;
export type ComplaintErrors = Partial<Record<ComplaintField, string>>;

export interface ComplaintDetails {
  name: string;
  email: string | null;
  phone: string | null;
  about: ComplaintSubject;
  words: string;
  wanted: string | null;
}

/** The form's fields as text (anything else, or a missing field, reads as empty). */
export function complaintValues(fields: Record<string, unknown>): ComplaintValues {
  const text = (field: ComplaintField) => {
    const value = Object.hasOwn(fields, field) ? fields[field] : undefined;
    return typeof value === "string" ? value : "";
  };
  return Object.fromEntries(COMPLAINT_FIELDS.map((field) => [field, text(field)])) as ComplaintValues;
}

/**
 * A complaint read from its fields, cleaned as every form's are, or each field's
 * problem. The public form asks for an email (the acknowledgement goes to it at once);
 * staff recording one taken by phone need only one way to reply.
 */
export function readComplaint(
  values: ComplaintValues,
  { emailRequired }: { emailRequired: boolean },
): FormRead<ComplaintDetails, ComplaintValues, ComplaintField> {
  const errors: ComplaintErrors = {};
  const name = sanitiseName(values.name);
  if (!name) errors.name = COMPLAINT_MESSAGES.nameRequired;
  else if (name.length > NAME_MAX_LENGTH) errors.name = COMPLAINT_MESSAGES.nameTooLong;

  const email = sanitiseEmail(values.email);
  const phone = sanitisePhone(values.phone);
  if (email && (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email)))
    errors.email = COMPLAINT_MESSAGES.emailInvalid;
  else if (!email && emailRequired) errors.email = COMPLAINT_MESSAGES.emailInvalid;
  else if (!email && !phone) errors.email = COMPLAINT_MESSAGES.emailOrPhone;
  if (phone && (phone.length > PHONE_MAX_LENGTH || phone.replace(/\D/g, "").length < 10))
    errors.phone = COMPLAINT_MESSAGES.phoneInvalid;

  if (!isOwnKey(COMPLAINT_SUBJECTS, values.about)) errors.about = COMPLAINT_MESSAGES.aboutRequired;

  const words = sanitiseText(values.words, COMPLAINT_WORDS_MAX_LENGTH + 1).trim();
  if (!words) errors.words = COMPLAINT_MESSAGES.wordsRequired;
  else if (words.length < 10) errors.words = COMPLAINT_MESSAGES.wordsTooShort;
  else if (words.length > COMPLAINT_WORDS_MAX_LENGTH) errors.words = COMPLAINT_MESSAGES.wordsTooLong;

  const wanted = sanitiseText(values.wanted, COMPLAINT_WANTED_MAX_LENGTH + 1).trim();
  if (wanted.length > COMPLAINT_WANTED_MAX_LENGTH) errors.wanted = COMPLAINT_MESSAGES.wantedTooLong;

  if (Object.keys(errors).length > 0) return formRefused(errors, values);
  return formRead({
    name,
    email: email || null,
    phone: phone || null,
    about: values.about as ComplaintSubject,
    words,
    wanted: wanted || null,
  });
}

/** How staff say a complaint reached the firm (the website's own form records itself). */
export function readChannel(value: unknown): ComplaintChannel | null {
  return typeof value === "string" && isOwnKey(COMPLAINT_CHANNELS, value) && value !== "web-form" ? value : null;
}

/**
 * When staff say a complaint reached the firm: a real UK day and time (HH:MM), not in the
 * future and not before the firm could have had it (a year back at most), or null.
 */
export function readReceived(day: string, time: string, now: Date): Date | null {
  if (!isCalendarDay(day) || !/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) return null;
  const [hours, minutes] = time.split(":").map(Number) as [number, number];
  const at = ukInstant(day, hours * 60 + minutes);
  const yearBack = now.getTime() - 366 * 86_400_000;
  return at.getTime() > now.getTime() || at.getTime() < yearBack ? null : at;
}

export const COMPLAINT_FORM_PROBLEM = "We could not send your complaint yet. Please check the fields marked below.";

/** "C-7F3A21C0": the reference a complaint is quoted by, from its id. */
export const complaintReference = (id: string) => `C-${id.slice(0, 8).toUpperCase()}`;
