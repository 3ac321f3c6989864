import { describe, expect, it } from "vitest";
import {
  AGE_BANDS,
  BAD_CREDIT_AMOUNTS,
  BAD_CREDIT_TERMS_YEARS,
  CREDIT_HISTORIES,
  EMPLOYMENT_STATUSES,
  FEATURED_PURPOSES,
  HOME_IMPROVEMENT_PROJECT_TYPES,
  HOME_IMPROVEMENT_TERMS_YEARS,
  HOMEOWNER_STATUSES,
  LOAN_PURPOSES,
  PROMOTED_PURPOSES,
  QUICK_AGE_BANDS,
  QUICK_CREDIT_HISTORIES,
  QUICK_EMPLOYMENT_STATUSES,
  QUICK_LOAN_PURPOSES,
  QUICK_LOAN_TYPES,
  RESIDENTIAL_STATUSES,
  SCHOOLS,
  SECURED_CALCULATOR_TERMS_YEARS,
  type School,
  type SchoolYearGroup,
  isOptionValue,
  optionLabel,
  optionValues,
  schoolFee,
} from "./options";
import { byRule } from "../../tests/support/by-rule";

const labels = (options: readonly { label: string }[]) => options.map((o) => o.label);

// Lists checked against literals: each literal is the spec's own (its section 3 fields
// and labels, its section 1 purposes, its school fee table), which the forms must show
// word for word; a value the spec does not name is checked by what the code does with it.
describe("enumerations (spec section 3)", () => {
  it.each(
    byRule([
      {
        rule: "homeowner status values mortgage, outright, tenant",
        actual: optionValues(HOMEOWNER_STATUSES),
        expected: ["mortgage", "outright", "tenant"],
      },
      {
        rule: "homeowner status labels",
        actual: labels(HOMEOWNER_STATUSES),
        expected: ["Homeowner with mortgage", "Homeowner (no mortgage)", "Tenant / renting"],
      },
      {
        rule: "main form loan purposes",
        actual: labels(LOAN_PURPOSES),
        expected: ["Home improvements", "Debt consolidation", "Property purchase", "Business purposes", "Other"],
      },
      {
        rule: "quick form loan purposes: no Business purposes",
        actual: labels(QUICK_LOAN_PURPOSES),
        expected: ["Home improvements", "Debt consolidation", "Property purchase", "Other"],
      },
      {
        rule: "main form employment wording",
        actual: labels(EMPLOYMENT_STATUSES),
        expected: ["Employed full-time", "Employed part-time", "Self-employed", "Retired", "Unemployed", "Student"],
      },
      {
        rule: "quick form employment wording",
        actual: labels(QUICK_EMPLOYMENT_STATUSES),
        expected: ["Employed full time", "Employed part time", "Self employed", "Retired"],
      },
      {
        rule: "credit history values",
        actual: optionValues(CREDIT_HISTORIES),
        expected: ["excellent", "good", "fair", "poor", "unsure"],
      },
      {
        rule: "quick form labels unsure 'Not sure'",
        actual: optionLabel(QUICK_CREDIT_HISTORIES, "unsure"),
        expected: "Not sure",
      },
      {
        rule: "main age bands",
        actual: optionValues(AGE_BANDS),
        expected: ["under-50", "50-60", "61-70", "71-80", "over-80"],
      },
      {
        rule: "main age band labels",
        actual: labels(AGE_BANDS),
        expected: ["Under 50", "50 – 60", "61 – 70", "71 – 80", "Over 80"],
      },
      { rule: "quick age bands", actual: optionValues(QUICK_AGE_BANDS), expected: ["under-50", "50-65", "over-65"] },
      {
        rule: "quick loan types",
        actual: optionValues(QUICK_LOAN_TYPES),
        expected: ["personal", "homeowner", "bridging", "business"],
      },
      {
        rule: "residential statuses",
        actual: optionValues(RESIDENTIAL_STATUSES),
        expected: ["homeowner-mortgage", "homeowner-outright", "council-tenant", "living-with-parents"],
      },
      {
        rule: "secured calculator terms 5–25 years",
        actual: [...SECURED_CALCULATOR_TERMS_YEARS],
        expected: [5, 10, 15, 20, 25],
      },
      {
        rule: "bad credit amount options",
        actual: [...BAD_CREDIT_AMOUNTS],
        expected: [10_000, 15_000, 20_000, 25_000, 30_000, 40_000, 50_000, 75_000, 100_000],
      },
      { rule: "bad credit term options", actual: [...BAD_CREDIT_TERMS_YEARS], expected: [5, 10, 15, 20, 25] },
      {
        rule: "home improvement terms 5 to 24 years",
        actual: [...HOME_IMPROVEMENT_TERMS_YEARS],
        expected: Array.from({ length: 20 }, (_, i) => i + 5),
      },
      {
        rule: "home improvement project types",
        actual: labels(HOME_IMPROVEMENT_PROJECT_TYPES),
        expected: [
          "Kitchen renovation",
          "Bathroom renovation",
          "Loft conversion",
          "Extension",
          "New roof",
          "Central heating",
          "Windows and doors",
          "Garden improvements",
          "Driveway",
          "General renovations",
        ],
      },
    ]),
  )("%s", (_rule, { actual, expected }) => {
    expect(actual).toEqual(expected);
  });

  it.each(
    byRule([
      { rule: "optionLabel finds a label", value: "tenant", expected: "Tenant / renting" },
      { rule: "optionLabel falls back to a retired value", value: "retired-value", expected: "retired-value" },
      { rule: "optionLabel of nothing is empty", value: undefined, expected: "" },
    ]),
  )("%s", (_rule, { value, expected }) => {
    expect(optionLabel(HOMEOWNER_STATUSES, value)).toBe(expected);
  });

  it.each(
    byRule([
      { rule: "isOptionValue accepts a listed value", value: "outright", expected: true },
      { rule: "isOptionValue rejects a label", value: "Homeowner (no mortgage)", expected: false },
      { rule: "isOptionValue rejects a non-string", value: 1, expected: false },
    ]),
  )("%s", (_rule, { value, expected }) => {
    expect(isOptionValue(HOMEOWNER_STATUSES, value)).toBe(expected);
  });
});

describe("school fee table (spec section 3)", () => {
  it.each(
    byRule([
      { rule: "Eton College secondary 49,194", school: "eton-college", year: "secondary", fee: 49_194 },
      { rule: "Winchester College secondary 47,760", school: "winchester-college", year: "secondary", fee: 47_760 },
      { rule: "Westminster School secondary 47,000", school: "westminster-school", year: "secondary", fee: 47_000 },
      { rule: "St Paul's School secondary 44,000", school: "st-pauls-school", year: "secondary", fee: 44_000 },
      { rule: "Charterhouse School secondary 42,000", school: "charterhouse-school", year: "secondary", fee: 42_000 },
      { rule: "secondary-only schools have 0 for nursery", school: "eton-college", year: "nursery", fee: 0 },
      { rule: "secondary-only schools have 0 for reception", school: "winchester-college", year: "reception", fee: 0 },
      { rule: "secondary-only schools have 0 for primary", school: "charterhouse-school", year: "primary", fee: 0 },
      { rule: "Brighton College nursery 8,500", school: "brighton-college", year: "nursery", fee: 8_500 },
      { rule: "Brighton College reception 15,000", school: "brighton-college", year: "reception", fee: 15_000 },
      { rule: "Brighton College primary 20,000", school: "brighton-college", year: "primary", fee: 20_000 },
      { rule: "Brighton College secondary 38,000", school: "brighton-college", year: "secondary", fee: 38_000 },
      { rule: "Dulwich College nursery 9,000", school: "dulwich-college", year: "nursery", fee: 9_000 },
      { rule: "Dulwich College reception 16,000", school: "dulwich-college", year: "reception", fee: 16_000 },
      { rule: "Dulwich College primary 22,000", school: "dulwich-college", year: "primary", fee: 22_000 },
      { rule: "Dulwich College secondary 35,000", school: "dulwich-college", year: "secondary", fee: 35_000 },
      { rule: "King's College School nursery 8,000", school: "kings-college-school", year: "nursery", fee: 8_000 },
      {
        rule: "King's College School reception 14,500",
        school: "kings-college-school",
        year: "reception",
        fee: 14_500,
      },
      { rule: "King's College School primary 19,500", school: "kings-college-school", year: "primary", fee: 19_500 },
      {
        rule: "King's College School secondary 33,000",
        school: "kings-college-school",
        year: "secondary",
        fee: 33_000,
      },
      { rule: "Other is 0 for every year group", school: "other", year: "secondary", fee: 0 },
    ] as { rule: string; school: School; year: SchoolYearGroup; fee: number }[]),
  )("%s", (_rule, { school, year, fee }) => {
    expect(schoolFee(school, year)).toBe(fee);
  });

  it("lists the nine schools of the spec, Other last", () => {
    expect(labels(SCHOOLS)).toEqual([
      "Eton College",
      "Winchester College",
      "Westminster School",
      "St Paul's School",
      "Charterhouse School",
      "Brighton College",
      "Dulwich College",
      "King's College School",
      "Other",
    ]);
  });
});

describe("promoted loan purposes (spec section 1)", () => {
  it("all nine spec purposes are kept as data", () => {
    expect(PROMOTED_PURPOSES.map((p) => p.title)).toEqual([
      "Debt consolidation",
      "Home improvements and extensions",
      "School and university fees",
      "Property deposit or purchase",
      "Car or vehicle purchase",
      "Wedding expenses",
      "Holiday funding",
      "Business investment",
      "Tax bills or unexpected costs",
    ]);
  });

  it("the pages' eight are all but holiday funding", () => {
    expect(FEATURED_PURPOSES).toHaveLength(8);
    expect(FEATURED_PURPOSES.map((p) => p.value)).not.toContain("holiday");
  });
});
