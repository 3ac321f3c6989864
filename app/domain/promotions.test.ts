import { describe, expect, it } from "vitest";
import { byRule } from "../../tests/support/by-rule";
import {
  badCreditCalculator,
  CALCULATOR_DEFAULTS,
  debtConsolidationSaving,
  homeImprovementCalculator,
  homeownerCalculator,
  schoolFeesCalculator,
  securedLoanCalculator,
} from "./calculators";
import { loanCost, representativeExample } from "./finance";
import {
  CLAIM_FIELDS,
  CLAIM_MAX_LENGTHS,
  checkPromotion,
  costAtExampleRate,
  defaultPromotionFigures,
  EXAMPLE_KEYS,
  exampleAnnualRate,
  exampleCost,
  exampleField,
  exampleMonthlyRate,
  isPromotionFigures,
  type PromotionFigures,
  pagesTouched,
  promotionFieldValues,
  promotionFromFields,
  PROMOTED_PAGES,
  PUBLISH_AT_INVALID,
  readBasedOn,
  readPublishAt,
  readUkMoment,
  REPLACES_LIVE_FIELD,
  replacesLiveRefusal,
  replacesLiveValue,
  staleBase,
  rateTableField,
  ratesFrom,
} from "./promotions";
import {
  BAD_CREDIT_MONTHLY_RATE,
  HEADLINE_APR,
  HOME_IMPROVEMENT_REPRESENTATIVE_APR,
  HOMEOWNER_CALCULATOR_APR,
  RATE_BANDS,
  indicativeQuote,
  rateForLtv,
} from "./rates";

const base = () => defaultPromotionFigures();
const rating = () => ({
  score: "4.8",
  count: 120,
  site: "Trustpilot",
  url: "https://example.com/r",
  date: "November 2026",
});
const changed = (edit: (f: PromotionFigures) => void) => {
  const figures = base();
  edit(figures);
  return figures;
};

describe("the default figures are today's, exactly", () => {
  const d = base();
  it.each(
    byRule([
      {
        rule: "secured loan calculator at the headline rate",
        actual: costAtExampleRate(d.examples.headline, 50_000, 120),
        expected: securedLoanCalculator(50_000, 10),
      },
      {
        rule: "homeowner calculator at 5.9%",
        actual: costAtExampleRate(d.examples.homeowner, 75_000, 180),
        expected: homeownerCalculator(75_000, 15),
      },
      {
        rule: "bad credit at 0.0074166 a month",
        actual: exampleCost(d.examples.badCredit),
        expected: badCreditCalculator(CALCULATOR_DEFAULTS.badCredit.amount, CALCULATOR_DEFAULTS.badCredit.years),
      },
      {
        rule: "school fees at 5.69%",
        actual: exampleCost(d.examples.schoolFees),
        expected: schoolFeesCalculator(CALCULATOR_DEFAULTS.schoolFees.amount, CALCULATOR_DEFAULTS.schoolFees.years),
      },
      {
        rule: "home improvement's £50,000 over 5 years at 7.74%",
        actual: exampleCost(d.examples.homeImprovement),
        expected: homeImprovementCalculator("50000", 5),
      },
      {
        rule: "debt consolidation's new loan for the example debts",
        actual: exampleCost(d.examples.debtConsolidation),
        expected: debtConsolidationSaving(CALCULATOR_DEFAULTS.debtConsolidation).newLoan,
      },
      {
        rule: "the headline example",
        actual: exampleCost(d.examples.headline),
        expected: loanCost({ amount: 50_000, months: 120, annualRatePercent: HEADLINE_APR }),
      },
    ]),
  )("%s", (_, c) => expect(c.actual).toEqual(c.expected));

  it("holds the rate table band for band, the same rate for each rated credit history", () => {
    expect(d.rateTable.map((b) => [b.maxLtv, b.maxLoan, b.rates.excellent, b.rates.good, b.rates.unsure])).toEqual(
      RATE_BANDS.map((b) => [b.maxLtv, b.maxLoan, b.rate, b.rate, b.rate]),
    );
  });

  it("gives the same indicative quote as the code's table", () => {
    for (const ltv of [10, 60, 60.01, 75, 85, 90, 95, 95.01]) {
      for (const amount of [10_000, 50_000, 75_001, 500_001, 1_000_001]) {
        expect(rateForLtv(ltv, amount, "good", d.rateTable)).toBe(
          RATE_BANDS.find((b) => ltv <= b.maxLtv && amount <= b.maxLoan)?.rate ?? null,
        );
      }
    }
  });

  it.each(
    byRule([
      { rule: "rates from the table's lowest: the headline 5.69%", actual: ratesFrom(d), expected: HEADLINE_APR },
      {
        rule: "bad credit's monthly rate means 0.0074166",
        actual: exampleMonthlyRate(d.examples.badCredit),
        expected: BAD_CREDIT_MONTHLY_RATE,
      },
      {
        rule: "an annual rate is itself",
        actual: exampleAnnualRate(d.examples.homeowner),
        expected: HOMEOWNER_CALCULATOR_APR,
      },
      {
        rule: "home improvement 7.74%",
        actual: d.examples.homeImprovement.ratePercent,
        expected: HOME_IMPROVEMENT_REPRESENTATIVE_APR,
      },
      { rule: "the defaults pass the check", actual: checkPromotion(d), expected: {} },
      { rule: "no claims without configuration", actual: d.claims, expected: { lenderPanel: null, rating: null } },
    ]),
  )("%s", (_, c) => expect(c.actual).toEqual(c.expected));
});

describe("a rate table by credit history", () => {
  it("quotes each history its own rate", () => {
    const table = changed((f) => {
      f.rateTable[0] = { maxLtv: 60, maxLoan: 1_000_000, rates: { excellent: 5.1, good: 5.5, unsure: 6.2 } };
    }).rateTable;
    const answers = {
      homeownerStatus: "mortgage" as const,
      loanAmount: 30_000,
      loanPurpose: "home-improvements" as const,
      propertyValue: 300_000,
      mortgageBalance: 100_000,
    };
    expect(indicativeQuote({ ...answers, creditHistory: "excellent" }, table)).toMatchObject({ rate: 5.1 });
    expect(indicativeQuote({ ...answers, creditHistory: "good" }, table)).toMatchObject({ rate: 5.5 });
    expect(indicativeQuote({ ...answers, creditHistory: "unsure" }, table)).toMatchObject({ rate: 6.2 });
    expect(indicativeQuote({ ...answers, creditHistory: "poor" }, table)).toMatchObject({ rate: null });
  });
});

describe("the check on a draft", () => {
  it.each(
    byRule([
      {
        rule: "an example without its amount is not complete",
        figures: changed((f) => {
          f.examples.headline.amount = Number.NaN;
        }),
        field: exampleField("headline", "amount"),
        says: "not complete",
      },
      {
        rule: "an example without its term is not complete",
        figures: changed((f) => {
          f.examples.schoolFees.months = Number.NaN;
        }),
        field: exampleField("schoolFees", "months"),
        says: "not complete",
      },
      {
        rule: "an example without its rate is not complete",
        figures: changed((f) => {
          f.examples.badCredit.ratePercent = Number.NaN;
        }),
        field: exampleField("badCredit", "ratePercent"),
        says: "not complete",
      },
      {
        rule: "an example amount below £10,000",
        figures: changed((f) => {
          f.examples.homeowner.amount = 9_999;
        }),
        field: exampleField("homeowner", "amount"),
        says: "£10,000",
      },
      {
        rule: "a term of 11 months",
        figures: changed((f) => {
          f.examples.homeowner.months = 11;
        }),
        field: exampleField("homeowner", "months"),
        says: "12 to 360",
      },
      {
        rule: "a fee the APR would have to include",
        figures: changed((f) => {
          f.examples.homeImprovement.fees = 995;
        }),
        field: exampleField("homeImprovement", "fees"),
        says: "without fees",
      },
      {
        rule: "an example rate below the table's lowest",
        figures: changed((f) => {
          f.examples.headline.ratePercent = 4.99;
        }),
        field: exampleField("headline", "ratePercent"),
        says: "lowest rate",
      },
      {
        rule: "a monthly rate above 50% a year",
        figures: changed((f) => {
          f.examples.badCredit.ratePercent = 4.2;
        }),
        field: exampleField("badCredit", "ratePercent"),
        says: "at most 50%",
      },
      {
        rule: "a band without its LTV is a gap",
        figures: changed((f) => {
          f.rateTable[2] = { ...f.rateTable[2]!, maxLtv: Number.NaN };
        }),
        field: rateTableField(2, "maxLtv"),
        says: "gap",
      },
      {
        rule: "a band without a credit history's rate is a gap",
        figures: changed((f) => {
          f.rateTable[3]!.rates.unsure = Number.NaN;
        }),
        field: rateTableField(3, "unsure"),
        says: "gap",
      },
      {
        rule: "a band whose LTV is not above the one before is out of order",
        figures: changed((f) => {
          f.rateTable[4] = { ...f.rateTable[4]!, maxLtv: 70 };
        }),
        field: rateTableField(4, "maxLtv"),
        says: "Out of order",
      },
      {
        rule: "an equal LTV is out of order too",
        figures: changed((f) => {
          f.rateTable[1] = { ...f.rateTable[1]!, maxLtv: 60 };
        }),
        field: rateTableField(1, "maxLtv"),
        says: "Out of order",
      },
      {
        rule: "a loan limit rising with LTV is out of order",
        figures: changed((f) => {
          f.rateTable[5] = { ...f.rateTable[5]!, maxLoan: 600_000 };
        }),
        field: rateTableField(5, "maxLoan"),
        says: "Out of order",
      },
      {
        rule: "an LTV above 100%",
        figures: changed((f) => {
          f.rateTable[6] = { ...f.rateTable[6]!, maxLtv: 101 };
        }),
        field: rateTableField(6, "maxLtv"),
        says: "at most 100%",
      },
      {
        rule: "a rate of 0",
        figures: changed((f) => {
          f.rateTable[6]!.rates.good = 0;
        }),
        field: rateTableField(6, "good"),
        says: "above 0",
      },
      {
        rule: "an empty table",
        figures: changed((f) => {
          f.rateTable = [];
        }),
        field: rateTableField(0, "maxLtv"),
        says: "at least one band",
      },
      {
        rule: "a panel size without its source",
        figures: changed((f) => {
          f.claims.lenderPanel = { size: "20+", source: " " };
        }),
        field: CLAIM_FIELDS.panelSource,
        says: "needs its source",
      },
      {
        rule: "a rating without its review site",
        figures: changed((f) => {
          f.claims.rating = { score: "4.8", count: 120, site: "", url: "https://example.com/r", date: "November 2026" };
        }),
        field: CLAIM_FIELDS.ratingSite,
        says: "needs its source",
      },
      {
        rule: "a rating without its address",
        figures: changed((f) => {
          f.claims.rating = { score: "4.8", count: 120, site: "Trustpilot", url: "", date: "November 2026" };
        }),
        field: CLAIM_FIELDS.ratingUrl,
        says: "needs its source",
      },
      {
        rule: "a rating out of 10",
        figures: changed((f) => {
          f.claims.rating = {
            score: "9.2",
            count: 120,
            site: "Trustpilot",
            url: "https://example.com/r",
            date: "2026",
          };
        }),
        field: CLAIM_FIELDS.ratingScore,
        says: "out of 5",
      },
      {
        rule: "a panel source longer than 300 characters",
        figures: changed((f) => {
          f.claims.lenderPanel = { size: "20+", source: "s".repeat(301) };
        }),
        field: CLAIM_FIELDS.panelSource,
        says: "At most 300 characters",
      },
      {
        rule: "a panel size longer than 20 characters",
        figures: changed((f) => {
          f.claims.lenderPanel = { size: "2".repeat(21), source: "Our panel list" };
        }),
        field: CLAIM_FIELDS.panelSize,
        says: "At most 20 characters",
      },
      {
        rule: "a review site's name longer than 100 characters",
        figures: changed((f) => {
          f.claims.rating = { ...rating(), site: "T".repeat(101) };
        }),
        field: CLAIM_FIELDS.ratingSite,
        says: "At most 100 characters",
      },
      {
        rule: "a review page's address longer than 2,048 characters",
        figures: changed((f) => {
          f.claims.rating = { ...rating(), url: `https://example.com/${"r".repeat(2_048 - 19)}` };
        }),
        field: CLAIM_FIELDS.ratingUrl,
        says: "At most 2,048 characters",
      },
      {
        rule: "when the rating was read, longer than 50 characters",
        figures: changed((f) => {
          f.claims.rating = { ...rating(), date: "N".repeat(51) };
        }),
        field: CLAIM_FIELDS.ratingDate,
        says: "At most 50 characters",
      },
      {
        rule: "a 20,000-character source, as a person could paste it",
        figures: changed((f) => {
          f.claims.lenderPanel = { size: "20+", source: "s".repeat(20_000) };
        }),
        field: CLAIM_FIELDS.panelSource,
        says: "At most 300 characters",
      },
    ]),
  )("%s", (_, c) => {
    const errors = checkPromotion(c.figures);
    expect(Object.keys(errors)).toEqual([c.field]);
    expect(errors[c.field]).toContain(c.says);
  });

  it("takes each claim's words up to their limit, the limit the form's fields carry", () => {
    const figures = changed((f) => {
      f.claims.lenderPanel = { size: "2".repeat(20), source: "s".repeat(300) };
      f.claims.rating = {
        ...rating(),
        site: "T".repeat(100),
        url: `https://example.com/${"r".repeat(2_048 - 20)}`,
        date: "N".repeat(50),
      };
    });
    expect(figures.claims.rating?.url).toHaveLength(2_048);
    expect(checkPromotion(figures)).toEqual({});
    expect(CLAIM_MAX_LENGTHS).toEqual({
      [CLAIM_FIELDS.panelSize]: 20,
      [CLAIM_FIELDS.panelSource]: 300,
      [CLAIM_FIELDS.ratingSite]: 100,
      [CLAIM_FIELDS.ratingUrl]: 2_048,
      [CLAIM_FIELDS.ratingDate]: 50,
    });
  });

  it("passes a complete change: a new rate, a new example, claims with their sources", () => {
    const figures = changed((f) => {
      f.rateTable[0]!.rates.excellent = 5.49;
      f.examples.headline = { amount: 40_000, months: 180, ratePercent: 5.49, rateBasis: "annual", fees: 0 };
      f.claims.lenderPanel = { size: "20+", source: "Our panel list, November 2026" };
      f.claims.rating = {
        score: "4.8",
        count: 1234,
        site: "Trustpilot",
        url: "https://example.com/r",
        date: "November 2026",
      };
    });
    expect(checkPromotion(figures)).toEqual({});
    expect(isPromotionFigures(figures)).toBe(true);
  });
});

describe("the form's fields", () => {
  it("read back to the same figures", () => {
    const figures = changed((f) => {
      f.claims.lenderPanel = { size: "20+", source: "Our panel list" };
    });
    const values = promotionFieldValues(figures);
    expect(promotionFromFields((name) => values[name])).toEqual(figures);
  });

  it.each(
    byRule([
      { rule: "a blank row is no band", name: rateTableField(7, "maxLtv"), text: "", bands: 7 },
      { rule: "a row with one figure is a band with gaps", name: rateTableField(7, "maxLtv"), text: "98", bands: 8 },
    ]),
  )("%s", (_, c) => {
    const values = { ...promotionFieldValues(base()), [c.name]: c.text };
    expect(promotionFromFields((name) => values[name]).rateTable).toHaveLength(c.bands);
  });

  it("reads commas and a percent sign, and anything else as no number", () => {
    const values = {
      ...promotionFieldValues(base()),
      [exampleField("headline", "amount")]: "£45,000",
      [exampleField("headline", "ratePercent")]: "5.79%",
      [exampleField("headline", "months")]: "ten years",
    };
    const { headline } = promotionFromFields((name) => values[name]).examples;
    expect(headline.amount).toBe(45_000);
    expect(headline.ratePercent).toBe(5.79);
    expect(headline.months).toBeNaN();
  });

  it("refuses stored JSON that is not a set of figures", () => {
    expect(isPromotionFigures(null)).toBe(false);
    expect(isPromotionFigures({ rateTable: [], examples: {}, claims: {} })).toBe(false);
  });
});

describe("which pages a change touches", () => {
  const page = (figures: PromotionFigures) =>
    pagesTouched(base(), figures).map((p) => [p.path, p.changed.join(" ")] as const);

  it.each(
    byRule([
      { rule: "no change touches nothing", figures: base(), pages: [] as (readonly [string, string])[] },
      {
        rule: "the school fees example touches its page alone",
        figures: changed((f) => {
          f.examples.schoolFees.ratePercent = 5.99;
        }),
        pages: [["/school-fees-loan", "example"]],
      },
      {
        rule: "a rate in the table touches the two checks that quote from it",
        figures: changed((f) => {
          f.rateTable[3]!.rates.good = 6.99;
        }),
        pages: [
          ["/apply", "rate-table"],
          ["/apply-personal", "rate-table"],
        ],
      },
      {
        rule: "the lowest rate touches every page that says 'rates from'",
        figures: changed((f) => {
          f.rateTable[0]!.rates.excellent = 5.49;
        }),
        pages: [
          ["/", "rates-from"],
          ["/loans", "rates-from"],
          ["/secured-homeowner-loan", "rates-from"],
          ["/bad-credit-homeowner-loan", "rates-from"],
          ["/school-fees-loan", "rates-from"],
          ["/home-improvement-loan", "rates-from"],
          ["/debt-consolidation", "rates-from"],
          ["/apply", "rate-table"],
          ["/apply-personal", "rate-table"],
        ],
      },
      {
        rule: "a claim touches the pages that print claims",
        figures: changed((f) => {
          f.claims.lenderPanel = { size: "20+", source: "Our panel list" };
        }),
        pages: [
          ["/", "claims"],
          ["/homeowner-loan-calculator", "claims"],
          ["/apply", "claims"],
          ["/about-us", "claims"],
        ],
      },
      {
        rule: "the headline example touches every page printing it",
        figures: changed((f) => {
          f.examples.headline.amount = 40_000;
        }),
        pages: [
          ["/", "example"],
          ["/loans", "example"],
          ["/secured-homeowner-loan", "example"],
          ["/apply", "example"],
          ["/apply-personal", "example"],
          ["/about-us", "example"],
        ],
      },
    ]),
  )("%s", (_, c) => expect(page(c.figures)).toEqual(c.pages));

  it("computes each page's example before and after with the finance module", () => {
    const after = changed((f) => {
      f.examples.homeowner.ratePercent = 6.25;
    });
    const [touched] = pagesTouched(base(), after);
    expect(touched?.path).toBe("/homeowner-loan-calculator");
    expect(touched?.before).toEqual(representativeExample({ amount: 75_000, months: 180, annualRatePercent: 5.9 }));
    expect(touched?.after).toEqual(representativeExample({ amount: 75_000, months: 180, annualRatePercent: 6.25 }));
    expect(touched?.after.monthlyPayment).toBeGreaterThan(touched?.before.monthlyPayment ?? 0);
  });

  it("names every example key on some page", () => {
    for (const key of EXAMPLE_KEYS) expect(PROMOTED_PAGES.some((p) => p.example === key)).toBe(true);
  });
});

describe("when a draft asks to go live", () => {
  const utc = (day: string, minutes: number) =>
    new Date(
      `${day}T${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}:00Z`,
    );
  const now = new Date("2027-02-27T12:00:00Z");
  it.each(
    byRule([
      { rule: "both empty: on approval", day: "", time: "", expected: { ok: true, at: null } },
      {
        rule: "the 1st of the month at midnight",
        day: "2027-03-01",
        time: "00:00",
        expected: { ok: true, at: new Date("2027-03-01T00:00:00Z") },
      },
      { rule: "a day without a time", day: "2027-03-01", time: "", expected: { ok: false, error: PUBLISH_AT_INVALID } },
      {
        rule: "a day that is not one",
        day: "2027-02-30",
        time: "09:00",
        expected: { ok: false, error: PUBLISH_AT_INVALID },
      },
      {
        rule: "a time that is not one",
        day: "2027-03-01",
        time: "24:00",
        expected: { ok: false, error: PUBLISH_AT_INVALID },
      },
      {
        rule: "a moment already past",
        day: "2027-02-27",
        time: "11:59",
        expected: { ok: false, error: PUBLISH_AT_INVALID },
      },
      { rule: "now itself", day: "2027-02-27", time: "12:00", expected: { ok: false, error: PUBLISH_AT_INVALID } },
    ]),
  )("%s", (_, c) => expect(readPublishAt(c.day, c.time, now, utc)).toEqual(c.expected));

  it("reads a moment for the record", () => {
    expect(readUkMoment("2027-03-03", "10:00", utc)).toEqual(new Date("2027-03-03T10:00:00Z"));
    expect(readUkMoment("3 March", "10:00", utc)).toBeNull();
  });
});

describe("a draft whose base is no longer the live version", () => {
  it.each(
    byRule([
      { rule: "drafted on the live version: approved as it is", basedOn: 2, live: 2, ticked: null, refused: false },
      {
        rule: "drafted on the code's figures, none live yet: approved as it is",
        basedOn: null,
        live: null,
        ticked: null,
        refused: false,
      },
      {
        rule: "drafted on version 1 with version 2 live, not confirmed: refused",
        basedOn: 1,
        live: 2,
        ticked: null,
        refused: true,
      },
      {
        rule: "drafted on version 1 with version 2 live, confirmed for version 2: approved",
        basedOn: 1,
        live: 2,
        ticked: "2",
        refused: false,
      },
      {
        rule: "confirmed for version 2 when version 3 went live since: refused, naming version 3",
        basedOn: 1,
        live: 3,
        ticked: "2",
        refused: true,
      },
      {
        rule: "a tick box sent without its value is no confirmation",
        basedOn: 1,
        live: 2,
        ticked: "on",
        refused: true,
      },
      {
        rule: "drafted on the code's figures with version 2 live, not confirmed: refused",
        basedOn: null,
        live: 2,
        ticked: "",
        refused: true,
      },
    ]),
  )("%s", (_, c) => {
    expect(staleBase(c.basedOn, c.live) === null).toBe(c.basedOn === c.live);
    const refusal = replacesLiveRefusal(c.basedOn, c.live, c.ticked);
    if (!c.refused) expect(refusal).toBeNull();
    else {
      expect(refusal).toContain(`replaces version ${c.live}, live now`);
      expect(refusal).toContain("send it back");
    }
  });

  it("names the versions it is between, and the tick box's value is the live version", () => {
    expect(staleBase(1, 2)).toEqual({ draftedOn: 1, live: 2 });
    expect(staleBase(null, 2)).toEqual({ draftedOn: null, live: 2 });
    expect(replacesLiveValue(2)).toBe("2");
    expect(REPLACES_LIVE_FIELD).toBe("replacesLive");
  });

  it("reads the base the draft form posted: a version number, or the code's figures", () => {
    expect(readBasedOn("12")).toBe(12);
    expect(readBasedOn(" 12 ")).toBe(12);
    expect(readBasedOn("")).toBeNull();
    expect(readBasedOn("twelve")).toBeNull();
    expect(readBasedOn("1e3")).toBeNull();
    expect(readBasedOn("9".repeat(16))).toBeNull();
  });
});
