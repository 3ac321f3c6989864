// Copy for the calculator pages that is data: FAQs (rendered and given to search engines
// as FAQPage JSON-LD from the same list), customer stories whose figures are computed,
// and the credit-agency score bands. Figures here are inputs, never results (D2).

import { formatPercent, formatPounds } from "~/domain/finance";
import type { ExampleKey } from "~/domain/promotion-figures";
import { HOMEOWNER_MAX_LOAN, HOMEOWNER_MIN_LOAN } from "~/domain/rates";
import { type BenefitCard, CLAIMS } from "./marketing";

/** Selling points more than one loan page ticks in its hero. */
export const LOAN_TICKS = {
  decision: `An adviser's call within ${CLAIMS.approvalHours} hours`,
  noScoreImpact: "No impact on your credit score to check",
} as const;

export interface Faq {
  question: string;
  answer: string;
}

const loanRange = `${formatPounds(HOMEOWNER_MIN_LOAN)} to ${formatPounds(HOMEOWNER_MAX_LOAN)}`;

/** The six questions of /secured-homeowner-loan. */
export const SECURED_LOAN_FAQS: readonly Faq[] = [
  {
    question: "What is a secured homeowner loan?",
    answer:
      "A loan secured against the equity in your home: the difference between what your home is worth and what you still owe on your mortgage. Because the lender holds a charge on your property, secured loans can offer larger amounts, longer terms and lower rates than unsecured loans. Your home may be repossessed if you do not keep up repayments.",
  },
  {
    question: "How much can I borrow?",
    answer: `Our panel lends from ${loanRange}. What you can borrow depends on the equity in your home, your income and outgoings, and your credit history. Lenders will usually lend up to a set share of your property's value, taking your mortgage into account.`,
  },
  {
    question: "Will checking my eligibility affect my credit score?",
    answer:
      "No. Our eligibility check uses a soft search, which other lenders cannot see and which does not affect your credit score. A full credit search only happens if you choose to go ahead with an application, and we will tell you before it does.",
  },
  {
    question: "How long does it take to get the money?",
    answer: `An adviser will call you within ${CLAIMS.approvalHours} hours of your enquiry on working days, with the lenders likely to say yes; the decision is the lender's. Once you accept an offer, funds can be with you in as little as ${CLAIMS.fundsInDays} days; a typical loan completes in two to six weeks, depending on the valuation and the lender's checks.`,
  },
  {
    question: "Do you charge a fee?",
    answer:
      "We charge you nothing upfront and nothing to check your eligibility. We are a credit broker, not a lender: we may receive commission from the lender when your loan completes, and we will tell you about it, and about any lender fees, before you proceed.",
  },
  {
    question: "What happens if I cannot keep up my repayments?",
    answer:
      "Speak to your lender as early as you can: lenders must treat customers in difficulty fairly and may be able to agree a plan. Free, confidential debt advice is available from MoneyHelper. Missing repayments will harm your credit record, and your home may be repossessed if you do not keep up repayments on a mortgage or any other debt secured on it.",
  },
];

/** The five questions of /home-improvement-loan, "rates from" the live table's lowest (DECISIONS D27). */
export const homeImprovementFaqs = (ratesFrom: number): readonly Faq[] => [
  {
    question: "What can I use a home improvement loan for?",
    answer:
      "Almost any work on your home: kitchens and bathrooms, loft conversions, extensions, a new roof, central heating, windows and doors, gardens and driveways, or a general renovation. Improvements that add space or efficiency can also add to your home's value, though that is never guaranteed.",
  },
  {
    question: "How quickly can the money be released?",
    answer:
      "Many of our lenders use automated valuations, so a straightforward loan can complete in as little as 5 days from application. Loans that need a surveyor's visit or more checks usually take two to six weeks.",
  },
  {
    question: "Can I repay the loan early?",
    answer:
      "Yes. The home improvement loans we arrange carry no early repayment fees, so you can clear the balance or overpay whenever you like. Your offer will confirm this before you sign.",
  },
  {
    question: "Will checking my eligibility affect my credit score?",
    answer:
      "No. The eligibility check is a soft search that lenders cannot see. A full credit search is only made if you decide to apply, and we will tell you first.",
  },
  {
    question: "How much can I borrow, and at what rate?",
    answer: `From ${loanRange}, depending on your equity, income and credit history. Rates start from ${formatPercent(ratesFrom)}; the rate you are offered depends on your circumstances. Your home may be repossessed if you do not keep up repayments.`,
  },
];

/** A customer's story told by its loan: the payment and total are computed on the page. */
export interface CustomerStory {
  customer: string;
  location: string;
  headline: string;
  /** What they borrowed for, in a sentence. */
  situation: string;
  /** Borrowed at the rate of the page's example in the live promotion figures (DECISIONS D27). */
  loan: { amount: number; months: number; rateOf: ExampleKey };
  quote: string;
}

export const HOMEOWNER_CALCULATOR_STORY: CustomerStory = {
  customer: "Priya",
  location: "Cardiff",
  headline: "Knowing the numbers first",
  situation: "Priya used the calculator before speaking to an adviser about a loan for a new kitchen and rewiring.",
  loan: { amount: 30_000, months: 120, rateOf: "homeowner" },
  quote:
    "I could see what each month would cost before I spoke to anyone, so the call was about choosing a lender, not guessing.",
};

/** /secured-homeowner-loan: £85k over 15 years (the payment is computed, not the spec's £705). */
export const SECURED_LOAN_STORY: CustomerStory = {
  customer: "David and Claire",
  location: "Exeter",
  headline: "A two-storey extension without moving house",
  situation:
    "With a growing family and a good rate on their mortgage, David and Claire borrowed against their equity instead of remortgaging.",
  loan: { amount: 85_000, months: 180, rateOf: "headline" },
  quote:
    "Our adviser found a lender who would leave our mortgage alone. The extension was finished before the baby arrived.",
};

export const BAD_CREDIT_STORY: CustomerStory = {
  customer: "Gary",
  location: "Swindon",
  headline: "A fresh start after a CCJ",
  situation:
    "Gary had a county court judgment from three years earlier, long since settled. Two high street lenders turned him down; a specialist lender on our panel did not.",
  loan: { amount: 30_000, months: 120, rateOf: "badCredit" },
  quote: "They looked at who I am now, not who I was three years ago. The adviser explained every step.",
};

export const SCHOOL_FEES_STORY: CustomerStory = {
  customer: "The Morgan family",
  location: "Guildford",
  headline: "Sixth form without the termly scramble",
  situation:
    "With two children moving up to senior school, the Morgans spread two years of fees over a longer term rather than cashing in investments.",
  loan: { amount: 60_000, months: 120, rateOf: "schoolFees" },
  quote: "One fixed payment a month instead of three large bills a year. We finally know where we stand.",
};

export const HOME_IMPROVEMENT_STORY: CustomerStory = {
  customer: "Sophie and Tom",
  location: "Leeds",
  headline: "A loft conversion that made room to work",
  situation:
    "Sophie and Tom turned an unused loft into a bedroom and home office, with funds released in under a week.",
  loan: { amount: 45_000, months: 120, rateOf: "homeImprovement" },
  quote: "The valuation was done online and the money arrived before the builders did.",
};

/** The home improvement page's specialist (replace with the real adviser's details). */
export const HOME_IMPROVEMENT_SPECIALIST = {
  name: "Rachel Hughes",
  initials: "RH",
  role: "Home improvement lending specialist",
  experience: "15 years arranging secured loans for renovations, extensions and conversions",
  bio: "Rachel works with builders' quotes every day. She will check your project's cost against what lenders will release, explain staged payments where your project needs them, and tell you plainly if a loan is not the right way to pay for it.",
} as const;

export interface CreditBand {
  label: string;
  from: number;
  to: number;
}

export interface CreditAgency {
  name: string;
  max: number;
  bands: readonly CreditBand[];
}

/** Score bands as each agency publishes them for UK consumers (they can change them). */
export const CREDIT_AGENCIES: readonly CreditAgency[] = [
  {
    name: "Experian",
    max: 999,
    bands: [
      { label: "Very poor", from: 0, to: 560 },
      { label: "Poor", from: 561, to: 720 },
      { label: "Fair", from: 721, to: 880 },
      { label: "Good", from: 881, to: 960 },
      { label: "Excellent", from: 961, to: 999 },
    ],
  },
  {
    name: "Equifax",
    max: 1000,
    bands: [
      { label: "Poor", from: 0, to: 438 },
      { label: "Fair", from: 439, to: 530 },
      { label: "Good", from: 531, to: 670 },
      { label: "Very good", from: 671, to: 810 },
      { label: "Excellent", from: 811, to: 1000 },
    ],
  },
  {
    name: "TransUnion",
    max: 710,
    bands: [
      { label: "Very poor", from: 0, to: 550 },
      { label: "Poor", from: 551, to: 565 },
      { label: "Fair", from: 566, to: 603 },
      { label: "Good", from: 604, to: 627 },
      { label: "Excellent", from: 628, to: 710 },
    ],
  },
];

export const BAD_CREDIT_TIPS: readonly { title: string; body: string }[] = [
  {
    title: "Check all three credit reports",
    body: "Lenders may use any of Experian, Equifax and TransUnion. Each lets you see your report free of charge; ask them to correct anything that is wrong.",
  },
  {
    title: "Register to vote at your address",
    body: "Being on the electoral roll helps lenders confirm who you are and where you live.",
  },
  {
    title: "Keep up every current payment",
    body: "Recent payment history counts for most. Set up direct debits so nothing is missed while you apply.",
  },
  {
    title: "Use less of your available credit",
    body: "Keeping card balances well below their limits shows lenders you are not relying on credit.",
  },
  {
    title: "Avoid several applications at once",
    body: "Each full application leaves a hard search on your file. Our eligibility check is a soft search that lenders cannot see.",
  },
  {
    title: "Let time work for you",
    body: "Most specialist lenders look more kindly on missed payments, defaults or CCJs that are at least 12 months old and settled.",
  },
];

export const BAD_CREDIT_ALTERNATIVES: readonly { title: string; body: string }[] = [
  {
    title: "Remortgage with cash out",
    body: "Replacing your mortgage with a larger one can raise money at a mortgage rate, but it resets your mortgage deal, may carry early repayment charges on your current one, and spreads the borrowing over the whole mortgage term.",
  },
  {
    title: "Guarantor loans",
    body: "An unsecured loan where a family member or friend agrees to repay if you cannot. Rates are usually higher than secured lending, and your guarantor takes on a real risk.",
  },
  {
    title: "Free debt advice",
    body: "If your debts are becoming hard to manage, borrowing more may not be the answer. MoneyHelper, StepChange and Citizens Advice give free, confidential advice.",
  },
];

/** The bad credit page's headline claims (spec section 9), as data. */
export const BAD_CREDIT_CLAIMS = {
  minLoan: 10_000,
  maxLoan: 500_000,
  minTermYears: 3,
  maxTermYears: 30,
  decisionHours: CLAIMS.approvalHours,
  ratesFrom: 5.9,
  equityNeeded: "25 to 30%",
  adverseMarksAgeMonths: 12,
} as const;

/** School fees page claims (spec section 9). */
export const SCHOOL_FEES_CLAIMS = {
  minLoan: 10_000,
  maxLoan: 500_000,
  typicalTermlyDraw: { from: 10_000, to: 15_000 },
  /** The home equity line example: an agreed limit and one term's draw. */
  lineExample: { limit: 50_000, termlyDraw: 12_000 },
} as const;

/** Why consolidate through us: the debt consolidation page's benefit cards. */
export const debtConsolidationBenefits = (ratesFrom: number): readonly BenefitCard[] => [
  {
    icon: "pound",
    title: "One payment a month",
    body: "Replace several due dates and minimum payments with a single fixed repayment you can plan around.",
  },
  {
    icon: "rate",
    title: `Fixed rates from ${formatPercent(ratesFrom)}`,
    body: "Secured lending usually costs less than credit cards and store cards, and a fixed rate will not rise.",
  },
  {
    icon: "clock",
    title: "A clear end date",
    body: "Your loan is repaid by a set date, unlike a card balance that can run on for years at the minimum payment.",
  },
  {
    icon: "panel",
    title: "A panel of lenders compared",
    body: "We search our whole panel, including specialist lenders, for the loan that fits your circumstances.",
  },
  {
    icon: "shield",
    title: "No impact on your credit score",
    body: "Our eligibility check is a soft search. A full search only happens if you choose to apply.",
  },
  {
    icon: "chart",
    title: "Advice before you commit",
    body: "An adviser will compare the total cost of the loan with what you pay now, not just the monthly figure.",
  },
];

/** The home improvement page's benefit cards (spec section 9 claims). */
export const homeImprovementBenefits = (ratesFrom: number): readonly BenefitCard[] => [
  {
    icon: "rate",
    title: `Rates from ${formatPercent(ratesFrom)}`,
    body: "Fixed rates from our panel, so your repayment stays the same for the whole term.",
  },
  {
    icon: "chart",
    title: `${formatPounds(HOMEOWNER_MIN_LOAN)} to ${formatPounds(HOMEOWNER_MAX_LOAN)}`,
    body: "From a new boiler to a full renovation, borrow what your project needs against the equity in your home.",
  },
  {
    icon: "clock",
    title: "Completion from 5 days",
    body: "Automated valuations mean many loans complete without waiting for a surveyor's visit.",
  },
  {
    icon: "pound",
    title: "No early repayment fees",
    body: "Clear the loan early or overpay whenever you like, at no extra cost.",
  },
  {
    icon: "panel",
    title: "Automated valuations",
    body: "Most lenders on our panel value your home online, with no appointment to arrange.",
  },
  {
    icon: "shield",
    title: "No credit impact",
    body: "Checking your eligibility is a soft search that lenders cannot see.",
  },
];
