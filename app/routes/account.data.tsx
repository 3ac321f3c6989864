import { data } from "react-router";
import { currentSession } from "../../server/borrowers/accounts.server";
import { personalDataDownload, personalDataOf } from "../../server/privacy/data-requests.server";
import type { Route } from "./+types/account.data";

// GET /account/data: a signed-in borrower's own data, everything held, as one JSON
// file (UK GDPR article 15, issue 11). A resource route.

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await currentSession(context, request);
  if (!user) throw data("Sign in to download your data", { status: 401 });
  const held = await personalDataOf(context.db, { email: user.email, userId: user.id, byEmail: user.emailVerified });
  return personalDataDownload(held, "my-data");
}
