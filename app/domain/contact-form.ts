// The contact form's fields, and what the page says back to a visitor whose browser
// posted it without script (spec section 4): the same fields, as the server and the
// page both read them.

export const CONTACT_FIELDS = ["name", "email", "phone", "subject", "message"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/** A message refused: what the visitor wrote, kept, and what to fix (by field, or for the whole form). */
export interface ContactFormReply {
  values: Record<ContactField, string>;
  errors: Partial<Record<ContactField, string>>;
  problem?: string;
}

export const CONTACT_FORM_PROBLEM = "We could not send your message yet. Please check the fields marked below.";
