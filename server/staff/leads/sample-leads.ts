import { loanCost } from "../../../app/domain/finance";
import { INDICATIVE_TERM_MONTHS, quoteIndicativeFigures } from "../../../app/domain/rates";
import type { Database } from "../../platform/db/client";
import { contactMessages, personalEnquiries, quotes } from "../../platform/db/schema";

// Rows written straight to the lead tables, for server tests and `npm run seed`: the
// inbox reads what the lead APIs store, and these carry the same columns. A quote's figures
// are worked out from its answers as the quote API works them out, so the console shows
// a sample lead's loan to value, rate and payment as it would a borrower's; a rate a test
// sets has its payment worked out from it.

export interface SampleQuote {
  createdAt?: Date;
  firstName?: string;
  lastName?: string;
  email?: string;
  phone?: string;
  loanAmount?: number;
  ltvRatio?: number | null;
  indicativeRate?: number | null;
  monthlyIncome?: number | null;
  landingPageUrl?: string | null;
  status?: (typeof quotes.$inferInsert)["status"];
  assigneeId?: string | null;
}

export function sampleQuote(q: SampleQuote = {}): typeof quotes.$inferInsert {
  const loanAmount = q.loanAmount ?? 50_000;
  const answers = {
    loanPurpose: "debt-consolidation",
    homeownerStatus: "mortgage",
    creditHistory: "good",
    propertyValue: 250_000,
    mortgageBalance: 100_000,
    age: "under-50",
  } as const;
  const figures = quoteIndicativeFigures({
    homeowner_status: answers.homeownerStatus,
    loan_amount: loanAmount,
    loan_purpose: answers.loanPurpose,
    credit_history: answers.creditHistory,
    property_value: answers.propertyValue,
    mortgage_balance: answers.mortgageBalance,
    age: answers.age,
  });
  const rate = q.indicativeRate === undefined ? figures.indicative_rate : q.indicativeRate;
  return {
    createdAt: q.createdAt ?? new Date(),
    email: q.email ?? "jane.smith@example.com",
    firstName: q.firstName ?? "Jane",
    lastName: q.lastName ?? "Smith",
    phone: q.phone ?? "07700 900123",
    ...answers,
    loanAmount,
    monthlyIncome: q.monthlyIncome === undefined ? 4_000 : q.monthlyIncome,
    employmentStatus: "employed-full-time",
    ltvRatio: q.ltvRatio === undefined ? figures.ltv_ratio : q.ltvRatio,
    indicativeRate: rate,
    monthlyPayment:
      rate === null
        ? null
        : loanCost({ amount: loanAmount, annualRatePercent: rate, months: INDICATIVE_TERM_MONTHS }).monthlyPayment,
    landingPageUrl: q.landingPageUrl === undefined ? "https://www.example.com/" : q.landingPageUrl,
    status: q.status ?? "new",
    assigneeId: q.assigneeId ?? null,
  };
}

export function sampleEnquiry(
  e: Partial<typeof personalEnquiries.$inferInsert> = {},
): typeof personalEnquiries.$inferInsert {
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
    ...e,
  };
}

export function sampleContact(
  c: Partial<typeof contactMessages.$inferInsert> = {},
): typeof contactMessages.$inferInsert {
  return {
    name: "Pat Brown",
    email: "pat.brown@example.com",
    phone: "0117 496 0000",
    subject: "Question about a secured loan",
    message: "Please call me back after 5pm.",
    ...c,
  };
}

export async function insertLeads(
  db: Database,
  leads: {
    quotes?: (typeof quotes.$inferInsert)[];
    enquiries?: (typeof personalEnquiries.$inferInsert)[];
    contacts?: (typeof contactMessages.$inferInsert)[];
  },
) {
  const ids = { quotes: [] as string[], enquiries: [] as string[], contacts: [] as string[] };
  if (leads.quotes?.length) {
    ids.quotes = (await db.insert(quotes).values(leads.quotes).returning({ id: quotes.id })).map((r) => r.id);
  }
  if (leads.enquiries?.length) {
    ids.enquiries = (
      await db.insert(personalEnquiries).values(leads.enquiries).returning({ id: personalEnquiries.id })
    ).map((r) => r.id);
  }
  if (leads.contacts?.length) {
    ids.contacts = (await db.insert(contactMessages).values(leads.contacts).returning({ id: contactMessages.id })).map(
      (r) => r.id,
    );
  }
  return ids;
}
