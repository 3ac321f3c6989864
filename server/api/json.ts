import type { Context, MiddlewareHandler } from "hono";
import type { z } from "zod";
import { isFromOurPages } from "../platform/security";

export type ApiError = { error: string; issues?: { path: string; message: string }[] };

export const NOT_FROM_OUR_PAGES = "This form can only be sent from our own pages";
export const JSON_ONLY = "Request body must be JSON (Content-Type: application/json)";
export const NOT_UNICODE = "Request body must be valid Unicode text";

/** The media type of a request, lower-cased, without its parameters (charset ...). */
export function mediaType(c: Context): string {
  return (c.req.header("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
}

/**
 * Public writes come from our own pages only (403 otherwise), with a body of one of the
 * media types given (415 otherwise): another site cannot make a visitor's browser post
 * a lead, nor use a plain-text or form post to dodge the browser's CORS preflight.
 * Runs before the rate limit and before any of the body is read.
 */
export function fromOurPages(siteUrl: string, accepted: string[] = ["application/json"]): MiddlewareHandler {
  return async (c, next) => {
    if (!isFromOurPages(c.req.raw, siteUrl)) return c.json<ApiError>({ error: NOT_FROM_OUR_PAGES }, 403);
    if (!accepted.includes(mediaType(c))) return c.json<ApiError>({ error: JSON_ONLY }, 415);
    await next();
  };
}

/** A UTF-16 surrogate on its own: `\ud800` is valid JSON but not text, and no database stores it. */
const LONE_SURROGATE = /\p{Cs}/u;
const isWellFormed = (text: string) => !LONE_SURROGATE.test(text);

/** False when any string (or key) in a parsed JSON value holds a lone surrogate. */
export function isWellFormedJson(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return isWellFormed(value);
  if (depth > 32) return false;
  if (Array.isArray(value)) return value.every((v) => isWellFormedJson(v, depth + 1));
  if (value && typeof value === "object") {
    return Object.entries(value).every(([k, v]) => isWellFormed(k) && isWellFormedJson(v, depth + 1));
  }
  return true;
}

/**
 * The request's JSON body checked against `schema`. Malformed JSON, text that is not
 * Unicode, a wrong type or a missing field is the client's mistake: it gets a 400
 * naming the field and the message, never a 5xx.
 */
export async function parseJsonBody<T extends z.ZodType>(
  c: Context,
  schema: T,
): Promise<{ ok: true; data: z.infer<T> } | { ok: false; response: Response }> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    return { ok: false, response: c.json<ApiError>({ error: "Request body must be valid JSON" }, 400) };
  }
  if (!isWellFormedJson(body)) return { ok: false, response: c.json<ApiError>({ error: NOT_UNICODE }, 400) };
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
    return {
      ok: false,
      response: c.json<ApiError>(
        { error: `Invalid request: ${issues.map((i) => `${i.path}: ${i.message}`).join("; ")}`, issues },
        400,
      ),
    };
  }
  return { ok: true, data: parsed.data };
}
