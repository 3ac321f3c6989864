import {
  callbackFromColumns,
  describeCallback,
  NEXT_ACTION_LABELS,
  type NextActionKind,
} from "~/domain/callback-choice";
import { formatPounds } from "~/domain/finance";
import { CORRECTABLE_FIELDS, formValueOf, type ShownFigures } from "~/domain/lead-corrections";
import {
  type CaseStage,
  type Completion,
  caseCommissionPence,
  caseStageLabel,
  declineReasonLabel,
  nextStages,
  type Offer,
} from "~/domain/lead-cases";
import type { PanelMatch } from "~/domain/lender-matching";
import { campaignOf, type LeadKind, leadKindLabel, type LeadStatus, type TriageFlag } from "~/domain/leads";
import {
  AGE_BANDS,
  CREDIT_HISTORIES,
  EMPLOYMENT_STATUSES,
  HOMEOWNER_STATUSES,
  LOAN_PURPOSES,
  optionLabel,
  QUICK_AGE_BANDS,
  QUICK_CREDIT_HISTORIES,
  QUICK_EMPLOYMENT_STATUSES,
  QUICK_LOAN_PURPOSES,
  QUICK_LOAN_TYPES,
} from "~/domain/options";
import { INDICATIVE_TERM_MONTHS, loanToValue } from "~/domain/rates";
import { representativeExample, type RepresentativeExample } from "~/domain/finance";

// A lead's page, as data: its answers in the words the forms used, and the figures the
// domain computes from them. Pure, so the route passes rows in and the page draws this.

export type Answer = [label: string, value: string];

export interface LeadFigures {
  /**
   * Whether the form works out a rate and a payment: the eligibility check does; the
   * quick check asks no term and gives no rate, so its page shows neither (not "None").
   */
  rated: boolean;
  ltv: number | null;
  indicativeRate: number | null;
  monthlyPayment: number | null;
  example: RepresentativeExample | null;
  /** The figures the borrower was shown, kept once a correction worked these out again; null before. */
  shown?: ShownFigures | null;
  /** The promotion version its figures were quoted on (DECISIONS D27); null: the figures the code held. */
  promotionVersion?: number | null;
}

export interface LeadView {
  kind: LeadKind;
  id: string;
  version: number;
  status: LeadStatus;
  assigneeId: string | null;
  receivedAt: string;
  /** What kind of lead, in the console's words ("Quick-check enquiry (homeowner loan)"). */
  kindLabel: string;
  name: string;
  /** What an adviser needs first, on a phone above all: how to reach the borrower and how much. */
  phone: string;
  email: string;
  loanAmount: number | null;
  answers: Answer[];
  figures: LeadFigures | null;
  landingPageUrl: string | null;
  campaign: { source: string; campaign: string } | null;
  /** The advert's click id on the landing page (gclid, or gbraid/wbraid for iOS), or null. */
  clickId: { name: "gclid" | "gbraid" | "wbraid"; value: string } | null;
  /** Whether the visitor had accepted advertising cookies when sending it; null when not recorded (older leads, contact messages). */
  adConsent: boolean | null;
  flags: TriageFlag[];
  /** The earlier lead this one repeats (the duplicate flag's), if any. */
  duplicateOf: { kind: LeadKind; id: string; receivedAt: string } | null;
  /** When the borrower asked to be called, in words (quotes and enquiries); null for a contact message. */
  callback: string | null;
  /** The start of the hour the borrower chose (ISO 8601); null when they chose none or "as soon as possible". */
  callbackAt: string | null;
  /** The adviser's next action ("Call back") and when (ISO 8601); null when there is none. */
  nextAction: { kind: NextActionKind; label: string; at: string } | null;
  /** When the first call was logged (ISO 8601); null before it. */
  firstContactedAt: string | null;
  /** Each correctable field's stored value as the correction form starts it (DECISIONS D29). */
  correctable: Record<string, string>;
}

const pounds = (n: number | null | undefined) => (n === null || n === undefined ? "Not given" : formatPounds(n));
const text = (s: string | null | undefined) => (s ? s : "Not given");

type Row = Record<string, unknown> & {
  id: string;
  version: number;
  status: LeadStatus;
  assigneeId: string | null;
  createdAt: Date;
};

/** The view of a lead from its table row (quotes, personal_enquiries or contact_messages). */
export function leadView(
  kind: LeadKind,
  row: Row,
  flags: TriageFlag[],
  duplicateOf: { kind: LeadKind; id: string; receivedAt: Date } | null = null,
): LeadView {
  const get = <T>(key: string) => row[key] as T;
  const base = {
    kind,
    id: row.id,
    version: row.version,
    status: row.status,
    assigneeId: row.assigneeId,
    receivedAt: row.createdAt.toISOString(),
    kindLabel: leadKindLabel(kind, (row.loanType as string | undefined) ?? null),
    phone: String(row.phone ?? ""),
    email: String(row.email ?? ""),
    loanAmount: typeof row.loanAmount === "number" ? row.loanAmount : null,
    flags,
    duplicateOf: duplicateOf ? { ...duplicateOf, receivedAt: duplicateOf.receivedAt.toISOString() } : null,
    callback: null as string | null,
    callbackAt: null as string | null,
    nextAction: nextActionOf(row),
    firstContactedAt: row.firstContactedAt instanceof Date ? row.firstContactedAt.toISOString() : null,
    correctable: Object.fromEntries(CORRECTABLE_FIELDS[kind].map((f) => [f.field, formValueOf(row[f.field])])),
  };
  if (kind === "contact") {
    return {
      ...base,
      name: get<string>("name"),
      answers: [
        ["Name", get("name")],
        ["Email", get("email")],
        ["Phone", get("phone")],
        ["Subject", get("subject")],
        ["Message", get("message")],
      ],
      figures: null,
      landingPageUrl: null,
      campaign: null,
      clickId: null,
      adConsent: null,
    };
  }
  const choice = callbackFromColumns(get<string | null>("callbackChoice"), get<Date | null>("callbackAt"));
  base.callback = choice ? describeCallback(choice) : "Not chosen: as soon as possible";
  base.callbackAt = choice?.kind === "slot" ? choice.at.toISOString() : null;
  const landingPageUrl = get<string | null>("landingPageUrl");
  const source = {
    landingPageUrl,
    campaign: campaignOf(landingPageUrl),
    clickId: clickIdOf(row),
    adConsent: get<boolean | null>("adConsent") ?? null,
  };
  const common: Answer[] = [
    ["First name", get("firstName")],
    ["Last name", get("lastName")],
    ["Email", get("email")],
    ["Phone", get("phone")],
  ];
  if (kind === "quote") {
    const rate = get<number | null>("indicativeRate");
    const amount = get<number>("loanAmount");
    return {
      ...base,
      name: `${get("firstName")} ${get("lastName")}`,
      answers: [
        ["Loan purpose", optionLabel(LOAN_PURPOSES, get("loanPurpose"))],
        ["Homeowner status", optionLabel(HOMEOWNER_STATUSES, get("homeownerStatus"))],
        ["Credit history", optionLabel(CREDIT_HISTORIES, get("creditHistory"))],
        ["Loan amount", pounds(amount)],
        ["Property value", pounds(get("propertyValue"))],
        ["Mortgage balance", pounds(get("mortgageBalance"))],
        ["Age", text(optionLabel(AGE_BANDS, get<string | undefined>("age") ?? undefined))],
        ["Monthly income", pounds(get("monthlyIncome"))],
        [
          "Employment",
          text(optionLabel(EMPLOYMENT_STATUSES, get<string | undefined>("employmentStatus") ?? undefined)),
        ],
        ...common,
      ],
      figures: {
        rated: true,
        ltv: get("ltvRatio"),
        indicativeRate: rate,
        monthlyPayment: get("monthlyPayment"),
        example:
          rate === null
            ? null
            : representativeExample({ amount, months: INDICATIVE_TERM_MONTHS, annualRatePercent: rate }),
        shown: get<ShownFigures | null>("shownFigures") ?? null,
        promotionVersion: get<number | null>("promotionVersionId") ?? null,
      },
      ...source,
    };
  }
  const amount = get<number>("loanAmount");
  const propertyValue = get<number | null>("propertyValue");
  const ltv = loanToValue({
    loanAmount: amount,
    propertyValue: propertyValue ?? undefined,
    mortgageBalance: get<number | null>("mortgageBalance") ?? undefined,
    homeownerStatus: get("homeownerStatus"),
  });
  return {
    ...base,
    name: `${get("firstName")} ${get("lastName")}`,
    answers: [
      ["Loan type", optionLabel(QUICK_LOAN_TYPES, get("loanType"))],
      ["Loan amount", pounds(amount)],
      ["Homeowner status", optionLabel(HOMEOWNER_STATUSES, get("homeownerStatus"))],
      ["Loan purpose", text(optionLabel(QUICK_LOAN_PURPOSES, get<string | undefined>("loanPurpose") ?? undefined))],
      ["Monthly income", pounds(get("monthlyIncome"))],
      [
        "Employment",
        text(optionLabel(QUICK_EMPLOYMENT_STATUSES, get<string | undefined>("employmentStatus") ?? undefined)),
      ],
      [
        "Credit history",
        text(optionLabel(QUICK_CREDIT_HISTORIES, get<string | undefined>("creditHistory") ?? undefined)),
      ],
      ["Property value", pounds(propertyValue)],
      ["Mortgage balance", pounds(get("mortgageBalance"))],
      ["Age", text(optionLabel(QUICK_AGE_BANDS, get<string | undefined>("age") ?? undefined))],
      ...common,
    ],
    // The quick check stores no rate: only the LTV follows from its answers.
    figures: {
      rated: false,
      ltv: ltv === null ? null : Math.round(ltv * 100) / 100,
      indicativeRate: null,
      monthlyPayment: null,
      example: null,
      promotionVersion: get<number | null>("promotionVersionId") ?? null,
    },
    ...source,
  };
}

/** The first click id the landing page carried, in the order Google prefers them. */
function clickIdOf(row: Row): LeadView["clickId"] {
  for (const name of ["gclid", "gbraid", "wbraid"] as const) {
    const value = row[name];
    if (typeof value === "string" && value) return { name, value };
  }
  return null;
}

function nextActionOf(row: Row): LeadView["nextAction"] {
  const kind = row.nextActionKind as NextActionKind | null | undefined;
  const at = row.nextActionAt as Date | null | undefined;
  return kind && at ? { kind, label: NEXT_ACTION_LABELS[kind] ?? kind, at: at.toISOString() } : null;
}

/** The lender panel held against a lead, as its page shows it (DECISIONS D22). */
export interface PanelView {
  /** How many live products there are: none means there is nothing to match against yet. */
  live: number;
  /** Best rate first. */
  fits: {
    productId: string;
    lender: string;
    productName: string;
    kind: string;
    ratePercent: number;
    termMonths: number;
    monthlyPayment: number;
    totalPayable: number;
    feePounds: number;
  }[];
  misses: { productId: string; lender: string; productName: string; reason: string }[];
}

/** The panel's match for the page: plain data, nothing of the product beyond its names. */
export function panelView(match: PanelMatch, live: number): PanelView {
  return {
    live,
    fits: match.fits.map((f) => ({
      productId: f.product.id,
      lender: f.product.lender,
      productName: f.product.productName,
      kind: f.product.kind,
      ratePercent: f.ratePercent,
      termMonths: f.termMonths,
      monthlyPayment: f.monthlyPayment,
      totalPayable: f.totalPayable,
      feePounds: f.feePounds,
    })),
    misses: match.misses.map((m) => ({
      productId: m.product.id,
      lender: m.product.lender,
      productName: m.product.productName,
      reason: m.reason,
    })),
  };
}

/** A lead's case as the server reads it (server/staff/leads/cases.server.ts): what `caseView` takes. */
export interface CaseRecord {
  id: string;
  stage: CaseStage;
  version: number;
  product: {
    id: string;
    lender: string;
    productName: string;
    retired: boolean;
    criteria: { commissionPercent: number; commissionFixedPounds: number };
  };
  applicationSentAt: Date;
  offer: (Offer & { receivedAt: Date }) | null;
  completion: Completion | null;
  decline: { reason: string; at: Date } | null;
}

/** The case with a lender as the lead page shows it (docs/decisions/230): plain data, labels not codes. */
export interface CaseView {
  id: string;
  stage: CaseStage;
  stageLabel: string;
  version: number;
  product: CaseRecord["product"];
  applicationSentAt: string;
  offer: (Offer & { receivedAt: string }) | null;
  completion: Completion | null;
  decline: { reasonLabel: string; at: string } | null;
  /** The stages it may move to next: none once completed or declined. */
  next: CaseStage[];
  /** The product's commission on the amount offered, in pence: the completion form's starting figure. */
  commissionOnOffer: number | null;
}

/**
 * The lenders that have declined the lead, each with when it last did (ISO), from its
 * cases: the panel marks their products, so a second case is not sent back to a lender
 * that said no without the adviser seeing it (decision 256).
 */
export function lendersThatDeclined(cases: readonly (CaseView | null)[]): Map<string, string> {
  const declined = new Map<string, string>();
  for (const c of cases) {
    if (!c?.decline) continue;
    const last = declined.get(c.product.lender);
    if (!last || c.decline.at > last) declined.set(c.product.lender, c.decline.at);
  }
  return declined;
}

export function caseView(c: CaseRecord): CaseView {
  return {
    id: c.id,
    stage: c.stage,
    stageLabel: caseStageLabel(c.stage),
    version: c.version,
    product: c.product,
    applicationSentAt: c.applicationSentAt.toISOString(),
    offer: c.offer ? { ...c.offer, receivedAt: c.offer.receivedAt.toISOString() } : null,
    completion: c.completion,
    decline: c.decline ? { reasonLabel: declineReasonLabel(c.decline.reason), at: c.decline.at.toISOString() } : null,
    next: [...nextStages(c.stage)],
    commissionOnOffer: c.offer ? caseCommissionPence(c.product.criteria, c.offer.amount) : null,
  };
}
