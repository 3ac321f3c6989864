import { describe, expect, it } from "vitest";
import { byRule } from "../../tests/support/by-rule";
import {
  CAMPAIGN_NAME_MAX_LENGTH,
  campaignName,
  FUNNEL_QUERY_PROBLEMS,
  type FunnelCount,
  funnelOf,
  funnelQueryProblem,
  funnelStepId,
  funnelStepName,
  keptShare,
  parseFunnelQuery,
} from "./funnel";
import { funnelReportSchema } from "./funnel-report";

// The drop-out funnel (DECISIONS D16): what a form may report, and how counts become
// each form's steps with the share kept from the step before.

const count = (c: Partial<FunnelCount> & Pick<FunnelCount, "step" | "n">): FunnelCount => ({
  form: "apply",
  event: "step",
  target: "",
  ...c,
});

describe("funnelOf", () => {
  it("orders steps as the form does, keeps the share from the step before, and leaves out steps nobody reached", () => {
    const funnel = funnelOf("apply", [
      count({ step: "amount", n: 60 }),
      count({ step: "status", n: 80 }),
      count({ step: "income", n: 20 }),
      count({ step: "status", n: 20 }),
      count({ step: "amount", event: "redirect", target: "/cannot-help", n: 3 }),
      count({ step: "amount", event: "redirect", target: "/creditec-redirect", n: 5 }),
      count({ step: "amount", event: "redirect", target: "/cannot-help", n: 4 }),
      count({ step: "check", event: "submit", n: 7 }),
      count({ form: "apply-personal", step: "type", n: 999 }),
    ]);
    expect(funnel).toEqual({
      form: "apply",
      rows: [
        { step: "status", branch: null, reached: 100, keptPercent: null, redirects: [] },
        {
          step: "amount",
          branch: null,
          reached: 60,
          keptPercent: 60,
          redirects: [
            { target: "/cannot-help", n: 7 },
            { target: "/creditec-redirect", n: 5 },
          ],
        },
        { step: "income", branch: null, reached: 20, keptPercent: 33.3, redirects: [] },
      ],
      submitted: 7,
      // Nobody reached the last step in these counts: no share to give.
      submittedPercent: null,
      redirected: 12,
    });
  });

  it("has no rows and no submissions for a form nobody opened", () => {
    expect(funnelOf("apply-personal", [count({ step: "status", n: 5 })])).toEqual({
      form: "apply-personal",
      rows: [],
      submitted: 0,
      submittedPercent: null,
      redirected: 0,
    });
  });

  /** Each step's share kept, as the page prints it: "step 70" or "Branch: step 70". */
  const kept = (form: "apply" | "apply-personal", counts: Partial<Record<string, number>>, submitted = 0) => {
    const funnel = funnelOf(form, [
      ...Object.entries(counts).map(([step, n]) => count({ form, step, n: n ?? 0 })),
      count({ form, step: "check", event: "submit", n: submitted }),
    ]);
    return {
      rows: funnel.rows.map((r) => `${r.branch ? `${r.branch}: ` : ""}${r.step} ${r.keptPercent ?? "-"}`),
      submitted: funnel.submittedPercent,
    };
  };

  it("measures each step against the step all its visitors passed, not the optional age step", () => {
    // Before: property was measured against age (80 of 20: 400%).
    expect(
      kept(
        "apply",
        { status: 100, amount: 90, age: 20, property: 80, income: 70, credit: 60, contact: 50, check: 48 },
        45,
      ),
    ).toEqual({
      rows: [
        "status -",
        "amount 90",
        "age 22.2",
        "property 88.9",
        "income 87.5",
        "credit 85.7",
        "contact 83.3",
        "check 96",
      ],
      // Of those who reached the check page, the last before sending.
      submitted: 93.8,
    });
  });

  it("measures the quick check's personal and homeowner loans each on their own path", () => {
    expect(
      kept(
        "apply-personal",
        {
          type: 100,
          "personal-amount": 30,
          residential: 25,
          status: 70,
          "homeowner-amount": 65,
          age: 20,
          property: 40,
          income: 55,
          credit: 50,
          contact: 45,
          check: 42,
        },
        40,
      ),
    ).toEqual({
      rows: [
        "type -",
        "Personal loan: personal-amount 30",
        "Personal loan: residential 83.3",
        "Homeowner loan: status 70",
        "Homeowner loan: homeowner-amount 92.9",
        // Age or property: each visitor passes one of them, and income is measured against both.
        "Homeowner loan: age 30.8",
        "Homeowner loan: property 61.5",
        "Homeowner loan: income 91.7",
        "Homeowner loan: credit 90.9",
        "Homeowner loan: contact 90",
        "Homeowner loan: check 93.3",
      ],
      submitted: 95.2,
    });
  });

  it("never prints more than 100% kept, even when reloads count a later step more often", () => {
    expect(
      kept("apply", { status: 10, amount: 12, property: 20, income: 5, credit: 5, contact: 4, check: 3 }, 6),
    ).toEqual({
      rows: ["status -", "amount 100", "property 100", "income 25", "credit 100", "contact 80", "check 75"],
      submitted: 100,
    });
  });

  it("leaves out the amount step counted before the branches were told apart", () => {
    expect(kept("apply-personal", { type: 10, amount: 9, residential: 3 }).rows).toEqual([
      "type -",
      "Personal loan: residential 30",
    ]);
  });

  it("breaks a tie between redirect targets by name", () => {
    const [row] = funnelOf("apply", [
      count({ step: "status", n: 2 }),
      count({ step: "status", event: "redirect", target: "/loanswarehouse-redirect", n: 1 }),
      count({ step: "status", event: "redirect", target: "/cannot-help", n: 1 }),
    ]).rows;
    expect(row?.redirects.map((r) => r.target)).toEqual(["/cannot-help", "/loanswarehouse-redirect"]);
  });
});

describe("keptShare", () => {
  it.each([
    [1, 3, 33.3],
    [2, 3, 66.7],
    [3, 3, 100],
    [4, 3, 100],
    [0, 3, 0],
    [1, 0, null],
  ])("%i of %i is %s", (reached, before, share) => {
    expect(keptShare(reached, before)).toBe(share);
  });
});

describe("funnelStepName: the name a step is counted under", () => {
  it.each([
    ["apply-personal", "amount", "personal", "personal-amount"],
    ["apply-personal", "amount", "homeowner", "homeowner-amount"],
    ["apply-personal", "amount", undefined, "amount"],
    ["apply-personal", "type", "personal", "type"],
    ["apply-personal", "residential", "personal", "residential"],
    ["apply", "amount", undefined, "amount"],
    ["apply", "amount", "personal", "amount"],
  ] as const)("%s's %s step for a %s loan: %s", (form, step, loanType, name) => {
    expect(funnelStepName(form, step, { loanType })).toBe(name);
    expect(funnelStepId(name)).toBe(step);
  });
});

describe("funnelReportSchema", () => {
  it.each([
    [{ form: "apply", event: "step", step: "status" }, true],
    [{ form: "apply-personal", event: "step", step: "residential" }, true],
    [{ form: "apply-personal", event: "step", step: "homeowner-amount" }, true],
    [{ form: "apply-personal", event: "redirect", step: "personal-amount", target: "/cannot-help" }, true],
    // The quick check's amount step is counted by its branch, never as one.
    [{ form: "apply-personal", event: "step", step: "amount" }, false],
    [{ form: "apply", event: "step", step: "personal-amount" }, false],
    [{ form: "apply", event: "redirect", step: "amount", target: "/cannot-help" }, true],
    [{ form: "apply-personal", event: "redirect", step: "type", target: "external:bridging" }, true],
    [{ form: "apply", event: "submit", step: "contact", landing: "https://x.example/?utm_source=a" }, true],
    [{ form: "apply", event: "step", step: "residential" }, false],
    [{ form: "apply", event: "redirect", step: "amount" }, false],
    [{ form: "apply", event: "submit", step: "contact", target: "/cannot-help" }, false],
    [{ form: "apply", event: "redirect", step: "amount", target: "/Cannot-Help" }, false],
    [{ form: "apply", event: "redirect", step: "amount", target: "//evil.example" }, false],
    [{ form: "apply", event: "click", step: "status" }, false],
    [{ form: "apply", event: "step", step: "status", landing: "x".repeat(2_001) }, false],
    [{ form: "apply", event: "redirect", step: "amount", target: "evil/cannot-help" }, false],
    [{ form: "apply", event: "redirect", step: "amount", target: "/cannot-help/../x" }, false],
  ])("%o → %s", (report, ok) => {
    expect(funnelReportSchema.safeParse(report).success).toBe(ok);
  });

  it.each([
    [{ form: "apply", event: "step", step: "residential" }, "step", "Unknown step"],
    [
      { form: "apply", event: "redirect", step: "amount" },
      "target",
      "A redirect names its target, and only a redirect",
    ],
    [
      { form: "apply", event: "submit", step: "contact", target: "/thank-you" },
      "target",
      "A redirect names its target, and only a redirect",
    ],
  ])("%o is refused on its %s: %s", (report, field, message) => {
    const result = funnelReportSchema.safeParse(report);
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([[field, message]]);
  });
});

describe("campaignName", () => {
  it.each([
    ["google", "google"],
    ["cpc", "cpc"],
    ["  spring_sale-2026  ", "spring_sale-2026"],
    ["newsletter.november", "newsletter.november"],
    ["launch-2026-05-01", "launch-2026-05-01"],
    ["q3_20260701", "q3_20260701"],
    ["12345678", "12345678"],
  ])("keeps %j as %j", (value, kept) => {
    expect(campaignName(value)).toBe(kept);
  });

  it.each([
    ["a name", "Jane"],
    ["a full name", "Jane Doe"],
    ["a surname in capitals", "QUARRINGTON"],
    ["words with a space", "spring sale"],
    ["capitals", "Spring_Sale"],
    ["a comma", "spring,sale"],
    ["a bar and brackets", "brand|exact(uk)"],
    ["a slash", "summer-2026/27"],
    ["letters beyond a to z", "zürich-été"],
    ["an email address", "jane.doe@example.com"],
    ["an email address and a phone number", "jane.doe@example.com 07700900123"],
    ["a bare @", "spring@sale"],
    ["a mobile number", "07700900123"],
    ["a mobile number with spaces", "07700 900555"],
    ["an international number", "+44 7700 900555"],
    ["a number with hyphens", "0117-496-0000"],
    ["a number with dots", "0117.496.0000"],
    ["nine digits", "spring-123456789"],
    ["markup", "<script>alert(1)</script>"],
    ["a query inside the value", "spring&utm_term=x=1"],
    ["a percent escape", "spring%20sale"],
    ["a line break", "spring\nsale"],
    ["nothing", ""],
    ["only spaces", "   "],
    ["more than the longest name", "a".repeat(CAMPAIGN_NAME_MAX_LENGTH + 1)],
  ])("blanks %s", (_, value) => {
    expect(campaignName(value)).toBe("");
  });

  it("keeps a name of the longest length, and blanks null and undefined", () => {
    expect(campaignName("a".repeat(CAMPAIGN_NAME_MAX_LENGTH))).toBe("a".repeat(CAMPAIGN_NAME_MAX_LENGTH));
    expect(campaignName(null)).toBe("");
    expect(campaignName(undefined)).toBe("");
  });
});

describe("the funnel page's query (issue 26: an impossible day reached the database)", () => {
  const parse = (query: string) => parseFunnelQuery(new URLSearchParams(query), "2026-11-24");

  it.each(
    byRule([
      { rule: "the last 30 days by default", query: "", want: { from: "2026-10-26", to: "2026-11-24", campaign: "" } },
      {
        rule: "real days as given",
        query: "from=2026-02-28&to=2028-02-29",
        want: { from: "2026-02-28", to: "2028-02-29", campaign: "" },
      },
      {
        rule: "days the wrong way round, swapped",
        query: "from=2026-03-01&to=2026-02-28",
        want: { from: "2026-02-28", to: "2026-03-01", campaign: "" },
      },
      {
        rule: "a To day alone: 30 days to it, over a leap day",
        query: "to=2028-03-10",
        want: { from: "2028-02-10", to: "2028-03-10", campaign: "" },
      },
      {
        rule: "a To day in the first month of year 1: from its first day, never year 0",
        query: "to=0001-01-01",
        want: { from: "0001-01-01", to: "0001-01-01", campaign: "" },
      },
      {
        rule: "a To day alone, over a year's end",
        query: "to=2027-01-10",
        want: { from: "2026-12-12", to: "2027-01-10", campaign: "" },
      },
      {
        rule: "30 February falls back to the default",
        query: "from=2026-02-30&to=2026-02-31",
        want: { from: "2026-10-26", to: "2026-11-24", campaign: "" },
      },
      {
        rule: "month 13 falls back to the default",
        query: "to=2026-13-01",
        want: { from: "2026-10-26", to: "2026-11-24", campaign: "" },
      },
      {
        rule: "a campaign with a NUL is left out",
        query: "campaign=a%00",
        want: { from: "2026-10-26", to: "2026-11-24", campaign: "" },
      },
    ]),
  )("%s", (_, { query, want }) => {
    expect(parse(query)).toEqual(want);
  });
});

describe("funnelQueryProblem: what the funnel page and its CSV refuse", () => {
  it.each(
    byRule([
      { rule: "nothing asked", query: "", want: undefined },
      { rule: "real days, a leap day among them", query: "from=2028-02-29&to=2028-03-01", want: undefined },
      { rule: "blank days", query: "from=&to=", want: undefined },
      { rule: "30 February", query: "from=2026-02-30&to=2026-02-31", want: FUNNEL_QUERY_PROBLEMS.from },
      { rule: "31 February as To", query: "from=2026-02-01&to=2026-02-31", want: FUNNEL_QUERY_PROBLEMS.to },
      { rule: "29 February of a common year", query: "to=2026-02-29", want: FUNNEL_QUERY_PROBLEMS.to },
      { rule: "month 13", query: "from=2026-13-01", want: FUNNEL_QUERY_PROBLEMS.from },
      { rule: "a day written another way", query: "from=1/11/2026", want: FUNNEL_QUERY_PROBLEMS.from },
      { rule: "a campaign with a NUL", query: "campaign=a%00b", want: FUNNEL_QUERY_PROBLEMS.campaign },
      { rule: "a campaign of any other text", query: "campaign=%E2%80%AE%01", want: undefined },
    ]),
  )("%s", (_, { query, want }) => {
    expect(funnelQueryProblem(new URLSearchParams(query))).toBe(want);
  });
});
