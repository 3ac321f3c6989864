import { randomUUID } from "node:crypto";
import { Hono } from "hono";
import { isHoneypotFilled } from "../../app/domain/honeypot";
import { issuesToFieldErrors } from "../../app/domain/schemas";
import { contactBody, storeContactMessage } from "../borrowers/contact.server";
import { RATE_LIMITS, rateLimit } from "../platform/rate-limit";
import type { Services } from "../platform/services";
import { fromOurPages, mediaType, parseJsonBody } from "./json";

/**
 * POST /api/contact: the contact form once its script runs (spec section 4). JSON of
 * name, email, phone, subject and message answers 201 { id }; bad input 400 with each
 * field's message. The form without script posts to its own page (/contact-us), which
 * draws the answer; a form post here (a page loaded before that) is still taken, and
 * answered with /contact-thankyou, or 400 naming what to fix.
 */
export function contactApi(services: Services) {
  const { config, log } = services;
  const app = new Hono();

  const accepted = ["application/json", "application/x-www-form-urlencoded", "multipart/form-data"];
  app.post("/", fromOurPages(config.siteUrl, accepted), rateLimit(services, RATE_LIMITS.contact), async (c) => {
    if (mediaType(c) !== "application/json") {
      let form: Awaited<ReturnType<typeof c.req.parseBody>>;
      try {
        form = await c.req.parseBody();
      } catch {
        return c.json({ error: "We could not read the form. Please try again." }, 400);
      }
      const input = Object.fromEntries(Object.entries(form).filter(([, value]) => typeof value === "string"));
      if (isHoneypotFilled(input)) return c.redirect("/contact-thankyou", 303);
      const parsed = contactBody.safeParse(input);
      if (!parsed.success) {
        const issues = issuesToFieldErrors(parsed.error);
        return c.json({ error: `Invalid request: ${issues.map((i) => `${i.path}: ${i.message}`).join("; ")}`, issues }, 400);
      }
      await storeContactMessage(services, parsed.data);
      return c.redirect("/contact-thankyou", 303);
    }

    const raw = await c.req.raw
      .clone()
      .json()
      .catch(() => undefined);
    if (isHoneypotFilled(raw)) {
      // Looks like success to the robot; nothing is stored or sent.
      log.info({ honeypot: true }, "contact message dropped");
      return c.json({ id: randomUUID() }, 201);
    }
    const parsed = await parseJsonBody(c, contactBody);
    if (!parsed.ok) return parsed.response;
    const id = await storeContactMessage(services, parsed.data);
    return c.json({ id }, 201);
  });

  return app;
}
