import { CLAIMS } from "~/domain/claims";
import { formatPounds, loanCost } from "~/domain/finance";

// The pages read the claims here with the rest of their copy; the emails read them
// from the domain.
export { CLAIMS };

export interface BenefitCard {
  title: string;
  body: string;
  icon: "rate" | "clock" | "pound" | "panel" | "shield" | "chart";
}

/** The six benefit cards of the home and loans pages, "rates from" the live table's lowest (DECISIONS D27). */
export const benefitCards = (ratesFrom: number): readonly BenefitCard[] => [
  {
    icon: "rate",
    title: `Rates from ${ratesFrom}%`,
    body: "Fixed borrowing rates from our panel of lenders, so your repayment is the same every month.",
  },
  {
    icon: "clock",
    // A broker does not decide, a lender does: the promise is the adviser's call (issue 54).
    title: `An adviser's call within ${CLAIMS.approvalHours} hours`,
    body: `An adviser calls you within ${CLAIMS.approvalHours} hours on working days, and funds can be with you in as little as ${CLAIMS.fundsInDays} days once a lender has said yes.`,
  },
  {
    icon: "panel",
    title: "A whole panel of lenders",
    body: "We compare the whole of our panel for you, including lenders who do not deal with the public directly.",
  },
  {
    icon: "pound",
    title: "No upfront fees",
    body: "You pay us nothing to apply. Any fee is explained before you proceed and only paid when your loan completes.",
  },
  {
    icon: "shield",
    title: "No impact on your credit score",
    body: "Checking your eligibility uses a soft search that lenders cannot see.",
  },
  {
    icon: "chart",
    title: `Borrow up to ${CLAIMS.incomeMultiple}x your income`,
    body: `From ${formatPounds(CLAIMS.minLoan)} to ${formatPounds(CLAIMS.maxLoan)}, based on the equity in your home and what you can afford.`,
  },
];

export interface SuccessStory {
  customer: string;
  location: string;
  quote: string;
  /** The debts consolidated and what each cost a month before. */
  debts: { label: string; balance: number; monthlyPayment: number }[];
  loan: { amount: number; annualRatePercent: number; months: number };
  timeline: { when: string; what: string }[];
}

/** The home page's customer story: £45,000 of debt in one secured loan. */
export const HOME_SUCCESS_STORY: SuccessStory = {
  customer: "Mark and Helen",
  location: "Bristol",
  quote:
    "Four credit cards, a car loan and a personal loan were costing us more each month than our mortgage. Now it is one payment we can plan around.",
  debts: [
    { label: "Credit cards (4)", balance: 21_000, monthlyPayment: 630 },
    { label: "Personal loan", balance: 14_000, monthlyPayment: 405 },
    { label: "Car finance", balance: 10_000, monthlyPayment: 246 },
  ],
  loan: { amount: 45_000, annualRatePercent: 6.9, months: 144 },
  timeline: [
    { when: "Day 1", what: "Eligibility check online in five minutes" },
    { when: "Day 2", what: "Adviser call and a matched lender from the panel" },
    { when: "Day 8", what: "Automated valuation and offer issued" },
    { when: "Day 14", what: "Funds released and every debt paid off" },
  ],
};

/** The loans page's customer story: £35,000 of debt in one loan (spec section 2). */
export const LOANS_SUCCESS_STORY: SuccessStory = {
  customer: "Sarah",
  location: "Cardiff",
  quote:
    "I was juggling three cards, a car loan and a personal loan with five different due dates. One payment, on the day I get paid, has made all the difference.",
  debts: [
    { label: "Credit cards (3)", balance: 16_500, monthlyPayment: 495 },
    { label: "Car finance", balance: 11_000, monthlyPayment: 305 },
    { label: "Personal loan", balance: 7_500, monthlyPayment: 235 },
  ],
  loan: { amount: 35_000, annualRatePercent: 7.9, months: 96 },
  timeline: [
    { when: "Day 1", what: "Quick eligibility check online, with no mark on her credit file" },
    { when: "Day 3", what: "Adviser call and a lender matched from the panel" },
    { when: "Day 10", what: "Offer accepted after the reflection period" },
    { when: "Day 16", what: "Funds released and all five debts cleared" },
  ],
};

/** What a story's figures come to, computed, never typed. */
export function storyFigures(story: SuccessStory) {
  const before = story.debts.reduce((sum, d) => sum + d.monthlyPayment, 0);
  const total = story.debts.reduce((sum, d) => sum + d.balance, 0);
  const after = loanCost(story.loan);
  return { totalDebt: total, monthlyBefore: before, loan: after, monthlySaving: before - after.monthlyPayment };
}
