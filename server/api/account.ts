import { Hono } from "hono";
import { enquiriesOf, enquiryOf } from "../accounts";
import { type Auth, sessionFromRequest } from "../auth";
import type { Services } from "../services";

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
  api.get("/enquiries", async (c) => c.json({ enquiries: await enquiriesOf(services.db, c.get("user")) }));
  api.get("/enquiries/:id", async (c) => {
    const enquiry = await enquiryOf(services.db, c.get("user"), c.req.param("id"));
    return enquiry ? c.json({ enquiry }) : c.json({ error: "Not found" }, 404);
  });
  return api;
}
