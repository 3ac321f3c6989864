import { eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { LeadKind } from "../../../app/domain/leads";
import type { Database } from "../../platform/db/client";
import { contactMessages, personalEnquiries, quotes, staffMembers } from "../../platform/db/schema";
import type { ListedLead } from "./bulk.server";

// The ticked leads as a check step or an undo names them (DECISIONS D31): each lead's
// name, version and who has it now, read in one query a table.

export interface ListedLeadNow {
  kind: LeadKind;
  id: string;
  name: string;
  version: number;
  assigneeId: string | null;
  assigneeName: string | null;
}

const TABLES = { quote: quotes, "personal-enquiry": personalEnquiries, contact: contactMessages } as const;

/** The listed leads as they stand, in the order listed; one no longer held is left out. */
export async function listedLeadsNow(db: Database, leads: readonly ListedLead[]): Promise<ListedLeadNow[]> {
  const found = new Map<string, ListedLeadNow>();
  for (const kind of Object.keys(TABLES) as LeadKind[]) {
    const ids = leads.filter((l) => l.kind === kind && z.uuid().safeParse(l.id).success).map((l) => l.id);
    if (ids.length === 0) continue;
    const table = TABLES[kind];
    const name =
      kind === "contact"
        ? contactMessages.name
        : sql<string>`trim(${(table as typeof quotes).firstName} || ' ' || ${(table as typeof quotes).lastName})`;
    const rows = await db
      .select({
        id: table.id,
        name,
        version: table.version,
        assigneeId: table.assigneeId,
        assigneeName: staffMembers.name,
      })
      .from(table)
      .leftJoin(staffMembers, eq(staffMembers.id, table.assigneeId))
      .where(inArray(table.id, ids));
    for (const row of rows) found.set(`${kind}:${row.id}`, { kind, ...row });
  }
  return leads.flatMap((l) => found.get(`${l.kind}:${l.id}`) ?? []);
}
