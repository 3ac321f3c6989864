import { describe, expect, test } from "vitest";
import { ENTER_PASSWORD, EMAIL_INVALID } from "./account-messages";
import { firstErrorByField, SIGN_UP_FIELDS, signInProblems } from "./account-forms";

describe("signInProblems", () => {
  test.each([
    { email: "", password: "", expected: { email: EMAIL_INVALID, password: ENTER_PASSWORD } },
    { email: "  ", password: "x", expected: { email: EMAIL_INVALID } },
    // Malformed but given: the same answer as a wrong password, from the sign-in itself.
    { email: "jane@example", password: "x", expected: {} },
    { email: " jane@example.com ", password: "", expected: { password: ENTER_PASSWORD } },
    { email: "jane@example.com", password: "wrong but given", expected: {} },
  ])("$email / $password", ({ email, password, expected }) => {
    expect(signInProblems(email, password)).toEqual(expected);
  });
});

describe("firstErrorByField", () => {
  test("keeps the first message of each field, in the form's order, whatever the issues' order", () => {
    const errors = firstErrorByField(SIGN_UP_FIELDS, [
      { path: ["password"], message: "too short" },
      { path: ["email"], message: "bad email" },
      { path: ["password"], message: "too common" },
      { path: ["firstName"], message: "first name" },
      { path: [], message: "not a field" },
    ]);
    expect(errors).toEqual({ firstName: "first name", email: "bad email", password: "too short" });
    expect(Object.keys(errors)).toEqual(["firstName", "email", "password"]);
  });
});
