import { eq } from "drizzle-orm";
import { formatPounds } from "../../app/domain/finance";
import { leadReference } from "../../app/domain/leads";
import { LOAN_PURPOSES, optionLabel } from "../../app/domain/options";
import type { Database } from "../platform/db/client";
import { personalEnquiries, quotes } from "../platform/db/schema";

export interface LeadSummary {
  reference: string;
  /** "A loan of £40,000 for home improvements." */
  request: string;
}

/**
 * What the thank-you page repeats of the lead it thanks for: the reference and what was
 * asked for, nothing that names or reaches the borrower (the link carries the lead's
 * random id, and may be shared or bookmarked).
 */
export async function leadSummary(db: Database, id: string): Promise<LeadSummary | null> {
  const [lead] = await db
    .select({ id: quotes.id, loanAmount: quotes.loanAmount, loanPurpose: quotes.loanPurpose })
    .from(quotes)
    .where(eq(quotes.id, id));
  const found =
    lead ??
    (
      await db
        .select({
          id: personalEnquiries.id,
          loanAmount: personalEnquiries.loanAmount,
          loanPurpose: personalEnquiries.loanPurpose,
        })
        .from(personalEnquiries)
        .where(eq(personalEnquiries.id, id))
    )[0];
  if (!found) return null;
  const purpose = optionLabel(LOAN_PURPOSES, found.loanPurpose ?? undefined).toLowerCase();
  return {
    reference: leadReference(found.id),
    request: `A loan of ${formatPounds(found.loanAmount)}${purpose ? ` for ${purpose}` : ""}.`,
  };
}
