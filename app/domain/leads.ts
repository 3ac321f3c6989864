// What a borrower is told about their own lead: the same words on the thank-you page
// and in the emails.

/** The short reference borrowers and advisers quote on the phone: the id's first 8 characters. */
export function leadReference(id: string): string {
  return id.slice(0, 8).toUpperCase();
}

/** A lead id as the forms send it in /thank-you?ref=: a UUID, nothing else is looked up. */
export function isLeadId(value: string | null): value is string {
  return value !== null && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
