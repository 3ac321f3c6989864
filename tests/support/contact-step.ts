import * as m from "../../app/domain/messages";

// Both forms end on the same contact step with the same rules (spec section 5): what a
// step's issues are when some of its fields are left empty, as both forms' tests expect.

const CONTACT_MISSING = {
  firstName: m.FIRST_NAME_MISSING,
  lastName: m.LAST_NAME_MISSING,
  email: m.EMAIL_MISSING,
  phone: m.PHONE_MISSING,
  consent: m.CONSENT_MISSING,
} as const;

type ContactField = keyof typeof CONTACT_MISSING;

/** The contact step's issues with `fields` left empty, in the form's order; nothing in error. */
export function contactStepMissing(fields: readonly ContactField[]) {
  return {
    missing: fields.map((field) => CONTACT_MISSING[field]),
    missingFields: Object.fromEntries(fields.map((field) => [field, CONTACT_MISSING[field]])),
    errors: {},
  };
}
