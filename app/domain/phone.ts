// UK phone numbers as D5 defines them: the same rule in the browser, the schema and the server.

/**
 * Drops the spaces, hyphens and parentheses people type for readability, and the
 * "(0)" that the UK way of writing an international number puts after +44
 * ("+44 (0)7700 900555"): it is the trunk prefix a caller from abroad leaves out.
 */
export function normaliseUkPhone(raw: string): string {
  return raw.replace(/^(\s*\+44[\s-]*)\(0\)/, "$1").replace(/[\s\-()]/g, "");
}

const UK_MOBILE = /^07\d{9}$/;
const UK_MOBILE_INTERNATIONAL = /^\+447\d{9}$/;
// 01/02 then 7 to 9 more digits: 9 to 11 digits in total.
const UK_LANDLINE = /^0[12]\d{7,9}$/;

export function isUkPhone(raw: string): boolean {
  const phone = normaliseUkPhone(raw);
  return UK_MOBILE.test(phone) || UK_MOBILE_INTERNATIONAL.test(phone) || UK_LANDLINE.test(phone);
}

/**
 * The digit strings one UK number may be stored as, for finding the same person's other
 * leads: its national form ("07700900123"), its international form ("447700900123") and
 * the international form with the trunk 0 kept ("4407700900123", from "+44 (0)7700…"
 * typed without the brackets). A number in none of those shapes matches only its own
 * digits; one with no digits matches nothing.
 */
export function phoneDigitForms(raw: string): string[] {
  const digits = raw.replace(/\D/g, "");
  if (digits.length === 0) return [];
  const national = digits.startsWith("440")
    ? digits.slice(2)
    : digits.startsWith("44")
      ? `0${digits.slice(2)}`
      : digits.startsWith("0")
        ? digits
        : null;
  if (!national || national.length < 2) return [digits];
  const subscriber = national.slice(1);
  return [national, `44${subscriber}`, `440${subscriber}`];
}
