import { describe, expect, it } from "vitest";
import {
  accountSignInPaused,
  EMAIL_NOT_CONFIRMED,
  INVALID_CREDENTIALS,
  SIGN_UP_ALREADY_REGISTERED,
  SIGN_UP_ALREADY_REGISTERED_PROVIDER,
  signInErrorMessage,
  signUpErrorMessage,
} from "./account-messages";

describe("account messages (spec section 8)", () => {
  it("a sign-up error containing 'already registered' becomes the spec's sentence", () => {
    expect(signUpErrorMessage(SIGN_UP_ALREADY_REGISTERED_PROVIDER)).toBe(
      "This email is already registered. Please sign in instead.",
    );
    expect(signUpErrorMessage("User already exists. Use another email.")).toBe(SIGN_UP_ALREADY_REGISTERED);
  });

  it("other sign-up errors are shown as the provider gives them", () => {
    expect(signUpErrorMessage("Password too short")).toBe("Password too short");
  });

  it("invalid credentials read 'Invalid email or password'; others as they come", () => {
    expect(signInErrorMessage("Invalid email or password", "INVALID_EMAIL_OR_PASSWORD")).toBe(INVALID_CREDENTIALS);
    expect(signInErrorMessage("Invalid login credentials")).toBe("Invalid email or password");
    expect(signInErrorMessage("Email not verified", "EMAIL_NOT_VERIFIED")).toBe(EMAIL_NOT_CONFIRMED);
    expect(signInErrorMessage("Failed to create session")).toBe("Failed to create session");
  });
});

describe("accountSignInPaused", () => {
  it.each([
    [300, "5 minutes"],
    [241, "5 minutes"],
    [240, "4 minutes"],
    [61, "2 minutes"],
    [60, "1 minute"],
    [1, "1 minute"],
    [0, "1 minute"],
  ])("after %i seconds to wait says %s", (seconds, wait) => {
    expect(accountSignInPaused(seconds)).toBe(
      `Too many attempts to sign in to this account. For its safety, please wait ${wait} and try again, or reset your password.`,
    );
  });
});
