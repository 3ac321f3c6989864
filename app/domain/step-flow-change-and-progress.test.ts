import { describe, expect, it } from "vitest";
import { ELIGIBILITY_FLOW, STEP_FIELDS } from "~/features/eligibility/flow";
import { QUICK_CHECK_FLOW, QUICK_STEP_FIELDS } from "~/features/quick-check/flow";
import { EMPTY_MAIN_FORM_ANSWERS, type MainFormAnswers } from "./main-form";
import { EMPTY_QUICK_FORM_ANSWERS, type QuickFormAnswers } from "./quick-form";
import { type FlowNext, nextAfterChange, type StepFlow, stepProgress } from "./step-flow";
import { moveAfterPost } from "./step-form-post";

const contact = { firstName: "Jo", lastName: "Bloggs", email: "jo@example.com", phone: "07700 900123", consent: true };

/** Every answer of a mortgage owner borrowing £50,000, as at the check-answers step. */
const mortgageOwner: MainFormAnswers = {
  ...EMPTY_MAIN_FORM_ANSWERS,
  ...contact,
  homeownerStatus: "mortgage",
  loanAmount: 50_000,
  loanPurpose: "debt-consolidation",
  propertyValue: 250_000,
  mortgageBalance: 100_000,
  monthlyIncome: 4_000,
  employmentStatus: "employed-full-time",
  creditHistory: "good",
};

/** An outright owner of 50 to 60 borrowing £60,000: seven steps, property value included (D3). */
const outrightOwner: MainFormAnswers = {
  ...mortgageOwner,
  homeownerStatus: "outright",
  loanAmount: 60_000,
  mortgageBalance: undefined,
  age: "50-60",
};

const homeownerEnquiry: QuickFormAnswers = {
  ...EMPTY_QUICK_FORM_ANSWERS,
  ...contact,
  loanType: "homeowner",
  homeownerStatus: "mortgage",
  loanAmount: 40_000,
  loanPurpose: "home-improvements",
  propertyValue: 300_000,
  mortgageBalance: 90_000,
  monthlyIncome: 3_500,
  employmentStatus: "employed-full-time",
  creditHistory: "good",
};

const toStep = <S extends string>(step: S): FlowNext<S> => ({ kind: "step", step });
const redirect = (to: string): FlowNext<string> => ({ kind: "redirect", to });

describe("nextAfterChange: Next after 'Change' on the check-answers step", () => {
  const mainCases: [
    string,
    MainFormAnswers,
    Partial<MainFormAnswers>,
    Parameters<typeof nextAfterChange>[1],
    FlowNext<string>,
  ][] = [
    [
      "a new amount still in range comes straight back",
      mortgageOwner,
      { loanAmount: 60_000 },
      "amount",
      toStep("check"),
    ],
    [
      "a new purpose comes straight back",
      mortgageOwner,
      { loanPurpose: "home-improvements" },
      "amount",
      toStep("check"),
    ],
    [
      "a new property value comes straight back",
      mortgageOwner,
      { propertyValue: 300_000 },
      "property",
      toStep("check"),
    ],
    ["a new credit history comes straight back", mortgageOwner, { creditHistory: "fair" }, "credit", toStep("check")],
    ["a new income comes straight back", mortgageOwner, { monthlyIncome: 5_000 }, "income", toStep("check")],
    [
      "becoming an outright owner asks the age, never asked before",
      mortgageOwner,
      { homeownerStatus: "outright" },
      "status",
      toStep("age"),
    ],
    [
      "becoming a tenant borrowing £50,000 goes to partner B",
      mortgageOwner,
      { homeownerStatus: "tenant" },
      "status",
      redirect("/loanswarehouse-redirect"),
    ],
    [
      "an outright owner lowering to £25,000 goes to partner A",
      outrightOwner,
      { loanAmount: 25_000 },
      "amount",
      redirect("/creditec-redirect"),
    ],
    [
      "an outright owner lowering to £30,000 comes back (age and property still answered)",
      outrightOwner,
      { loanAmount: 30_000 },
      "amount",
      toStep("check"),
    ],
    [
      "an outright owner under 50 lowering to £40,000 goes to partner B",
      { ...outrightOwner, age: "under-50" },
      { loanAmount: 40_000 },
      "amount",
      redirect("/loanswarehouse-redirect"),
    ],
    [
      "an outright owner becoming under 50 at £60,000 comes back",
      outrightOwner,
      { age: "under-50" },
      "age",
      toStep("check"),
    ],
    [
      "a mortgage owner raising to £60,000 with no property value left asks it",
      { ...mortgageOwner, propertyValue: undefined },
      { loanAmount: 60_000 },
      "amount",
      toStep("property"),
    ],
    [
      "a tenant buying for £60,000 who changes the purpose is declined",
      {
        ...mortgageOwner,
        homeownerStatus: "tenant",
        loanAmount: 60_000,
        loanPurpose: "property-purchase",
        mortgageBalance: undefined,
      },
      { loanPurpose: "other" },
      "amount",
      redirect("/cannot-help"),
    ],
  ];
  it.each(mainCases)("eligibility check: %s", (_, before, change, step, expected) => {
    expect(nextAfterChange(ELIGIBILITY_FLOW, step, { ...before, ...change })).toEqual(expected);
  });

  const quickCases: [string, Partial<QuickFormAnswers>, Parameters<typeof nextAfterChange>[1], FlowNext<string>][] = [
    ["a new amount comes straight back", { loanAmount: 45_000 }, "amount", toStep("check")],
    ["owning outright asks the age", { homeownerStatus: "outright" }, "status", toStep("age")],
    ["a personal loan asks where the borrower lives", { loanType: "personal" }, "type", toStep("residential")],
    [
      "a bridging loan leaves for the sister site",
      { loanType: "bridging" },
      "type",
      { kind: "external", partner: "bridging" },
    ],
  ];
  it.each(quickCases)("quick check: %s", (_, change, step, expected) => {
    expect(nextAfterChange(QUICK_CHECK_FLOW, step as never, { ...homeownerEnquiry, ...change })).toEqual(expected);
  });
});

describe("moveAfterPost with 'Change' (no script): the same return", () => {
  const post = (step: string, extra: { goto?: string; change?: string; intent?: string } = {}) => ({
    step,
    intent: extra.intent ?? null,
    goto: extra.goto ?? null,
    change: extra.change ?? null,
  });

  it("a Change button shows the step, marked as changing", () => {
    expect(moveAfterPost(ELIGIBILITY_FLOW, mortgageOwner, post("check", { goto: "amount" }))).toEqual({
      kind: "show",
      state: { step: "amount", answers: mortgageOwner, attempted: false, changing: true },
    });
  });

  it("Next from a changed step goes back to the check-answers step", () => {
    const answers = { ...mortgageOwner, loanAmount: 70_000 };
    expect(moveAfterPost(ELIGIBILITY_FLOW, answers, post("amount", { change: "1" }))).toEqual({
      kind: "show",
      state: { step: "check", answers, attempted: false },
    });
  });

  it("a change that needs a later step asks it, still changing; that step's Next comes back", () => {
    const answers = { ...mortgageOwner, homeownerStatus: "outright" as const };
    expect(moveAfterPost(ELIGIBILITY_FLOW, answers, post("status", { change: "1" }))).toEqual({
      kind: "show",
      state: { step: "age", answers, attempted: false, changing: true },
    });
    const aged = { ...answers, age: "61-70" as const };
    expect(moveAfterPost(ELIGIBILITY_FLOW, aged, post("age", { change: "1" }))).toMatchObject({
      kind: "show",
      state: { step: "check" },
    });
  });

  it("a changed answer in error is shown again, still changing", () => {
    const answers = { ...mortgageOwner, loanAmount: 5_000 };
    expect(moveAfterPost(ELIGIBILITY_FLOW, answers, post("amount", { change: "1" }))).toEqual({
      kind: "show",
      state: { step: "amount", answers, attempted: true, changing: true },
    });
  });

  it("a change that leads off the form goes there", () => {
    const answers = { ...outrightOwner, loanAmount: 20_000 };
    expect(moveAfterPost(ELIGIBILITY_FLOW, answers, post("amount", { change: "1" }))).toEqual({
      kind: "redirect",
      to: "/creditec-redirect",
    });
  });

  it("without the mark, Next walks on step by step as before", () => {
    expect(moveAfterPost(ELIGIBILITY_FLOW, mortgageOwner, post("amount"))).toMatchObject({
      state: { step: "property" },
    });
  });

  it("Previous from a changed step is an ordinary step back", () => {
    expect(moveAfterPost(ELIGIBILITY_FLOW, mortgageOwner, post("amount", { intent: "back", change: "1" }))).toEqual({
      kind: "show",
      state: { step: "status", answers: mortgageOwner, attempted: false },
    });
  });
});

/**
 * The progress shown at each step as a borrower walks a path from the start, answering
 * each step's questions (from `full`) before pressing Next.
 */
function progressAlong<A extends object, S extends string, F extends string>(
  flow: StepFlow<A, S, F>,
  fields: Record<S, F[]>,
  full: A,
) {
  let answers = { ...flow.empty } as A;
  let step = flow.steps(answers)[0] as S;
  const shown: string[] = [];
  for (let guard = 0; guard < 20; guard++) {
    const { step: n, total, percent, checking } = stepProgress(flow, answers, step);
    shown.push(checking ? `all ${total} answered ${percent}%` : `${n}/${total} ${percent}%`);
    const given: Partial<A> = {};
    for (const field of fields[step]) given[field as unknown as keyof A] = full[field as unknown as keyof A];
    answers = { ...answers, ...given };
    const next = flow.nextAfter(step, answers);
    if (next.kind !== "step") break;
    step = next.step;
  }
  return shown;
}

/** The figures of the question steps (the check page after them says 100%, every question answered). */
const percents = (shown: string[]) =>
  shown.filter((s) => !s.startsWith("all")).map((s) => Number(s.replace(/.* (\d+)%$/, "$1")));

describe("stepProgress: the progress never falls as the borrower moves on, and counts the steps done (decision 461)", () => {
  const paths: [string, () => string[], string[]][] = [
    [
      "quick check, homeowner loan (was 'Step 1 of 3 (33%)' then 'Step 2 of 7 (29%)')",
      () => progressAlong(QUICK_CHECK_FLOW, QUICK_STEP_FIELDS, homeownerEnquiry),
      ["1/7 0%", "2/7 14%", "3/7 29%", "4/7 43%", "5/7 57%", "6/7 71%", "7/7 86%", "all 7 answered 100%"],
    ],
    [
      "quick check, personal loan: the shorter path only jumps ahead",
      () =>
        progressAlong(QUICK_CHECK_FLOW, QUICK_STEP_FIELDS, {
          ...EMPTY_QUICK_FORM_ANSWERS,
          loanType: "personal",
          loanAmount: 5_000,
          residentialStatus: "council-tenant",
        }),
      ["1/7 0%", "2/3 33%", "3/3 67%"],
    ],
    [
      "quick check, outright owner",
      () =>
        progressAlong(QUICK_CHECK_FLOW, QUICK_STEP_FIELDS, {
          ...homeownerEnquiry,
          homeownerStatus: "outright",
          age: "50-65",
        }),
      ["1/7 0%", "2/7 14%", "3/7 29%", "4/7 43%", "5/7 57%", "6/7 71%", "7/7 86%", "all 7 answered 100%"],
    ],
    [
      "eligibility check, mortgage owner",
      () => progressAlong(ELIGIBILITY_FLOW, STEP_FIELDS, mortgageOwner),
      ["1/6 0%", "2/6 17%", "3/6 33%", "4/6 50%", "5/6 67%", "6/6 83%", "all 6 answered 100%"],
    ],
    [
      "eligibility check, outright owner over £25,000 (the seventh step appears after the amount)",
      () => progressAlong(ELIGIBILITY_FLOW, STEP_FIELDS, outrightOwner),
      ["1/6 0%", "2/6 17%", "3/7 29%", "4/7 43%", "5/7 57%", "6/7 71%", "7/7 86%", "all 7 answered 100%"],
    ],
    [
      "eligibility check, tenant buying a property",
      () =>
        progressAlong(ELIGIBILITY_FLOW, STEP_FIELDS, {
          ...mortgageOwner,
          homeownerStatus: "tenant",
          loanAmount: 80_000,
          loanPurpose: "property-purchase",
          mortgageBalance: undefined,
        }),
      ["1/6 0%", "2/6 17%", "3/6 33%", "4/6 50%", "5/6 67%", "6/6 83%", "all 6 answered 100%"],
    ],
  ];
  it.each(paths)("%s", (_, walk, expected) => {
    const shown = walk();
    expect(shown).toEqual(expected);
    const figures = percents(shown);
    for (let i = 1; i < figures.length; i++) expect(figures[i]).toBeGreaterThanOrEqual(figures[i - 1] as number);
    // No step, the last question of a path included, says 100% before its answer is given.
    expect(Math.max(...figures)).toBeLessThan(100);
    expect(figures[0]).toBe(0);
  });

  it("counts a step outside this borrower's path as the first", () => {
    expect(stepProgress(ELIGIBILITY_FLOW, mortgageOwner, "age")).toEqual({
      step: 1,
      total: 6,
      percent: 0,
      checking: false,
    });
  });

  it("says on the check page that every question is answered: not a step of its own (decision 500)", () => {
    expect(stepProgress(ELIGIBILITY_FLOW, mortgageOwner, "check")).toEqual({
      step: 6,
      total: 6,
      percent: 100,
      checking: true,
    });
    expect(stepProgress(QUICK_CHECK_FLOW, homeownerEnquiry, "check")).toMatchObject({ total: 7, checking: true });
  });
});
