import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";

/**
 * A signed-in staff member on a running server, through its own forms, as a person
 * would: the enrolment link's password step, then its authenticator step (the page
 * prints the key), then /staff/sign-in. Each code is used once: the enrolment takes
 * this 30-second step's code and the sign-in the next step's, so the same code is never
 * sent twice. Every post carries the site's Origin (the console refuses cross-site posts).
 */
export interface StaffSignedIn {
  /** The session cookie, as the next request's Cookie header. */
  cookie: string;
  email: string;
  password: string;
}

const PASSWORD = "Quay-side-ledger-42";

/** The key the enrolment page prints (`data-testid="totp-key"`). */
export function totpKeyIn(html: string): string {
  const match = /data-testid="totp-key"[^>]*>([^<]+)</.exec(html);
  if (!match?.[1]) throw new Error("the enrolment page printed no authenticator key");
  return match[1].replace(/\s+/g, "");
}

/** The authenticator's code for a 30-second step (`Math.floor(Date.now() / 30_000)` is now). */
export const codeAt = (key: string, step: number) => createOTP(base32.decode(key)).hotp(step);

const cookieOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((c) => c && !c.endsWith("="))
    .join("; ");

/** How the helper reaches the server: `fetch` to a running one, or a Hono app's `request`. */
export type Send = (path: string, init: RequestInit) => Promise<Response>;

/** `fetch` to a running server at `baseUrl`, never following a redirect. */
export const overHttp =
  (baseUrl: string): Send =>
  (path, init) =>
    fetch(new URL(path, baseUrl), { ...init, redirect: "manual" });

/**
 * Enrols the invited staff member (`enrolPath` is the link `addStaff` gives,
 * `/staff/enrol?token=…`) and signs them in. `origin` is the site's own (SITE_URL).
 */
export async function signInStaff(
  send: Send,
  { origin, enrolPath, email }: { origin: string; enrolPath: string; email: string },
): Promise<StaffSignedIn> {
  const token = new URLSearchParams(enrolPath.split("?")[1] ?? "").get("token") ?? "";
  const post = async (path: string, fields: Record<string, string>) => {
    const response = await send(path, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin },
      body: new URLSearchParams(fields).toString(),
    });
    return { response, text: await response.text() };
  };

  const password = await post(enrolPath, { token, intent: "password", password: PASSWORD, confirm: PASSWORD });
  if (password.response.status !== 200)
    throw new Error(`enrolment's password step answered ${password.response.status}`);
  const key = totpKeyIn(password.text);
  const step = Math.floor(Date.now() / 30_000);

  const enrolled = await post(enrolPath, { token, intent: "code", code: await codeAt(key, step) });
  if (enrolled.response.status !== 302) throw new Error(`enrolment's code step answered ${enrolled.response.status}`);

  const signedIn = await post("/staff/sign-in", {
    email,
    password: PASSWORD,
    code: await codeAt(key, step + 1),
    from: "/staff",
  });
  const cookie = cookieOf(signedIn.response.headers);
  if (signedIn.response.status !== 302 || !cookie)
    throw new Error(`staff sign-in answered ${signedIn.response.status}`);
  return { cookie, email, password: PASSWORD };
}
