import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ELIGIBILITY_FLOW } from "~/features/eligibility/flow";
import { QUICK_CHECK_FLOW } from "~/features/quick-check/flow";
import { EMPTY_MAIN_FORM_ANSWERS, type MainFormAnswers } from "~/domain/main-form";
import { readStoredForm, removeStoredForm, writeStoredForm } from "./session-answers";
import { newSubmissionKey } from "./submission-key";
import { resolveStep } from "~/domain/step-flow";

const mortgageOwner: MainFormAnswers = {
  ...EMPTY_MAIN_FORM_ANSWERS,
  homeownerStatus: "mortgage",
  loanAmount: 50_000,
  loanPurpose: "debt-consolidation",
  propertyValue: 250_000,
  mortgageBalance: 100_000,
};

describe("resolveStep: the step a URL may show", () => {
  it("is the step asked for when every step before it is answered", () => {
    expect(resolveStep(ELIGIBILITY_FLOW, "income", mortgageOwner)).toBe("income");
    expect(resolveStep(ELIGIBILITY_FLOW, "property", mortgageOwner)).toBe("property");
    expect(resolveStep(ELIGIBILITY_FLOW, "status", mortgageOwner)).toBe("status");
  });

  it("is the first unanswered step when the URL runs ahead of the answers", () => {
    expect(resolveStep(ELIGIBILITY_FLOW, "contact", EMPTY_MAIN_FORM_ANSWERS)).toBe("status");
    expect(resolveStep(ELIGIBILITY_FLOW, "contact", { ...mortgageOwner, mortgageBalance: undefined })).toBe("property");
    expect(resolveStep(ELIGIBILITY_FLOW, "credit", mortgageOwner)).toBe("income");
  });

  it("stops at a step in error", () => {
    expect(resolveStep(ELIGIBILITY_FLOW, "income", { ...mortgageOwner, propertyValue: 40_000 })).toBe("property");
  });

  it("stops before a step the answers send elsewhere (an outright owner of £25,000 goes to a partner at step 2)", () => {
    const outright = { ...mortgageOwner, homeownerStatus: "outright" as const, loanAmount: 25_000 };
    expect(resolveStep(ELIGIBILITY_FLOW, "age", outright)).toBe("amount");
  });

  it("follows each borrower's own path (no property step for a quick-check outright owner)", () => {
    const answers = {
      ...QUICK_CHECK_FLOW.empty,
      loanType: "homeowner" as const,
      homeownerStatus: "outright" as const,
      loanAmount: 40_000,
      loanPurpose: "other" as const,
      age: "under-50" as const,
    };
    expect(resolveStep(QUICK_CHECK_FLOW, "property", answers)).toBe("income");
    expect(resolveStep(QUICK_CHECK_FLOW, "residential", answers)).toBe("income");
  });
});

describe("answers in sessionStorage", () => {
  const store = new Map<string, string>();
  beforeEach(() => {
    store.clear();
    (globalThis as { window?: unknown }).window = {
      sessionStorage: {
        getItem: (key: string) => store.get(key) ?? null,
        setItem: (key: string, value: string) => void store.set(key, value),
        removeItem: (key: string) => void store.delete(key),
      },
    };
  });
  afterEach(() => {
    delete (globalThis as { window?: unknown }).window;
  });

  it("come back as they were saved, with the submission key", () => {
    const submission = { key: newSubmissionKey(), fingerprint: "{}" };
    writeStoredForm("form", { answers: mortgageOwner, submission });
    expect(readStoredForm("form", EMPTY_MAIN_FORM_ANSWERS, ELIGIBILITY_FLOW.amountFields)).toEqual({
      answers: mortgageOwner,
      submission,
    });
    removeStoredForm("form");
    expect(readStoredForm("form", EMPTY_MAIN_FORM_ANSWERS)).toBeNull();
  });

  it("drop values of the wrong kind and fields the form does not have", () => {
    store.set(
      "form",
      JSON.stringify({
        v: 1,
        answers: {
          loanAmount: "lots",
          firstName: 42,
          consent: "yes",
          homeownerStatus: "mortgage",
          isAdmin: true,
          propertyValue: null,
        },
      }),
    );
    expect(readStoredForm("form", EMPTY_MAIN_FORM_ANSWERS, ELIGIBILITY_FLOW.amountFields)).toEqual({
      answers: { ...EMPTY_MAIN_FORM_ANSWERS, homeownerStatus: "mortgage" },
    });
    store.set("form", JSON.stringify({ v: 1, answers: { loanAmount: 50_000, loanPurpose: 7 } }));
    expect(readStoredForm("form", EMPTY_MAIN_FORM_ANSWERS, ELIGIBILITY_FLOW.amountFields)?.answers).toEqual({
      ...EMPTY_MAIN_FORM_ANSWERS,
      loanAmount: 50_000,
    });
  });

  it("ignore another version's or unreadable data", () => {
    store.set("a", JSON.stringify({ v: 2, answers: mortgageOwner }));
    store.set("b", "{not json");
    store.set("c", JSON.stringify([1, 2]));
    for (const key of ["a", "b", "c", "missing"]) expect(readStoredForm(key, EMPTY_MAIN_FORM_ANSWERS)).toBeNull();
  });
});

describe("newSubmissionKey", () => {
  it("is a fresh v4 UUID each time, with or without crypto.randomUUID", () => {
    const v4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(newSubmissionKey()).toMatch(v4);
    expect(newSubmissionKey()).not.toBe(newSubmissionKey());
    const original = crypto.randomUUID;
    try {
      Object.defineProperty(crypto, "randomUUID", { value: undefined, configurable: true });
      expect(newSubmissionKey()).toMatch(v4);
    } finally {
      Object.defineProperty(crypto, "randomUUID", { value: original, configurable: true });
    }
  });
});
