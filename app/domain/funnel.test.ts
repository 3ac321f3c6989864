import { describe, expect, it } from "vitest";
import { byRule } from "../../tests/support/by-rule";
import {
  CAMPAIGN_NAME_MAX_LENGTH,
  campaignName,
  FUNNEL_QUERY_PROBLEMS,
  type FunnelCount,
  funnelOf,
  funnelQueryProblem,
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
      count({ step: "contact", event: "submit", n: 7 }),
      count({ form: "apply-personal", step: "type", n: 999 }),
    ]);
    expect(funnel).toEqual({
      form: "apply",
      rows: [
        { step: "status", reached: 100, keptPercent: null, redirects: [] },
        {
          step: "amount",
          reached: 60,
          keptPercent: 60,
          redirects: [
            { target: "/cannot-help", n: 7 },
            { target: "/creditec-redirect", n: 5 },
          ],
        },
        { step: "income", reached: 20, keptPercent: 33.3, redirects: [] },
      ],
      submitted: 7,
      redirected: 12,
    });
  });

  it("has no rows and no submissions for a form nobody opened", () => {
    expect(funnelOf("apply-personal", [count({ step: "status", n: 5 })])).toEqual({
      form: "apply-personal",
      rows: [],
      submitted: 0,
      redirected: 0,
    });
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

describe("funnelReportSchema", () => {
  it.each([
    [{ form: "apply", event: "step", step: "status" }, true],
    [{ form: "apply-personal", event: "step", step: "residential" }, true],
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
    ["Spring Sale", "Spring Sale"],
    ["  spring_sale-2026  ", "spring_sale-2026"],
    ["Spring, Sale", "Spring, Sale"],
    ["google", "google"],
    ["cpc", "cpc"],
    ["brand|exact (UK)", "brand|exact (UK)"],
    ["summer 2026/27", "summer 2026/27"],
    ["launch 2026-05-01", "launch 2026-05-01"],
    ["q3_20260701", "q3_20260701"],
    ["Zürich été", "Zürich été"],
    ["two  spaces", "two spaces"],
    ["12345678", "12345678"],
  ])("keeps %j as %j", (value, kept) => {
    expect(campaignName(value)).toBe(kept);
  });

  it.each([
    ["an email address", "jane.doe@example.com"],
    ["an email address and a phone number", "jane.doe@example.com 07700900123"],
    ["a bare @", "spring@sale"],
    ["a mobile number", "07700900123"],
    ["a mobile number with spaces", "07700 900555"],
    ["an international number", "+44 7700 900555"],
    ["a number with hyphens", "0117-496-0000"],
    ["a number with dots and brackets", "(0117) 496.0000"],
    ["a number with a plus or a slash between its parts", "07700+900555/1"],
    ["nine digits", "spring 123456789"],
    ["a name beside a number", "Jane Doe 07700900123"],
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
