import { data } from "react-router";
import { readFormPost } from "../platform/form-post.server";

// Every staff console form post (sign-in, enrolment, a lead's status, assignment and
// notes, data requests) is read here: a body that is not a form, or a field the
// database cannot hold, is refused with a 4xx whose reason the page shows (app/root.tsx),
// as a borrower's form post is, never a 500.

export const STAFF_FORM_REFUSALS = {
  415: "This page takes only its own form: send it from the page",
  400: "The form could not be read: reload the page and try again",
  nul: "A field holds a character that cannot be saved (NUL): remove it and try again",
} as const;

/** A form field's name or value with a NUL, which PostgreSQL text refuses. */
const holdsNul = (text: string) => text.includes("\u0000");

/** The posted form's fields, or a thrown 4xx (`{ reason }`) the route's error page shows. */
export async function staffFormPost(request: Request): Promise<FormData> {
  const posted = await readFormPost(request);
  if (!posted.ok) throw data({ reason: STAFF_FORM_REFUSALS[posted.status] }, { status: posted.status });
  for (const [name, value] of posted.form) {
    if (holdsNul(name) || (typeof value === "string" && holdsNul(value))) {
      throw data({ reason: STAFF_FORM_REFUSALS.nul }, { status: 400 });
    }
  }
  return posted.form;
}
