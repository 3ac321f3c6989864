// How long each free-text field may be, in characters: the forms' `maxLength`, the
// schemas, the sanitiser and the server's own checks all read them from here, so a
// field the page accepts is never refused by the server for its length. (Passwords'
// lengths are password rules: passwords.ts.)

/** A first, last or full name. */
export const NAME_MAX_LENGTH = 255;
/** RFC 5321's limit on a forward path. */
export const EMAIL_MAX_LENGTH = 254;
/** A phone number as typed, with spaces, brackets and a country code. */
export const PHONE_MAX_LENGTH = 50;
/** The landing page's URL, with its campaign parameters. */
export const URL_MAX_LENGTH = 2048;
export const CONTACT_SUBJECT_MAX_LENGTH = 200;
export const CONTACT_MESSAGE_MAX_LENGTH = 5000;
/** An adviser's note on a lead's timeline. */
export const NOTE_MAX_LENGTH = 4000;
