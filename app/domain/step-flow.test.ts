import { describe, expect, test } from "vitest";
import { EMPTY_MAIN_FORM_ANSWERS, stepIssues } from "./main-form";
import * as m from "./messages";
import { stepProblems } from "./step-flow";

const CONTACT = ["firstName", "lastName", "email", "phone"] as const;

describe("stepProblems: every problem on a step at once, in the order of its fields", () => {
  test("an empty contact step: all four, not only the first", () => {
    expect(stepProblems(stepIssues("contact", EMPTY_MAIN_FORM_ANSWERS), CONTACT)).toEqual([
      { field: "firstName", message: m.FIRST_NAME_MISSING },
      { field: "lastName", message: m.LAST_NAME_MISSING },
      { field: "email", message: m.EMAIL_MISSING },
      { field: "phone", message: m.PHONE_MISSING },
    ]);
  });

  test("the check page: the terms not agreed to", () => {
    expect(stepProblems(stepIssues("check", EMPTY_MAIN_FORM_ANSWERS), ["consent"])).toEqual([
      { field: "consent", message: m.CONSENT_MISSING },
    ]);
  });

  test("answers given but not acceptable come in field order beside those missing", () => {
    const answers = { ...EMPTY_MAIN_FORM_ANSWERS, firstName: "Jane", lastName: "Smith", email: "jane", phone: "123" };
    expect(stepProblems(stepIssues("contact", answers), CONTACT)).toEqual([
      { field: "email", message: m.EMAIL_INVALID },
      { field: "phone", message: m.UK_PHONE_INVALID },
    ]);
  });

  test("a complete step has none", () => {
    const answers = {
      ...EMPTY_MAIN_FORM_ANSWERS,
      firstName: "Jane",
      lastName: "Smith",
      email: "jane@example.com",
      phone: "07700 900123",
      consent: true,
    };
    expect(stepProblems(stepIssues("contact", answers), CONTACT)).toEqual([]);
  });
});
