import { randomInt, randomUUID } from "node:crypto";
import type { EnquiryInput, QuoteInput } from "../../app/domain/schemas";

/**
 * A complete quote as the main form sends it: a mortgage owner borrowing £50,000
 * against a £250,000 home with £100,000 left on the mortgage (LTV 60%).
 */
export function validQuote(overrides: Partial<Record<keyof QuoteInput | "submission_key" | "website", unknown>> = {}) {
  return {
    email: "jane.smith@example.com",
    first_name: "Jane",
    last_name: "Smith",
    phone: "07700 900123",
    loan_purpose: "debt-consolidation",
    homeowner_status: "mortgage",
    credit_history: "good",
    loan_amount: 50_000,
    property_value: 250_000,
    mortgage_balance: 100_000,
    monthly_income: 4_000,
    employment_status: "employed-full-time",
    landing_page_url: "https://www.example.com/?utm_source=test",
    consent: true,
    submission_key: randomUUID(),
    ...overrides,
  };
}

/** A complete homeowner-path enquiry as the quick form sends it (a mortgage owner). */
export function validEnquiry(
  overrides: Partial<Record<keyof EnquiryInput | "submission_key" | "website", unknown>> = {},
) {
  return {
    loanType: "homeowner",
    loanAmount: 40_000,
    homeownerStatus: "mortgage",
    loanPurpose: "home-improvements",
    monthlyIncome: 3_500,
    employmentStatus: "self-employed",
    creditHistory: "fair",
    propertyValue: 300_000,
    mortgageBalance: 120_000,
    firstName: "Sam",
    lastName: "Jones",
    email: "sam.jones@example.com",
    phone: "+44 7700 900456",
    landingPageUrl: "https://www.example.com/loans",
    consent: true,
    submission_key: randomUUID(),
    ...overrides,
  };
}

let lastOctet = 0;
/** A client address of its own for each test, so rate limits in one never touch another. */
export function freshAddress(): string {
  lastOctet++;
  return `198.18.${Math.floor(lastOctet / 250)}.${(lastOctet % 250) + 1}`;
}

/** Every answer of a mortgage owner's eligibility check, as the last step (the check page) posts them. */
export const postedQuoteAnswers = (email: string) => ({
  step: "check",
  homeownerStatus: "mortgage",
  loanAmount: "50000",
  loanPurpose: "debt-consolidation",
  propertyValue: "250000",
  mortgageBalance: "100000",
  monthlyIncome: "4000",
  employmentStatus: "employed-full-time",
  creditHistory: "good",
  firstName: "Jane",
  lastName: "Posted",
  email,
  phone: "07700 900123",
  consent: "on",
  website: "",
});

/**
 * Two different phone numbers from Ofcom's Leeds drama range (0113 496 0000–0999), which
 * no fixture uses: for a test whose person must not be joined, by phone, to other tests'
 * leads in the same database (the fixtures share 07700 900123).
 */
export function ownPhoneNumbers(): [string, string] {
  const first = randomInt(1000);
  const second = (first + 1 + randomInt(999)) % 1000;
  return [first, second].map((n) => `0113 496 0${String(n).padStart(3, "0")}`) as [string, string];
}
