import { requireBorrower } from "../../server/borrowers/accounts.server";
import { personalDataDownload, personalDataOf } from "../../server/privacy/data-requests.server";
import type { Route } from "./+types/account.data";

// GET /account/data: a signed-in borrower's own data, everything held, as one JSON
// file (UK GDPR article 15, issue 11). A resource route.

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireBorrower(context, request, { download: "Sign in to download your data" });
  const held = await personalDataOf(context.db, { email: user.email, userId: user.id, byEmail: user.emailVerified });
  return personalDataDownload(held, "my-data");
}
