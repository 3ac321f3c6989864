import { describe, expect, it } from "vitest";
import { type FieldError, contactSchema, enquirySchema, issuesToFieldErrors, quoteSchema } from "./schemas";
import { byRule } from "../../tests/support/by-rule";

type Schema = typeof quoteSchema | typeof enquirySchema | typeof contactSchema;

function errorsOf(schema: Schema, input: unknown): FieldError[] {
  const result = schema.safeParse(input);
  return result.success ? [] : issuesToFieldErrors(result.error);
}

const quote = {
  email: "jane@example.com",
  first_name: "Jane",
  last_name: "Doe",
  phone: "07123 456789",
  loan_purpose: "home-improvements",
  homeowner_status: "mortgage",
  credit_history: "good",
  loan_amount: 50_000,
  property_value: 300_000,
  mortgage_balance: 100_000,
  monthly_income: 4_000,
  age: undefined,
  employment_status: "employed-full-time",
  ltv_ratio: 50,
  indicative_rate: 5.69,
  monthly_payment: 959.45,
  landing_page_url: "https://example.com/",
  consent: true,
};

describe("quoteSchema (spec section 5 'Schema on submit')", () => {
  it("accepts a complete quote, defaults mortgage_balance to 0 and strips unknown keys", () => {
    const { mortgage_balance: _, ...rest } = quote;
    const result = quoteSchema.safeParse({ ...rest, website: "bot", first_name: "  Jane " });
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({ mortgage_balance: 0, first_name: "Jane" });
    expect(result.data).not.toHaveProperty("website");
  });

  it.each(
    byRule([
      {
        rule: "email invalid → 'Please enter a valid email address'",
        patch: { email: "jane@example" },
        error: { path: "email", message: "Please enter a valid email address" },
      },
      {
        rule: "email missing → 'Please enter a valid email address'",
        patch: { email: undefined },
        error: { path: "email", message: "Please enter a valid email address" },
      },
      {
        rule: "first_name empty → 'First name is required'",
        patch: { first_name: "  " },
        error: { path: "first_name", message: "First name is required" },
      },
      {
        rule: "first_name missing → 'First name is required'",
        patch: { first_name: undefined },
        error: { path: "first_name", message: "First name is required" },
      },
      {
        rule: "first_name over 255 → too long (ours)",
        patch: { first_name: "a".repeat(256) },
        error: { path: "first_name", message: "First name must be 255 characters or fewer" },
      },
      {
        rule: "last_name empty → 'Last name is required'",
        patch: { last_name: "" },
        error: { path: "last_name", message: "Last name is required" },
      },
      {
        rule: "last_name over 255 → too long (ours)",
        patch: { last_name: "a".repeat(256) },
        error: { path: "last_name", message: "Last name must be 255 characters or fewer" },
      },
      {
        rule: "phone empty → 'Phone number is required' only",
        patch: { phone: "" },
        error: { path: "phone", message: "Phone number is required" },
      },
      {
        rule: "phone missing → 'Phone number is required'",
        patch: { phone: undefined },
        error: { path: "phone", message: "Phone number is required" },
      },
      {
        rule: "phone not UK → 'Please enter a valid UK phone number'",
        patch: { phone: "+1 555 123 4567" },
        error: { path: "phone", message: "Please enter a valid UK phone number" },
      },
      {
        rule: "loan_purpose missing → 'Loan purpose is required'",
        patch: { loan_purpose: undefined },
        error: { path: "loan_purpose", message: "Loan purpose is required" },
      },
      {
        rule: "loan_purpose not an option → 'Loan purpose is required'",
        patch: { loan_purpose: "Holiday" },
        error: { path: "loan_purpose", message: "Loan purpose is required" },
      },
      {
        rule: "homeowner_status missing → 'Homeowner status is required'",
        patch: { homeowner_status: "" },
        error: { path: "homeowner_status", message: "Homeowner status is required" },
      },
      {
        rule: "credit_history missing → 'Credit history is required'",
        patch: { credit_history: undefined },
        error: { path: "credit_history", message: "Credit history is required" },
      },
      {
        rule: "loan_amount £9,999 → 'Minimum loan amount is £10,000'",
        patch: { loan_amount: 9_999 },
        error: { path: "loan_amount", message: "Minimum loan amount is £10,000" },
      },
      {
        rule: "loan_amount £2,500,001 → over the maximum",
        patch: { loan_amount: 2_500_001 },
        error: { path: "loan_amount", message: "Maximum loan amount is £2,500,000" },
      },
      {
        rule: "loan_amount must be an integer",
        patch: { loan_amount: 10_000.5 },
        error: { path: "loan_amount", message: "Please enter a whole number of pounds" },
      },
      {
        rule: "loan_amount missing → required",
        patch: { loan_amount: undefined },
        error: { path: "loan_amount", message: "Loan amount is required" },
      },
      {
        rule: "loan_amount as text is refused",
        patch: { loan_amount: "50000" },
        error: { path: "loan_amount", message: "Loan amount is required" },
      },
      {
        rule: "property_value £49,999 → 'Minimum property value is £50,000'",
        patch: { property_value: 49_999 },
        error: { path: "property_value", message: "Minimum property value is £50,000" },
      },
      {
        rule: "property_value missing → required (D3: everyone has one)",
        patch: { property_value: undefined },
        error: { path: "property_value", message: "Property value is required" },
      },
      {
        rule: "mortgage_balance below 0 → refused",
        patch: { mortgage_balance: -1 },
        error: { path: "mortgage_balance", message: "Amount cannot be negative" },
      },
      {
        rule: "monthly_income below 0 → refused",
        patch: { monthly_income: -1 },
        error: { path: "monthly_income", message: "Amount cannot be negative" },
      },
      {
        rule: "monthly_income must be an integer",
        patch: { monthly_income: 100.5 },
        error: { path: "monthly_income", message: "Please enter a whole number of pounds" },
      },
      {
        rule: "consent false → 'You must agree to the terms'",
        patch: { consent: false },
        error: { path: "consent", message: "You must agree to the terms" },
      },
      {
        rule: "consent missing → 'You must agree to the terms'",
        patch: { consent: undefined },
        error: { path: "consent", message: "You must agree to the terms" },
      },
      {
        rule: "age must be a main-form age band",
        patch: { age: "50-65" },
        error: { path: "age", message: "Please select an age range from the list" },
      },
      {
        rule: "employment_status must be a main-form option",
        patch: { employment_status: "Employed full-time" },
        error: { path: "employment_status", message: "Please select an employment status from the list" },
      },
      {
        rule: "landing_page_url over 2048 → refused",
        patch: { landing_page_url: `https://x.co/${"a".repeat(2040)}` },
        error: { path: "landing_page_url", message: "Landing page address is too long" },
      },
    ]),
  )("%s", (_rule, { patch, error }) => {
    expect(errorsOf(quoteSchema, { ...quote, ...patch })).toEqual([error]);
  });

  it.each(
    byRule([
      { rule: "loan_amount £10,000 accepted", patch: { loan_amount: 10_000 } },
      { rule: "loan_amount £2,500,000 accepted", patch: { loan_amount: 2_500_000 } },
      { rule: "property_value £50,000 accepted", patch: { property_value: 50_000 } },
      { rule: "mortgage_balance 0 accepted", patch: { mortgage_balance: 0 } },
      { rule: "monthly_income 0 accepted", patch: { monthly_income: 0 } },
      { rule: "monthly_income optional", patch: { monthly_income: undefined } },
      { rule: "age optional; main-form band accepted", patch: { age: "61-70" } },
      { rule: "employment_status optional", patch: { employment_status: undefined } },
      { rule: "landing_page_url optional", patch: { landing_page_url: undefined } },
      {
        rule: "ltv_ratio, indicative_rate and monthly_payment may be null (no rate)",
        patch: { ltv_ratio: null, indicative_rate: null, monthly_payment: null },
      },
      { rule: "tenant accepted as homeowner_status", patch: { homeowner_status: "tenant" } },
      { rule: "landline phone accepted", patch: { phone: "(020) 7946 0958" } },
      { rule: "first_name of 255 characters accepted", patch: { first_name: "a".repeat(255) } },
    ]),
  )("%s", (_rule, { patch }) => {
    expect(errorsOf(quoteSchema, { ...quote, ...patch })).toEqual([]);
  });

  it("lists every failing field at once for the 'Validation Error' toast", () => {
    expect(errorsOf(quoteSchema, {}).map((e) => e.path)).toEqual([
      "email",
      "first_name",
      "last_name",
      "phone",
      "loan_purpose",
      "homeowner_status",
      "credit_history",
      "loan_amount",
      "property_value",
      "consent",
    ]);
  });

  it("a body that is not an object is one error with an empty path", () => {
    expect(errorsOf(quoteSchema, "nonsense")).toEqual([{ path: "", message: expect.any(String) }]);
  });
});

const enquiry = {
  loanType: "homeowner",
  loanAmount: 40_000,
  homeownerStatus: "mortgage",
  loanPurpose: "debt-consolidation",
  monthlyIncome: 3_200,
  employmentStatus: "self-employed",
  creditHistory: "unsure",
  propertyValue: 250_000,
  mortgageBalance: 120_000,
  firstName: "Sam",
  lastName: "Patel",
  email: "sam@example.com",
  phone: "0117 496 0123",
  landingPageUrl: "https://example.com/",
  consent: true,
};
const outrightEnquiry = {
  ...enquiry,
  homeownerStatus: "outright",
  age: "over-65",
  propertyValue: undefined,
  mortgageBalance: 0,
};

describe("enquirySchema (quick form homeowner path)", () => {
  it.each(
    byRule([
      { rule: "complete mortgage owner accepted", input: enquiry },
      { rule: "complete outright owner accepted without a property value", input: outrightEnquiry },
      { rule: "loanAmount £10,000 accepted", input: { ...enquiry, loanAmount: 10_000 } },
      { rule: "propertyValue £50,000 accepted", input: { ...enquiry, propertyValue: 50_000 } },
      { rule: "mortgageBalance 0 accepted for a mortgage owner", input: { ...enquiry, mortgageBalance: 0 } },
    ]),
  )("%s", (_rule, { input }) => {
    expect(errorsOf(enquirySchema, input)).toEqual([]);
  });

  it.each(
    byRule([
      {
        rule: "loanAmount £9,999 → 'Minimum loan amount is £10,000 for homeowner loans.'",
        input: { ...enquiry, loanAmount: 9_999 },
        errors: [{ path: "loanAmount", message: "Minimum loan amount is £10,000 for homeowner loans." }],
      },
      {
        rule: "propertyValue £49,999 → 'Minimum property value is £50,000'",
        input: { ...enquiry, propertyValue: 49_999 },
        errors: [{ path: "propertyValue", message: "Minimum property value is £50,000" }],
      },
      {
        rule: "mortgage owner without a property value → required",
        input: { ...enquiry, propertyValue: undefined },
        errors: [{ path: "propertyValue", message: "Property value is required" }],
      },
      {
        rule: "mortgage owner without a mortgage balance → required",
        input: { ...enquiry, mortgageBalance: undefined },
        errors: [{ path: "mortgageBalance", message: "Mortgage balance is required" }],
      },
      {
        rule: "outright owner without an age → required",
        input: { ...outrightEnquiry, age: undefined },
        errors: [{ path: "age", message: "Age range is required" }],
      },
      {
        rule: "consent false → 'You must agree to the terms'",
        input: { ...enquiry, consent: false },
        errors: [{ path: "consent", message: "You must agree to the terms" }],
      },
      {
        rule: "a personal-loan enquiry is refused",
        input: { ...enquiry, loanType: "personal" },
        errors: [{ path: "loanType", message: "Only homeowner loan enquiries can be submitted" }],
      },
      {
        rule: "tenants are not on the homeowner path",
        input: { ...enquiry, homeownerStatus: "tenant" },
        errors: [{ path: "homeownerStatus", message: "Homeowner status is required" }],
      },
      {
        rule: "Business purposes is not a quick-form purpose",
        input: { ...enquiry, loanPurpose: "business-purposes" },
        errors: [{ path: "loanPurpose", message: "Loan purpose is required" }],
      },
      {
        rule: "employment must be a quick-form option",
        input: { ...enquiry, employmentStatus: "student" },
        errors: [{ path: "employmentStatus", message: "Employment status is required" }],
      },
      {
        rule: "monthly income is required",
        input: { ...enquiry, monthlyIncome: undefined },
        errors: [{ path: "monthlyIncome", message: "Monthly income is required" }],
      },
      {
        rule: "age must be a quick-form band",
        input: { ...outrightEnquiry, age: "61-70" },
        errors: [{ path: "age", message: "Please select an age range from the list" }],
      },
      {
        rule: "email invalid → 'Please enter a valid email address'",
        input: { ...enquiry, email: "sam" },
        errors: [{ path: "email", message: "Please enter a valid email address" }],
      },
      {
        rule: "phone not UK → 'Please enter a valid UK phone number'",
        input: { ...enquiry, phone: "12345" },
        errors: [{ path: "phone", message: "Please enter a valid UK phone number" }],
      },
      {
        rule: "conditional requirements are reported alongside other field errors",
        input: { ...enquiry, firstName: "", propertyValue: undefined },
        errors: [
          { path: "firstName", message: "First name is required" },
          { path: "propertyValue", message: "Property value is required" },
        ],
      },
    ]),
  )("%s", (_rule, { input, errors }) => {
    expect(errorsOf(enquirySchema, input)).toEqual(errors);
  });
});

const contact = {
  name: "Jo",
  email: "jo@example.com",
  phone: "0117496012",
  subject: "Hello",
  message: "I have a question.",
};

describe("contactSchema (spec section 5)", () => {
  it.each(
    byRule([
      {
        rule: "name of 1 character → 'Name must be at least 2 characters'",
        patch: { name: "J" },
        error: { path: "name", message: "Name must be at least 2 characters" },
      },
      {
        rule: "name of spaces → 'Name must be at least 2 characters'",
        patch: { name: "   " },
        error: { path: "name", message: "Name must be at least 2 characters" },
      },
      {
        rule: "name over 255 → too long",
        patch: { name: "a".repeat(256) },
        error: { path: "name", message: "Name must be 255 characters or fewer" },
      },
      {
        rule: "email invalid → 'Please enter a valid email address'",
        patch: { email: "jo@" },
        error: { path: "email", message: "Please enter a valid email address" },
      },
      {
        rule: "phone of 9 characters → 'Please enter a valid phone number'",
        patch: { phone: "011749601" },
        error: { path: "phone", message: "Please enter a valid phone number" },
      },
      {
        rule: "phone over 50 → too long",
        patch: { phone: "1".repeat(51) },
        error: { path: "phone", message: "Phone number must be 50 characters or fewer" },
      },
      {
        rule: "subject of 4 characters → 'Subject must be at least 5 characters'",
        patch: { subject: "Help" },
        error: { path: "subject", message: "Subject must be at least 5 characters" },
      },
      {
        rule: "subject over 200 → too long",
        patch: { subject: "a".repeat(201) },
        error: { path: "subject", message: "Subject must be 200 characters or fewer" },
      },
      {
        rule: "message of 9 characters → 'Message must be at least 10 characters'",
        patch: { message: "Too short" },
        error: { path: "message", message: "Message must be at least 10 characters" },
      },
      {
        rule: "message over 5000 → too long",
        patch: { message: "a".repeat(5001) },
        error: { path: "message", message: "Message must be 5,000 characters or fewer" },
      },
    ]),
  )("%s", (_rule, { patch, error }) => {
    expect(errorsOf(contactSchema, { ...contact, ...patch })).toEqual([error]);
  });

  it.each(
    byRule([
      { rule: "name of 2 characters accepted", patch: { name: "Jo" } },
      { rule: "phone of 10 characters accepted", patch: { phone: "0117496012" } },
      { rule: "subject of 5 characters accepted", patch: { subject: "Hello" } },
      { rule: "message of 10 characters accepted", patch: { message: "Question!!" } },
      { rule: "message of 5000 characters accepted", patch: { message: "a".repeat(5000) } },
      { rule: "overseas phone accepted (length check only)", patch: { phone: "+1 555 123 4567" } },
    ]),
  )("%s", (_rule, { patch }) => {
    expect(errorsOf(contactSchema, { ...contact, ...patch })).toEqual([]);
  });
});
