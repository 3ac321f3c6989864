import { data } from "react-router";
import { isHoneypotFilled } from "../../app/domain/honeypot";
import { type BorrowerNeeds, formValues, readBorrowerNeeds } from "../../app/domain/needs";
import type { ServerContext } from "../context";
import { hit, RATE_LIMITS, scaled, TOO_MANY_REQUESTS } from "../rate-limit";

// The borrower's needs form as posted (the thank-you page's, the account page's), read as
// the site's other small forms are: a honeypot answered as if saved, the call-back form's
// rate limit, then the domain's rules, each problem beside its field.

export type NeedsPost =
  | { kind: "robot" }
  | { kind: "refused"; problems: Record<string, string>; values: Record<string, string | string[]> }
  | { kind: "stated"; needs: BorrowerNeeds };

export async function readNeedsFields(
  context: Pick<ServerContext, "config" | "db" | "clientAddress">,
  form: FormData,
): Promise<NeedsPost> {
  if (isHoneypotFilled(Object.fromEntries(form))) return { kind: "robot" };
  const limit = await hit(
    context.db,
    scaled(RATE_LIMITS.callback, context.config.rateLimitScale),
    context.clientAddress ?? "unknown",
  );
  if (!limit.allowed) {
    throw data(
      { reason: TOO_MANY_REQUESTS },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  const read = readBorrowerNeeds(formValues(form));
  return read.ok
    ? { kind: "stated", needs: read.value }
    : { kind: "refused", problems: read.problems, values: read.values };
}
