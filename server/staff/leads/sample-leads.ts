import type { Database } from "../../platform/db/client";
import { contactMessages, personalEnquiries, quotes } from "../../platform/db/schema";

// Rows written straight to the lead tables, for server tests and `npm run seed`: the
// inbox reads what the lead APIs store, and these carry the same columns.

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
  return {
    createdAt: q.createdAt ?? new Date(),
    email: q.email ?? "jane.smith@example.com",
    firstName: q.firstName ?? "Jane",
    lastName: q.lastName ?? "Smith",
    phone: q.phone ?? "07700 900123",
    loanPurpose: "debt-consolidation",
    homeownerStatus: "mortgage",
    creditHistory: "good",
    loanAmount: q.loanAmount ?? 50_000,
    propertyValue: 250_000,
    mortgageBalance: 100_000,
    monthlyIncome: q.monthlyIncome === undefined ? 4_000 : q.monthlyIncome,
    age: "under-50",
    employmentStatus: "employed-full-time",
    ltvRatio: q.ltvRatio === undefined ? 60 : q.ltvRatio,
    indicativeRate: q.indicativeRate === undefined ? 5.69 : q.indicativeRate,
    monthlyPayment: q.indicativeRate === null ? null : 960.03,
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
