import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { enquiriesOf, enquiryOf } from "../borrowers/accounts.server";
import { type Auth, sessionFromRequest } from "../borrowers/auth";
import { profiles } from "../platform/db/schema";
import type { Services } from "../platform/services";

/**
 * The signed-in borrower's own enquiries as JSON (the account page shows the same):
 * 401 without a session; 404 for an id that is not theirs, as for one that does not exist.
 */
export function accountApi(services: Services, auth: Auth) {
  const api = new Hono<{ Variables: { user: { id: string; email: string; emailVerified: boolean } } }>();
  api.use(async (c, next) => {
    const session = await sessionFromRequest(auth, c.req.raw);
    if (!session) return c.json({ error: "Please sign in" }, 401);
    c.set("user", session.user);
    await next();
  });
  // The forms' contact step pre-fills these (still editable) for a signed-in borrower.
  api.get("/contact", async (c) => {
    const user = c.get("user");
    const [profile] = await services.db
      .select({ firstName: profiles.firstName, lastName: profiles.lastName, phone: profiles.phone })
      .from(profiles)
      .where(eq(profiles.userId, user.id));
    c.header("Cache-Control", "private, no-store");
    return c.json({
      firstName: profile?.firstName ?? "",
      lastName: profile?.lastName ?? "",
      email: user.email,
      phone: profile?.phone ?? "",
    });
  });
  api.get("/enquiries", async (c) => c.json({ enquiries: await enquiriesOf(services.db, c.get("user")) }));
  api.get("/enquiries/:id", async (c) => {
    const enquiry = await enquiryOf(services.db, c.get("user"), c.req.param("id"));
    return enquiry ? c.json({ enquiry }) : c.json({ error: "Not found" }, 404);
  });
  return api;
}
