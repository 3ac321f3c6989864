import { randomUUID } from "node:crypto";
import { type Context, Hono } from "hono";
import { z } from "zod";
import { advertisingConsent } from "../../app/domain/consent";
import { isHoneypotFilled } from "../../app/domain/honeypot";
import { callbackCookie } from "../borrowers/callbacks.server";
import { type FormLeadKind, leadBodySchema, submitLead } from "../leads/leads.server";
import { writeFailure } from "../platform/outage";
import { RATE_LIMITS, rateLimit } from "../platform/rate-limit";
import type { Services } from "../platform/services";
import { fromOurPages, parseJsonBody } from "./json";

/**
 * POST /api/quotes and /api/enquiries: a form's lead as JSON (spec sections 3 and 7,
 * DECISIONS D1). From our pages only, rate-limited per client address, validated and
 * sanitised again here, then stored by `submitLead` with its emails queued in the same
 * statement, so a saved lead never waits on, or is lost to, the mail server.
 * Answers 201 { id }; failures carry `error`, which the forms turn into the section 8
 * toasts ('Too many requests', 'Invalid ...').
 */
export function leadApi(services: Services, kind: FormLeadKind) {
  const readLead = leadBodyReader(kind);
  const app = new Hono();

  app.post("/", fromOurPages(services.config.siteUrl), rateLimit(services, RATE_LIMITS.leadSubmission), async (c) => {
    const body = await readLead(c);
    if (!body.ok) return body.response;
    const { submission_key: submissionKey, ...answers } = body.data;
    const userId = await services.identify(c.req.raw);
    // A write the database took and never answered may be stored: the 503 says so (app.ts).
    const adConsent = advertisingConsent(c.req.header("cookie"));
    const { id } = await submitLead(services, kind, answers, { submissionKey, userId, adConsent }).catch(
      (error: unknown) => {
        throw writeFailure(error);
      },
    );
    // The cookie lets this browser, and only it, choose on the thank-you page when to be called.
    c.header("Set-Cookie", callbackCookie(services.config, id));
    return c.json({ id }, 201);
  });

  return app;
}

/**
 * Reads a lead's JSON body: a filled honeypot is answered as if saved (201 with an id
 * that looks real) and goes no further; otherwise the body is sanitised exactly as the
 * browser does (spec section 5) and checked against the domain schema, 400 naming the
 * field and the message when it fails.
 */
function leadBodyReader(kind: FormLeadKind) {
  const schema = leadBodySchema(kind);
  return async (c: Context) => {
    const raw = await parseJsonBody(c, z.unknown());
    if (!raw.ok) return raw;
    // A lead is an object; `null`, a number or a list goes no further (the schema's
    // cross-field checks assume an object).
    if (typeof raw.data !== "object" || raw.data === null || Array.isArray(raw.data)) {
      return { ok: false as const, response: c.json({ error: "Request body must be a JSON object" }, 400) };
    }
    if (isHoneypotFilled(raw.data)) return { ok: false as const, response: c.json({ id: randomUUID() }, 201) };
    // Hono keeps the parsed body, so reading it again costs nothing.
    return parseJsonBody(c, schema);
  };
}
