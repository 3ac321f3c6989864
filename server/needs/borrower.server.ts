import { type BorrowerNeeds, formValues, readBorrowerNeeds } from "../../app/domain/needs";
import { screenBorrowerForm } from "../borrowers/callbacks.server";
import type { ServerContext } from "../platform/services";

// The borrower's needs form as posted (the thank-you page's, the account page's), read as
// the site's other small forms are: a honeypot answered as if saved, the call-back form's
// rate limit, then the domain's rules, each problem beside its field.

export type NeedsPost =
  | { kind: "robot" }
  | { kind: "refused"; problems: Record<string, string>; values: Record<string, string | string[]> }
  | { kind: "stated"; needs: BorrowerNeeds };

export async function readNeedsFields(
  context: Pick<ServerContext, "config" | "db" | "clientAddress">,
  form: FormData,
): Promise<NeedsPost> {
  if ((await screenBorrowerForm(context, form)) === "robot") return { kind: "robot" };
  const read = readBorrowerNeeds(formValues(form));
  return read.ok
    ? { kind: "stated", needs: read.value }
    : { kind: "refused", problems: read.problems, values: read.values };
}
