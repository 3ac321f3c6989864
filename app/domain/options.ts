// The answer choices the forms and calculators offer, with the labels borrowers see.
// Values are what we store and send; labels are copy and may change without a migration.

export interface Option<V extends string = string> {
  readonly value: V;
  readonly label: string;
}

type ValueOf<O extends readonly Option[]> = O[number]["value"];

/** The option values as a non-empty tuple, the shape `z.enum` wants. */
export function optionValues<const O extends readonly Option[]>(options: O): [ValueOf<O>, ...ValueOf<O>[]] {
  return options.map((option) => option.value) as [ValueOf<O>, ...ValueOf<O>[]];
}

/** The label for a stored value, or the value itself if the option has since gone. */
export function optionLabel<const O extends readonly Option[]>(options: O, value: string | undefined): string {
  if (value === undefined) return "";
  return options.find((option) => option.value === value)?.label ?? value;
}

export function isOptionValue<const O extends readonly Option[]>(options: O, value: unknown): value is ValueOf<O> {
  return options.some((option) => option.value === value);
}

// ── Main eligibility form (/apply) ────────────────────────────────────────────

export const HOMEOWNER_STATUSES = [
  { value: "mortgage", label: "Homeowner with mortgage" },
  { value: "outright", label: "Homeowner (no mortgage)" },
  { value: "tenant", label: "Tenant / renting" },
] as const satisfies readonly Option[];
export type HomeownerStatus = ValueOf<typeof HOMEOWNER_STATUSES>;

export const LOAN_PURPOSES = [
  { value: "home-improvements", label: "Home improvements" },
  { value: "debt-consolidation", label: "Debt consolidation" },
  { value: "property-purchase", label: "Property purchase" },
  { value: "business-purposes", label: "Business purposes" },
  { value: "other", label: "Other" },
] as const satisfies readonly Option[];
export type LoanPurpose = ValueOf<typeof LOAN_PURPOSES>;

export const EMPLOYMENT_STATUSES = [
  { value: "employed-full-time", label: "Employed full-time" },
  { value: "employed-part-time", label: "Employed part-time" },
  { value: "self-employed", label: "Self-employed" },
  { value: "retired", label: "Retired" },
  { value: "unemployed", label: "Unemployed" },
  { value: "student", label: "Student" },
] as const satisfies readonly Option[];
export type EmploymentStatus = ValueOf<typeof EMPLOYMENT_STATUSES>;

export const CREDIT_HISTORIES = [
  { value: "excellent", label: "Excellent" },
  { value: "good", label: "Good" },
  { value: "fair", label: "Fair" },
  { value: "poor", label: "Poor" },
  { value: "unsure", label: "Unsure" },
] as const satisfies readonly Option[];
export type CreditHistory = ValueOf<typeof CREDIT_HISTORIES>;

export const AGE_BANDS = [
  { value: "under-50", label: "Under 50" },
  { value: "50-60", label: "50 – 60" },
  { value: "61-70", label: "61 – 70" },
  { value: "71-80", label: "71 – 80" },
  { value: "over-80", label: "Over 80" },
] as const satisfies readonly Option[];
export type AgeBand = ValueOf<typeof AGE_BANDS>;

// ── Quick eligibility check (/apply-personal) ─────────────────────────────────
// Same stored values as the main form where the meaning is the same, so one lead
// inbox and one set of reports cover both forms.

export const QUICK_LOAN_TYPES = [
  { value: "personal", label: "Personal loan" },
  { value: "homeowner", label: "Homeowner loan" },
  { value: "bridging", label: "Bridging loan" },
  { value: "business", label: "Business loan" },
] as const satisfies readonly Option[];
export type QuickLoanType = ValueOf<typeof QUICK_LOAN_TYPES>;

/** The quick form's homeowner path asks only owners; tenants take the personal path. */
export const QUICK_HOMEOWNER_STATUSES = [
  { value: "mortgage", label: "Homeowner with mortgage" },
  { value: "outright", label: "Homeowner (no mortgage)" },
] as const satisfies readonly Option<HomeownerStatus>[];
export type QuickHomeownerStatus = ValueOf<typeof QUICK_HOMEOWNER_STATUSES>;

export const RESIDENTIAL_STATUSES = [
  { value: "homeowner-mortgage", label: "Homeowner with mortgage" },
  { value: "homeowner-outright", label: "Homeowner (no mortgage)" },
  // Stored as council-tenant (spec) but labelled for every renter: there is no
  // separate private-tenant choice, and both are routed the same way.
  { value: "council-tenant", label: "Tenant / renting" },
  { value: "living-with-parents", label: "Living with parents" },
] as const satisfies readonly Option[];
export type ResidentialStatus = ValueOf<typeof RESIDENTIAL_STATUSES>;

export const QUICK_LOAN_PURPOSES = [
  { value: "home-improvements", label: "Home improvements" },
  { value: "debt-consolidation", label: "Debt consolidation" },
  { value: "property-purchase", label: "Property purchase" },
  { value: "other", label: "Other" },
] as const satisfies readonly Option<LoanPurpose>[];
export type QuickLoanPurpose = ValueOf<typeof QUICK_LOAN_PURPOSES>;

export const QUICK_EMPLOYMENT_STATUSES = [
  { value: "employed-full-time", label: "Employed full time" },
  { value: "employed-part-time", label: "Employed part time" },
  { value: "self-employed", label: "Self employed" },
  { value: "retired", label: "Retired" },
] as const satisfies readonly Option<EmploymentStatus>[];
export type QuickEmploymentStatus = ValueOf<typeof QUICK_EMPLOYMENT_STATUSES>;

export const QUICK_CREDIT_HISTORIES = [
  { value: "excellent", label: "Excellent" },
  { value: "good", label: "Good" },
  { value: "fair", label: "Fair" },
  { value: "poor", label: "Poor" },
  { value: "unsure", label: "Not sure" },
] as const satisfies readonly Option<CreditHistory>[];

export const QUICK_AGE_BANDS = [
  { value: "under-50", label: "Under 50" },
  { value: "50-65", label: "50 – 65" },
  { value: "over-65", label: "Over 65" },
] as const satisfies readonly Option[];
export type QuickAgeBand = ValueOf<typeof QUICK_AGE_BANDS>;

// ── Calculators ───────────────────────────────────────────────────────────────

export const SECURED_CALCULATOR_TERMS_YEARS = [5, 10, 15, 20, 25] as const;

export const BAD_CREDIT_AMOUNTS = [10_000, 15_000, 20_000, 25_000, 30_000, 40_000, 50_000, 75_000, 100_000] as const;
export const BAD_CREDIT_TERMS_YEARS = [5, 10, 15, 20, 25] as const;

export const HOME_IMPROVEMENT_PROJECT_TYPES = [
  { value: "kitchen-renovation", label: "Kitchen renovation" },
  { value: "bathroom-renovation", label: "Bathroom renovation" },
  { value: "loft-conversion", label: "Loft conversion" },
  { value: "extension", label: "Extension" },
  { value: "new-roof", label: "New roof" },
  { value: "central-heating", label: "Central heating" },
  { value: "windows-and-doors", label: "Windows and doors" },
  { value: "garden-improvements", label: "Garden improvements" },
  { value: "driveway", label: "Driveway" },
  { value: "general-renovations", label: "General renovations" },
] as const satisfies readonly Option[];
export type HomeImprovementProjectType = ValueOf<typeof HOME_IMPROVEMENT_PROJECT_TYPES>;

/** 5 to 24 years inclusive. */
export const HOME_IMPROVEMENT_TERMS_YEARS: readonly number[] = Array.from({ length: 20 }, (_, i) => i + 5);

/**
 * Slider bounds on the school fees page. The amount slider starts at the secured minimum
 * (£10,000; the spec's £5,000 put the slider where the page said the minimum was
 * £10,000) and ends at the most the page lends for school fees.
 */
export const SCHOOL_FEES_AMOUNT_RANGE = { min: 10_000, max: 500_000, step: 1_000 } as const;
export const SCHOOL_FEES_TERM_RANGE_YEARS = { min: 5, max: 30, step: 1 } as const;

export const SCHOOL_YEAR_GROUPS = [
  { value: "nursery", label: "Nursery" },
  { value: "reception", label: "Reception" },
  { value: "primary", label: "Primary" },
  { value: "secondary", label: "Secondary" },
] as const satisfies readonly Option[];
export type SchoolYearGroup = ValueOf<typeof SCHOOL_YEAR_GROUPS>;

type FeesByYearGroup = Readonly<Record<SchoolYearGroup, number>>;

// Annual fees in pounds (spec section 3). A 0 means the school has no such year
// group (the five senior schools) or we hold no figure ("Other").
export const SCHOOLS = [
  { value: "eton-college", label: "Eton College", fees: secondaryOnly(49_194) },
  { value: "winchester-college", label: "Winchester College", fees: secondaryOnly(47_760) },
  { value: "westminster-school", label: "Westminster School", fees: secondaryOnly(47_000) },
  { value: "st-pauls-school", label: "St Paul's School", fees: secondaryOnly(44_000) },
  { value: "charterhouse-school", label: "Charterhouse School", fees: secondaryOnly(42_000) },
  {
    value: "brighton-college",
    label: "Brighton College",
    fees: { nursery: 8_500, reception: 15_000, primary: 20_000, secondary: 38_000 },
  },
  {
    value: "dulwich-college",
    label: "Dulwich College",
    fees: { nursery: 9_000, reception: 16_000, primary: 22_000, secondary: 35_000 },
  },
  {
    value: "kings-college-school",
    label: "King's College School",
    fees: { nursery: 8_000, reception: 14_500, primary: 19_500, secondary: 33_000 },
  },
  { value: "other", label: "Other", fees: { nursery: 0, reception: 0, primary: 0, secondary: 0 } },
] as const satisfies readonly (Option & { fees: FeesByYearGroup })[];
export type School = ValueOf<typeof SCHOOLS>;

function secondaryOnly(secondary: number): FeesByYearGroup {
  return { nursery: 0, reception: 0, primary: 0, secondary };
}

/** Annual fee in pounds; 0 when unknown (the page then leaves the amount to the parent). */
export function schoolFee(school: School, yearGroup: SchoolYearGroup): number {
  return SCHOOLS.find((s) => s.value === school)?.fees[yearGroup] ?? 0;
}

// ── Marketing ─────────────────────────────────────────────────────────────────

export interface PromotedPurpose {
  readonly value: string;
  readonly title: string;
  readonly description: string;
  /** Shown in the "eight loan purposes" lists on the home and loans pages. */
  readonly featured: boolean;
}

// The spec names nine purposes but the pages list eight. All nine stay as data;
// holiday funding is the one not featured, because promoting a loan secured on the
// home for a holiday is hard to square with the borrower's interest (Consumer Duty).
// Pages showing debt consolidation must put the secured-debt warning before it (D12).
export const PROMOTED_PURPOSES: readonly PromotedPurpose[] = [
  {
    value: "debt-consolidation",
    title: "Debt consolidation",
    description: "Bring several debts into one monthly repayment.",
    featured: true,
  },
  {
    value: "home-improvements",
    title: "Home improvements and extensions",
    description: "Kitchens, lofts, extensions and renovations.",
    featured: true,
  },
  {
    value: "school-fees",
    title: "School and university fees",
    description: "Spread the cost of education over a term that suits you.",
    featured: true,
  },
  {
    value: "property-purchase",
    title: "Property deposit or purchase",
    description: "Raise a deposit or buy another property.",
    featured: true,
  },
  {
    value: "vehicle-purchase",
    title: "Car or vehicle purchase",
    description: "Buy a car, van or motorhome outright.",
    featured: true,
  },
  {
    value: "wedding",
    title: "Wedding expenses",
    description: "Cover the costs of your big day.",
    featured: true,
  },
  {
    value: "holiday",
    title: "Holiday funding",
    description: "Pay for travel plans.",
    featured: false,
  },
  {
    value: "business-investment",
    title: "Business investment",
    description: "Invest in equipment, stock or growth.",
    featured: true,
  },
  {
    value: "tax-bills",
    title: "Tax bills or unexpected costs",
    description: "Meet a tax bill or an unplanned expense.",
    featured: true,
  },
];

export const FEATURED_PURPOSES: readonly PromotedPurpose[] = PROMOTED_PURPOSES.filter((purpose) => purpose.featured);
