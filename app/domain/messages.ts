// Every validation and outcome message borrowers see, in the spec's exact wording
// (section 5 and 8), shared by inline checks, schemas and the server's 400 bodies.
// Messages marked "ours" are not in the spec.
//
// The step forms' field messages (the 'inline' and 'Next-step' sections, the quick form's
// and the contact step's) are each said twice and only twice: under the field and, in the
// same words, in the error summary; never in a toast (DECISIONS D30, decision 380). They
// speak in one voice, the spec's: "Please enter …" or "Please select …" for an answer not
// given or not readable, and the limit itself for an answer out of range.

// ── Shared field messages ─────────────────────────────────────────────────────
export const EMAIL_INVALID = "Please enter a valid email address";
export const UK_PHONE_INVALID = "Please enter a valid UK phone number";
export const PROPERTY_VALUE_TOO_LOW = "Minimum property value is £50,000";

// ── Main form: inline ─────────────────────────────────────────────────────────
export const MAIN_LOAN_BELOW_HOMEOWNER_MIN = "Our minimum loan is £10,000";
export const MAIN_LOAN_BELOW_TENANT_MIN = "Our minimum loan is £1,000";
export const MAIN_LOAN_ABOVE_MAX = "Our maximum loan is £2,500,000"; // ours
export const MORTGAGE_BALANCE_NEGATIVE = "Your mortgage balance cannot be negative"; // ours
export const MONTHLY_INCOME_NEGATIVE = "Your monthly income cannot be negative"; // ours

// ── Main form: Next-step messages (the spec's toast texts, now said at the field) ──
export const HOMEOWNER_STATUS_MISSING = "Please select your homeowner status before continuing"; // ours
export const LOAN_AMOUNT_MISSING = "Please enter a loan amount before continuing";
export const LOAN_PURPOSE_MISSING = "Please select what you need the loan for before continuing";
export const AGE_MISSING = "Please select your age range before continuing";
export const PROPERTY_VALUE_MISSING = "Please enter your property value before continuing";
export const MORTGAGE_BALANCE_MISSING = "Please enter your current mortgage balance before continuing";
export const MONTHLY_INCOME_MISSING = "Please enter your monthly income before continuing";
export const EMPLOYMENT_STATUS_MISSING = "Please select your employment status before continuing";
export const CREDIT_HISTORY_MISSING = "Please select your credit history before continuing";

// ── The contact step (both forms): ours, in the voice of the lines above ────────
// The schema's words below ("First name is required") stay the server's answers to a post.
export const FIRST_NAME_MISSING = "Please enter your first name";
export const LAST_NAME_MISSING = "Please enter your last name";
export const EMAIL_MISSING = "Please enter your email address";
export const PHONE_MISSING = "Please enter your phone number";
export const CONSENT_MISSING = "Please agree to the Terms of Business before sending your details";

// ── Quote schema (on submit) ──────────────────────────────────────────────────
export const VALIDATION_ERROR_TITLE = "Validation Error";
export const FIRST_NAME_REQUIRED = "First name is required";
export const LAST_NAME_REQUIRED = "Last name is required";
export const PHONE_REQUIRED = "Phone number is required";
export const LOAN_PURPOSE_REQUIRED = "Loan purpose is required";
export const HOMEOWNER_STATUS_REQUIRED = "Homeowner status is required";
export const CREDIT_HISTORY_REQUIRED = "Credit history is required";
export const LOAN_AMOUNT_TOO_LOW = "Minimum loan amount is £10,000";
export const CONSENT_REQUIRED = "You must agree to the terms";
// ours:
export const FIRST_NAME_TOO_LONG = "First name must be 255 characters or fewer";
export const LAST_NAME_TOO_LONG = "Last name must be 255 characters or fewer";
export const LOAN_AMOUNT_REQUIRED = "Loan amount is required";
export const LOAN_AMOUNT_TOO_HIGH = "Maximum loan amount is £2,500,000";
export const PROPERTY_VALUE_REQUIRED = "Property value is required";
export const MORTGAGE_BALANCE_REQUIRED = "Mortgage balance is required";
export const MONTHLY_INCOME_REQUIRED = "Monthly income is required";
export const EMPLOYMENT_STATUS_REQUIRED = "Employment status is required";
export const AGE_REQUIRED = "Age range is required";
export const AGE_INVALID = "Please select an age range from the list";
export const EMPLOYMENT_STATUS_INVALID = "Please select an employment status from the list";
export const WHOLE_POUNDS = "Please enter a whole number of pounds";
export const AMOUNT_NOT_NEGATIVE = "Amount cannot be negative";
export const AMOUNT_TOO_HIGH = "Please check this amount";
export const LANDING_PAGE_URL_TOO_LONG = "Landing page address is too long";
export const LOAN_TYPE_HOMEOWNER_ONLY = "Only homeowner loan enquiries can be submitted";
export const NUMBER_INVALID = "Please enter a number";

// ── Quick form (/apply-personal) ──────────────────────────────────────────────
export const LOAN_TYPE_MISSING = "Please select a loan type before continuing"; // ours
export const RESIDENTIAL_STATUS_MISSING = "Please select your residential status before continuing"; // ours
export const PERSONAL_LOAN_TOO_LOW = "Minimum loan amount is £1,000";
export const PERSONAL_LOAN_TOO_HIGH = "Maximum loan amount is £50,000 for personal loans";
export const HOMEOWNER_LOAN_TOO_HIGH = "Maximum loan amount is £2,500,000 for homeowner loans."; // ours
// The spec's submit checks: a toast only for what is not on the last step (its own fields
// say theirs). The homeowner minimum is also the amount field's words, and the schema's.
export const QUICK_REQUIRED_FIELDS = "Please fill in all required fields.";
export const QUICK_EMAIL_INVALID = "Please enter a valid email address.";
export const QUICK_PHONE_INVALID = "Please enter a valid UK phone number.";
export const QUICK_HOMEOWNER_LOAN_TOO_LOW = "Minimum loan amount is £10,000 for homeowner loans.";
export const ENQUIRY_SUCCESS = "Enquiry submitted successfully!";
export const ENQUIRY_TOO_MANY = "Too many submissions. Please wait before trying again.";
export const ENQUIRY_INVALID = "Please check your information and try again.";
export const ENQUIRY_FAILED = "Failed to submit enquiry. Please try again.";

// ── Contact form ──────────────────────────────────────────────────────────────
export const CONTACT_NAME_TOO_SHORT = "Name must be at least 2 characters";
export const CONTACT_PHONE_INVALID = "Please enter a valid phone number";
export const CONTACT_SUBJECT_TOO_SHORT = "Subject must be at least 5 characters";
export const CONTACT_MESSAGE_TOO_SHORT = "Message must be at least 10 characters";
// ours:
export const CONTACT_NAME_TOO_LONG = "Name must be 255 characters or fewer";
export const CONTACT_PHONE_TOO_LONG = "Phone number must be 50 characters or fewer";
export const CONTACT_SUBJECT_TOO_LONG = "Subject must be 200 characters or fewer";
export const CONTACT_MESSAGE_TOO_LONG = "Message must be 5,000 characters or fewer";

// ── Server outcomes ───────────────────────────────────────────────────────────
/** Ours: a lead endpoint's answer while the database is unreachable (HTTP 503, with Retry-After). */
export const SERVICE_BUSY =
  "our system is busy for a moment and nothing was saved yet. Your answers are still here: please try again in a minute.";
/**
 * Ours: a lead endpoint's answer when the database stopped answering after the lead was
 * sent to it (HTTP 503, with Retry-After and `saved: "unknown"`): it may be stored, so
 * the answer must not say it was not. Sending it again is safe: the form sends the same
 * submission key, which stores a lead once and answers the first one's id.
 */
export const SAVE_UNCERTAIN_TITLE = "Your details may have been received";
export const SAVE_UNCERTAIN =
  "Our system stopped answering while saving your details, so they may have been received. Your answers are still here, and sending them again is safe: they will only be saved once.";
