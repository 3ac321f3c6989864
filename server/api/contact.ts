import { randomUUID } from "node:crypto";
import { Hono } from "hono";
import { z } from "zod";
import { contactSchema, issuesToFieldErrors } from "../../app/domain/schemas";
import { sanitiseContact } from "../../app/domain/sanitise";
import { contactMessages } from "../db/schema";
import { contactCopyEmail, contactNotificationEmail } from "../emails/contact";
import { enqueue } from "../outbox";
import { RATE_LIMITS, rateLimit } from "../rate-limit";
import type { Services } from "../services";
import { fromOurPages, mediaType, parseJsonBody } from "./json";

/** The form's hidden field: people never see it, so only robots fill it in. */
export const HONEYPOT_FIELD = "website";

/** Cleans before checking, as the browser does (spec section 5); the honeypot is stripped. */
const contactBody = z.preprocess(sanitiseContact, contactSchema);

/**
 * POST /api/contact: the contact form (spec section 4). JSON of name, email, phone,
 * subject and message answers 201 { id }; bad input 400 with each field's message.
 * A plain HTML form post (no script yet) is accepted too and answered with a redirect
 * to /contact-thankyou. The message is stored, and the broker's notification and the
 * sender's copy are queued as outbox jobs in the same transaction (DECISIONS D1).
 */
export function contactApi(services: Services) {
  const { config, db, log } = services;
  const app = new Hono();

  // The no-script form posts form-encoded; the island posts JSON.
  const accepted = ["application/json", "application/x-www-form-urlencoded", "multipart/form-data"];
  app.post("/", fromOurPages(config.siteUrl, accepted), rateLimit(services, RATE_LIMITS.contact), async (c) => {
    const isFormPost = mediaType(c) !== "application/json";

    let input: unknown;
    if (isFormPost) {
      let form: Awaited<ReturnType<typeof c.req.parseBody>>;
      try {
        form = await c.req.parseBody();
      } catch {
        return c.html(formErrorsPage(["We could not read the form. Please try again."]), 400);
      }
      input = Object.fromEntries(Object.entries(form).filter(([, value]) => typeof value === "string"));
      if (isHoneypotFilled(input)) return c.redirect("/contact-thankyou", 303);
      const parsed = contactBody.safeParse(input);
      if (!parsed.success) return c.html(formErrorsPage(issuesToFieldErrors(parsed.error).map((e) => e.message)), 400);
      await store(parsed.data);
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
    const id = await store(parsed.data);
    return c.json({ id }, 201);
  });

  async function store(message: z.output<typeof contactSchema>) {
    const id = await db.transaction(async (tx) => {
      const [row] = await tx.insert(contactMessages).values(message).returning({ id: contactMessages.id });
      if (!row) throw new Error("contact message was not stored");
      const stored = { ...message, id: row.id };
      await enqueue(tx, "mail", contactNotificationEmail(config.site, config.mail.leadInbox, stored), {
        dedupeKey: `contact:${row.id}:notification`,
      });
      await enqueue(tx, "mail", contactCopyEmail(config.site, stored), { dedupeKey: `contact:${row.id}:copy` });
      return row.id;
    });
    log.info({ contactMessageId: id }, "contact message stored");
    services.kickOutbox();
    return id;
  }

  return app;
}

function isHoneypotFilled(body: unknown): boolean {
  if (typeof body !== "object" || body === null) return false;
  const value = (body as Record<string, unknown>)[HONEYPOT_FIELD];
  return typeof value === "string" ? value.trim() !== "" : value !== undefined && value !== null;
}

/** For a visitor whose browser posted the form without scripts: what to fix, and the way back. */
function formErrorsPage(messages: string[]) {
  const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Please check your message</title><meta name="robots" content="noindex"></head>
<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;line-height:1.5;color:#1e293b">
<main><h1>Please check your message</h1><p>We could not send it yet:</p><ul>${messages.map((m) => `<li>${escapeHtml(m)}</li>`).join("")}</ul>
<p><a href="/contact-us#contact-form">Go back to the contact form</a></p></main></body></html>`;
}
