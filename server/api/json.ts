import type { Context } from "hono";
import type { z } from "zod";

export type ApiError = { error: string; issues?: { path: string; message: string }[] };

/**
 * The request's JSON body checked against `schema`. Malformed JSON, a wrong type or a
 * missing field is the client's mistake: it gets a 400 naming the field and the
 * message, never a 5xx.
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
