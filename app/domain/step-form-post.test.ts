import { describe, expect, it } from "vitest";
import { EMPTY_MAIN_FORM_ANSWERS, type MainFormAnswers } from "~/domain/main-form";
import { HOMEOWNER_STATUS_MISSING, MAIN_LOAN_BELOW_HOMEOWNER_MIN } from "~/domain/messages";
import { ELIGIBILITY_FLOW } from "~/features/eligibility/flow";
import { QUICK_CHECK_FLOW } from "~/features/quick-check/flow";
import { answersAsFields, answersChangedInForm, answersFromForm, BadFormPost, moveAfterPost } from "./step-form-post";

const formOf = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
};

/** A mortgage owner through the property step, as the form posts it. */
const mortgageOwner: MainFormAnswers = answersFromForm(
  ELIGIBILITY_FLOW,
  formOf({
    homeownerStatus: "mortgage",
    loanAmount: "50000",
    loanPurpose: "debt-consolidation",
    propertyValue: "250000",
    mortgageBalance: "100000",
  }),
);

describe("answersFromForm: a posted form read by the empty form's shape", () => {
  it("reads amounts as whole pounds, however typed, ticks as true, blanks as unanswered", () => {
    const answers = answersFromForm(
      ELIGIBILITY_FLOW,
      formOf({ loanAmount: "£25,000", propertyValue: "", homeownerStatus: "mortgage", consent: "on", firstName: "Jo" }),
    );
    expect(answers).toEqual({
      ...EMPTY_MAIN_FORM_ANSWERS,
      loanAmount: 25_000,
      homeownerStatus: "mortgage",
      consent: true,
      firstName: "Jo",
    });
  });

  it("takes a tick only as a ticked box sends it", () => {
    for (const consent of ["false", "no", "0", "true", ""]) {
      expect(answersFromForm(ELIGIBILITY_FLOW, formOf({ consent })).consent, consent).toBe(false);
    }
  });

  it("keeps nothing the form does not have", () => {
    expect(answersFromForm(ELIGIBILITY_FLOW, formOf({ admin: "yes", step: "contact" }))).toEqual(EMPTY_MAIN_FORM_ANSWERS);
  });

  it("refuses a file or an answer longer than any field takes", () => {
    const withFile = new FormData();
    withFile.append("firstName", new Blob(["x"]), "x.txt");
    expect(() => answersFromForm(ELIGIBILITY_FLOW, withFile)).toThrow(BadFormPost);
    expect(() => answersFromForm(ELIGIBILITY_FLOW, formOf({ lastName: "x".repeat(1_001) }))).toThrow(BadFormPost);
  });

  it("round-trips through the hidden fields that carry the answers", () => {
    const fields = answersAsFields({ ...mortgageOwner, consent: true }, ["propertyValue"]);
    expect(Object.fromEntries(fields)).toEqual({
      homeownerStatus: "mortgage",
      loanAmount: "50000",
      loanPurpose: "debt-consolidation",
      mortgageBalance: "100000",
      consent: "on",
    });
    const back = answersFromForm(ELIGIBILITY_FLOW, formOf(Object.fromEntries(fields)));
    expect(back).toEqual({ ...mortgageOwner, propertyValue: undefined, consent: true });
  });
});

describe("answersChangedInForm: what was answered on the page before the script came", () => {
  const controls = (...names: string[]) => new Set(names);

  it("is nothing when the form still holds what it was drawn with", () => {
    const drawn = formOf(Object.fromEntries(answersAsFields(mortgageOwner, [])));
    const all = controls(...Object.keys(EMPTY_MAIN_FORM_ANSWERS));
    expect(answersChangedInForm(ELIGIBILITY_FLOW, mortgageOwner, drawn, all)).toEqual({});
    expect(answersChangedInForm(ELIGIBILITY_FLOW, EMPTY_MAIN_FORM_ANSWERS, formOf({}), all)).toEqual({});
  });

  it("gives each field changed on the page, read as a post reads it", () => {
    const form = formOf({ homeownerStatus: "outright", loanAmount: "£60,000", firstName: "Jo", loanPurpose: "debt-consolidation" });
    const changed = answersChangedInForm(
      ELIGIBILITY_FLOW,
      mortgageOwner,
      form,
      controls("homeownerStatus", "loanAmount", "firstName", "loanPurpose"),
    );
    expect(changed).toEqual({ homeownerStatus: "outright", loanAmount: 60_000, firstName: "Jo" });
  });

  it("counts a box unticked or a field emptied as a change, but not a field with no control on the page", () => {
    const shown = { ...mortgageOwner, consent: true };
    // The consent box is on the page and unticked; the loan amount's box was emptied; the
    // mortgage balance has no control here (and no hidden field), so it stands.
    const changed = answersChangedInForm(
      ELIGIBILITY_FLOW,
      shown,
      formOf({ loanAmount: "" }),
      controls("consent", "loanAmount"),
    );
    expect(changed).toEqual({ consent: false, loanAmount: undefined });
  });

  it("leaves out a form that a post would refuse", () => {
    const form = formOf({ firstName: "x".repeat(1_001), loanAmount: "70000" });
    expect(answersChangedInForm(ELIGIBILITY_FLOW, mortgageOwner, form, controls("firstName", "loanAmount"))).toEqual({});
  });

  it("reads the quick check's form by its own shape", () => {
    const changed = answersChangedInForm(
      QUICK_CHECK_FLOW,
      QUICK_CHECK_FLOW.empty,
      formOf({ loanAmount: "15000" }),
      controls("loanAmount"),
    );
    expect(changed).toEqual({ loanAmount: 15_000 });
  });
});

describe("moveAfterPost: where a step posted without script leads", () => {
  const post = (step: string | null, intent: string | null = null, goto: string | null = null) => ({ step, intent, goto });

  it("shows an unanswered step again, its messages on", () => {
    const move = moveAfterPost(ELIGIBILITY_FLOW, EMPTY_MAIN_FORM_ANSWERS, post("status"));
    expect(move).toEqual({ kind: "show", state: { step: "status", answers: EMPTY_MAIN_FORM_ANSWERS, attempted: true } });
    expect(ELIGIBILITY_FLOW.issues("status", EMPTY_MAIN_FORM_ANSWERS).missingFields).toEqual({
      homeownerStatus: HOMEOWNER_STATUS_MISSING,
    });
  });

  it("shows a step in error again", () => {
    const answers = { ...mortgageOwner, loanAmount: 5_000 };
    const move = moveAfterPost(ELIGIBILITY_FLOW, answers, post("amount"));
    expect(move).toMatchObject({ kind: "show", state: { step: "amount", attempted: true } });
    expect(ELIGIBILITY_FLOW.issues("amount", answers).errors.loanAmount).toBe(MAIN_LOAN_BELOW_HOMEOWNER_MIN);
  });

  it("moves a complete step on as the flow says", () => {
    expect(moveAfterPost(ELIGIBILITY_FLOW, mortgageOwner, post("amount"))).toMatchObject({
      kind: "show",
      state: { step: "property", attempted: false },
    });
  });

  it("sends a tenant borrowing £25,000 to partner A, as the script does", () => {
    const tenant = { ...EMPTY_MAIN_FORM_ANSWERS, homeownerStatus: "tenant" as const, loanAmount: 25_000, loanPurpose: "other" as const };
    expect(moveAfterPost(ELIGIBILITY_FLOW, tenant, post("amount"))).toEqual({ kind: "redirect", to: "/creditec-redirect" });
  });

  it("sends bridging loans to the sister site", () => {
    const answers = { ...QUICK_CHECK_FLOW.empty, loanType: "bridging" as const };
    expect(moveAfterPost(QUICK_CHECK_FLOW, answers, post("type"))).toEqual({ kind: "external", partner: "bridging" });
  });

  it("checks every earlier step again: a step the answers do not reach shows where they stop", () => {
    const answers = { ...mortgageOwner, homeownerStatus: undefined };
    expect(moveAfterPost(ELIGIBILITY_FLOW, answers, post("contact"))).toMatchObject({
      kind: "show",
      state: { step: "status", attempted: true },
    });
  });

  it("takes an unknown step as the first", () => {
    expect(moveAfterPost(ELIGIBILITY_FLOW, EMPTY_MAIN_FORM_ANSWERS, post("nonsense"))).toMatchObject({
      state: { step: "status" },
    });
  });

  it("goes back a step, or to a step named by a Change button, without checking the step left", () => {
    const answers = { ...mortgageOwner, monthlyIncome: -1 };
    expect(moveAfterPost(ELIGIBILITY_FLOW, answers, post("income", "back"))).toMatchObject({
      state: { step: "property", attempted: false },
    });
    expect(moveAfterPost(ELIGIBILITY_FLOW, answers, post("income", null, "amount"))).toMatchObject({
      state: { step: "amount", attempted: false },
    });
    expect(moveAfterPost(ELIGIBILITY_FLOW, answers, post("status", "back"))).toMatchObject({ state: { step: "status" } });
  });

  it("submits from the last step once it is complete", () => {
    const answers: MainFormAnswers = {
      ...mortgageOwner,
      monthlyIncome: 4_000,
      employmentStatus: "employed-full-time",
      creditHistory: "good",
      firstName: "Jo",
      lastName: "Bloggs",
      email: "jo@example.com",
      phone: "07700 900123",
      consent: true,
    };
    // 'Your details' leads to the check page, and the check page sends (decision 500).
    expect(moveAfterPost(ELIGIBILITY_FLOW, answers, post("contact"))).toMatchObject({ state: { step: "check" } });
    expect(moveAfterPost(ELIGIBILITY_FLOW, answers, post("check"))).toEqual({ kind: "submit" });
  });
});
