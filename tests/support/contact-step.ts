import * as m from "../../app/domain/messages";

// Both forms end on the same contact step with the same rules (spec section 5): what a
// step's issues are when some of its fields are left empty, as both forms' tests expect.

const CONTACT_MISSING = {
  firstName: m.FIRST_NAME_REQUIRED,
  lastName: m.LAST_NAME_REQUIRED,
  email: m.EMAIL_INVALID,
  phone: m.PHONE_REQUIRED,
  consent: m.CONSENT_REQUIRED,
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
