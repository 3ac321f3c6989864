import { type APIRequestContext, expect } from "@playwright/test";
import { waitForMail } from "./mailbox";

/** A link from a received message (its body is quoted-printable). */
export function linkIn(raw: string, pattern: RegExp): string {
  const text = raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  const link = pattern.exec(text)?.[0];
  if (!link) throw new Error(`no link matching ${pattern} in the email`);
  return link.replace(/&amp;/g, "&");
}

/** Signs up through the API and opens the emailed confirmation link, as the borrower would. */
export async function confirmedAccount(
  request: APIRequestContext,
  email: string,
  password: string,
  name: { firstName: string; lastName: string } = { firstName: "Robin", lastName: "Reset" },
) {
  const signUp = await request.post("/api/auth/sign-up/email", {
    data: { name: `${name.firstName} ${name.lastName}`, email, password, ...name, callbackURL: "/auth?confirmed=1" },
  });
  expect(signUp.status()).toBe(200);
  const mail = await waitForMail(email, "Please confirm your email address");
  const link = linkIn(mail.raw, /https?:\/\/\S+?\/api\/auth\/verify-email\?token=[\w.-]+&callbackURL=[\w%.-]+/);
  expect((await request.get(link, { maxRedirects: 0 })).status()).toBe(302);
}
