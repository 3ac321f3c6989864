import { describe, expect, it } from "vitest";
import {
  CORRECTABLE_FIELDS,
  changesBetween,
  correctionTitle,
  correctionValueText,
  readCorrection,
} from "./lead-corrections";
import * as m from "./messages";

// Corrections (DECISIONS D29): which fields each kind of lead may have corrected, each
// read by the borrower's own form's schema and messages, and the changes in the forms' words.

const QUOTE = {
  firstName: "Jane",
  lastName: "Smith",
  email: "jane.smith@example.com",
  phone: "07700 900123",
  loanPurpose: "debt-consolidation",
  homeownerStatus: "mortgage",
  creditHistory: "good",
  loanAmount: 50_000,
  propertyValue: 250_000,
  mortgageBalance: 100_000,
  monthlyIncome: 4_000,
  age: null,
  employmentStatus: "employed-full-time",
};
const ENQUIRY = {
  loanType: "homeowner",
  loanAmount: 40_000,
  homeownerStatus: "mortgage",
  loanPurpose: "home-improvements",
  monthlyIncome: 3_500,
  employmentStatus: "self-employed",
  creditHistory: "fair",
  propertyValue: 300_000,
  mortgageBalance: 120_000,
  age: null,
  firstName: "Sam",
  lastName: "Jones",
  email: "sam@example.com",
  phone: "07700 900456",
};
const CONTACT = {
  name: "Pat Lee",
  email: "pat@example.com",
  phone: "07700 900789",
  subject: "My loan",
  message: "Please call me back about it.",
};

const posting = (fields: Record<string, string>) => (name: string) => fields[name] ?? null;

describe("which fields each kind of lead may have corrected", () => {
  it.each([
    [
      "quote",
      [
        "firstName",
        "lastName",
        "email",
        "phone",
        "loanPurpose",
        "homeownerStatus",
        "creditHistory",
        "loanAmount",
        "propertyValue",
        "mortgageBalance",
        "monthlyIncome",
        "age",
        "employmentStatus",
      ],
    ],
    [
      "personal-enquiry",
      [
        "firstName",
        "lastName",
        "email",
        "phone",
        "loanAmount",
        "homeownerStatus",
        "loanPurpose",
        "monthlyIncome",
        "employmentStatus",
        "creditHistory",
        "propertyValue",
        "mortgageBalance",
        "age",
      ],
    ],
    ["contact", ["name", "email", "phone"]],
  ] as const)("%s: %j", (kind, fields) => {
    expect(CORRECTABLE_FIELDS[kind].map((f) => f.field)).toEqual(fields);
  });
});

describe("a correction is read by the form's own schema and messages", () => {
  it.each([
    ["quote", QUOTE, { phone: "0123" }, { phone: m.UK_PHONE_INVALID }],
    ["quote", QUOTE, { phone: "" }, { phone: m.PHONE_REQUIRED }],
    ["quote", QUOTE, { email: "jane@" }, { email: m.EMAIL_INVALID }],
    ["quote", QUOTE, { propertyValue: "40000" }, { propertyValue: m.PROPERTY_VALUE_TOO_LOW }],
    ["quote", QUOTE, { loanAmount: "" }, { loanAmount: m.LOAN_AMOUNT_REQUIRED }],
    ["quote", QUOTE, { firstName: " " }, { firstName: m.FIRST_NAME_REQUIRED }],
    ["quote", QUOTE, { loanPurpose: "yacht" }, { loanPurpose: m.LOAN_PURPOSE_REQUIRED }],
    ["personal-enquiry", ENQUIRY, { propertyValue: "" }, { propertyValue: m.PROPERTY_VALUE_REQUIRED }],
    ["personal-enquiry", ENQUIRY, { monthlyIncome: "" }, { monthlyIncome: m.MONTHLY_INCOME_REQUIRED }],
    ["contact", CONTACT, { name: "P" }, { name: m.CONTACT_NAME_TOO_SHORT }],
    ["contact", CONTACT, { phone: "123" }, { phone: m.CONTACT_PHONE_INVALID }],
  ] as const)("%s %j refused: %j", (kind, row, fields, problems) => {
    const read = readCorrection(kind, row, posting(fields));
    expect(read).toMatchObject({ ok: false, problems });
    // What was typed comes back to the form, the rest as stored.
    if (!read.ok) expect(read.values).toMatchObject(fields);
  });

  it.each([
    [
      "quote",
      QUOTE,
      { phone: "07700 900999", propertyValue: "£300,000" },
      { phone: "07700 900999", property_value: 300_000 },
    ],
    ["personal-enquiry", ENQUIRY, { loanAmount: "45,000" }, { loanAmount: 45_000, phone: "07700 900456" }],
    ["contact", CONTACT, { email: " pat.lee@example.com " }, { email: "pat.lee@example.com", name: "Pat Lee" }],
  ] as const)("%s %j accepted", (kind, row, fields, answers) => {
    expect(readCorrection(kind, row, posting(fields))).toMatchObject({ ok: true, value: answers });
  });

  it("keeps every field not posted as stored", () => {
    const read = readCorrection("quote", QUOTE, posting({}));
    expect(read).toMatchObject({
      ok: true,
      value: { loan_amount: 50_000, property_value: 250_000, phone: "07700 900123" },
    });
  });
});

describe("the changes, in the forms' words", () => {
  it("lists only the fields that differ, in the form's order", () => {
    expect(changesBetween("quote", QUOTE, { ...QUOTE, propertyValue: 300_000, phone: "07700 900999" })).toEqual([
      { field: "phone", from: "07700 900123", to: "07700 900999" },
      { field: "propertyValue", from: 250_000, to: 300_000 },
    ]);
    expect(changesBetween("contact", CONTACT, CONTACT)).toEqual([]);
  });

  it.each([
    ["quote", "propertyValue", 300_000, "£300,000"],
    ["quote", "loanPurpose", "debt-consolidation", "Debt consolidation"],
    ["quote", "monthlyIncome", null, "Not given"],
    ["contact", "phone", "07700 900789", "07700 900789"],
  ] as const)("%s %s %j reads %j", (kind, field, value, text) => {
    expect(correctionValueText(kind, field, value)).toBe(text);
  });

  it.each([
    [[{ field: "phone", from: "a", to: "b" }], "Phone corrected"],
    [
      [
        { field: "phone", from: "a", to: "b" },
        { field: "propertyValue", from: 1, to: 2 },
      ],
      "Phone and property value corrected",
    ],
    [
      [
        { field: "email", from: "a", to: "b" },
        { field: "phone", from: "a", to: "b" },
        { field: "name", from: "a", to: "b" },
      ],
      "Email, phone and name corrected",
    ],
  ])("%j is %j", (changes, title) => {
    expect(correctionTitle(changes)).toBe(title);
  });
});
