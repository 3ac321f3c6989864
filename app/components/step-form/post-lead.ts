/**
 * What the lead endpoints answer: an id on success, otherwise an error message.
 * "uncertain": the database stopped answering under the lead's write (503 with
 * `saved: "unknown"`), so it may be stored; sending it again with its key is safe.
 */
export type LeadResult =
  | { ok: true; id: string }
  | { ok: false; kind: "no-id" | "refused" | "network" | "unknown"; status?: number; error?: string }
  | { ok: false; kind: "uncertain"; status: number; error: string };

/** POSTs a lead as JSON; never throws. */
export async function postLead(path: string, body: unknown): Promise<LeadResult> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
    });
  } catch {
    return { ok: false, kind: "network" };
  }
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    return { ok: false, kind: response.ok ? "no-id" : "unknown", status: response.status };
  }
  const record = typeof json === "object" && json !== null ? (json as Record<string, unknown>) : {};
  if (response.ok) {
    return typeof record.id === "string" && record.id !== ""
      ? { ok: true, id: record.id }
      : { ok: false, kind: "no-id", status: response.status };
  }
  if (typeof record.error !== "string") return { ok: false, kind: "unknown", status: response.status };
  return record.saved === "unknown"
    ? { ok: false, kind: "uncertain", status: response.status, error: record.error }
    : { ok: false, kind: "refused", status: response.status, error: record.error };
}
