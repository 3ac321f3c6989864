// The main form's submission outcomes (spec section 8), word for word.

export const SUBMISSION_FAILED_TITLE = "Submission Failed";
export const SUBMISSION_FAILED_PREFIX = "Unable to submit your application: ";
export const SAVE_FAILED_PREFIX = "Failed to save quote: ";
export const NO_ID_RETURNED = "Quote was saved but no ID returned";
export const MISSING_REQUIRED_FIELDS_PREFIX = "Missing required fields: ";
export const UNKNOWN_ERROR = "Unknown error occurred";
/** Ours: what 'Failed to save quote: ' says when the server could not be reached at all. */
export const UNREACHABLE = "we could not reach our server. Please check your connection and try again.";
