import { APIError } from "better-auth/api";
import { isEmail } from "../../app/domain/email";
import { FIRST_NAME_TOO_LONG } from "../../app/domain/messages";
import { passwordProblem } from "../../app/domain/passwords";
import { NAME_MAX_LENGTH } from "../../app/domain/field-limits";
import { judgeCallbackUrl } from "../../app/domain/return-path";
import { sanitiseName } from "../../app/domain/sanitise";
import { isCommonPassword } from "../platform/common-passwords";

// What better-auth's own endpoints are not trusted to check (issue 12). Each guard runs
// in its before hook, for HTTP calls and in-process calls alike, and refuses with a 400
// that says why, before better-auth touches the database.

/** Every parameter better-auth redirects to, or writes into an email's link. */
const CALLBACK_PARAMETERS = ["callbackURL", "redirectTo", "errorCallbackURL", "newUserCallbackURL"] as const;

export const INVALID_CALLBACK = "The return address must be a page on this site";
export const INVALID_EMAIL = "Please enter a valid email address";
export const NOT_UNICODE = "Request body must be valid Unicode text";
export const NO_PROFILE_PICTURE = "A profile picture cannot be set";

interface HookContext {
  path: string;
  query?: Record<string, unknown> | undefined;
  body?: unknown;
}

const refuse = (code: string, message: string) => new APIError("BAD_REQUEST", { code, message });

/** Runs every guard for one better-auth call; throws its 400. */
export function guardAuthCall(ctx: HookContext, siteOrigin: string) {
  const body = typeof ctx.body === "object" && ctx.body !== null ? (ctx.body as Record<string, unknown>) : {};
  refuseForeignCallbacks(ctx.query ?? {}, body, siteOrigin);
  refuseLoneSurrogates(body);
  if (ctx.path === "/sign-up/email" || ctx.path === "/sign-in/email" || ctx.path === "/request-password-reset") {
    if (body.email !== undefined && (typeof body.email !== "string" || !isEmail(body.email))) {
      throw refuse("INVALID_EMAIL", INVALID_EMAIL);
    }
  }
  if (ctx.path === "/sign-up/email") {
    for (const field of ["name", "firstName", "lastName"]) {
      const value = body[field];
      if (typeof value === "string" && Array.from(sanitiseName(value)).length > NAME_MAX_LENGTH) {
        throw refuse("NAME_TOO_LONG", FIRST_NAME_TOO_LONG.replace("First name", "Name"));
      }
    }
    refuseWeakPassword(body.password);
  }
  if (ctx.path === "/reset-password" || ctx.path === "/change-password") refuseWeakPassword(body.newPassword);
  if (ctx.path === "/update-user" && body.image !== undefined && body.image !== null) {
    throw refuse("NO_PROFILE_PICTURE", NO_PROFILE_PICTURE);
  }
}

/**
 * better-auth's own check accepts root-relative paths such as `/.//evil.example`, which
 * it then answers with `Location: //evil.example`; the domain judges them after
 * normalising instead, and only the site's own origin is accepted.
 */
function refuseForeignCallbacks(query: Record<string, unknown>, body: Record<string, unknown>, siteOrigin: string) {
  for (const name of CALLBACK_PARAMETERS) {
    for (const value of [query[name], body[name]]) {
      if (value === undefined || value === null || value === "") continue;
      if (typeof value !== "string" || judgeCallbackUrl(value, siteOrigin) === null) {
        throw refuse("INVALID_CALLBACK_URL", INVALID_CALLBACK);
      }
    }
  }
}

/** `"\ud800"` is valid JSON but no text a database can store. */
function refuseLoneSurrogates(body: Record<string, unknown>) {
  for (const value of Object.values(body)) {
    if (typeof value === "string" && /\p{Cs}/u.test(value)) throw refuse("INVALID_TEXT", NOT_UNICODE);
  }
}

/** Borrowers' rules here; staff accounts are made from the command line with the staff rule. */
function refuseWeakPassword(password: unknown) {
  if (typeof password !== "string") return;
  const problem = passwordProblem(password, { kind: "borrower", isCommon: isCommonPassword });
  if (problem) throw refuse("WEAK_PASSWORD", problem);
}
