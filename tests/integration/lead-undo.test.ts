import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STATUS_UNDONE } from "../../app/domain/lead-undo";
import type { ServerContext } from "../../server/platform/services";
import type { DatabaseHandle } from "../../server/platform/db/client";
import { auditLog, leadEvents, staffMembers } from "../../server/platform/db/schema";
import { findLead } from "../../server/staff/leads/leads.server";
import { insertLeads, sampleQuote } from "../../server/staff/leads/sample-leads";
import { routeContext } from "../support/app";
import { openTestDatabase, testDatabaseKinds } from "../support/database";
import { freshAddress } from "../support/leads";
import { answerOf, staffRoutesSignedInAs } from "../support/staff-routes";

// The Undo of a lead's last status move or note (DECISIONS D31) through the lead page's
// route as React Router calls it: offered in the notice and on the activity until anything
// else is done to the lead, to the member who did it; a status move goes back, said on the
// timeline; a note is taken off; an undo asked once the lead moved on is refused, stale.

const ME = { id: "staff-undo-me", name: "Una Undo", email: "una.undo@firm.example" };
const SITE = "http://localhost:3000";

const routes = staffRoutesSignedInAs(ME, async () => ({
  lead: (await import("../../app/routes/staff.leads.$kind.$id/route")).action,
  leadLoader: (await import("../../app/routes/staff.leads.$kind.$id/route")).loader,
}));
// biome-ignore lint/suspicious/noExplicitAny: a route's answer, read field by field.
type Body = Record<string, any>;

describe.each(testDatabaseKinds())("the undo of a lead's status move or note on %s", (kind) => {
  let database: DatabaseHandle;
  let context: ServerContext;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    context = routeContext(database, freshAddress());
    await database.db.insert(staffMembers).values([{ ...ME, enrolledAt: new Date(), roles: ["manager"] }]);
  });
  afterAll(async () => {
    await database.close();
  });

  const post = async (id: string, fields: [string, string][]) => {
    const answer = await answerOf(() =>
      routes().lead({
        request: new Request(`${SITE}/staff/leads/quote/${id}`, {
          method: "POST",
          headers: { Origin: SITE, "Sec-Fetch-Site": "same-origin" },
          body: new URLSearchParams(fields),
        }),
        context,
        params: { kind: "quote", id },
      } as never),
    );
    return { ...answer, body: (answer.body ?? {}) as Body };
  };
  const page = async (id: string, query = "") =>
    (
      await answerOf(() =>
        routes().leadLoader({
          request: new Request(`${SITE}/staff/leads/quote/${id}${query}`),
          context,
          params: { kind: "quote", id },
        } as never),
      )
    ).body as Body;
  const newQuote = async () => (await insertLeads(database.db, { quotes: [sampleQuote()] })).quotes[0] as string;
  const events = (id: string) =>
    database.db.select().from(leadEvents).where(eq(leadEvents.leadId, id)).orderBy(asc(leadEvents.id));

  it("moves a lead back after a status move, says so on its timeline, and offers no undo of the undo", async () => {
    const id = await newQuote();
    const moved = await post(id, [
      ["intent", "status"],
      ["version", "1"],
      ["to", "contacted"],
    ]);
    expect(moved.location).toBe(`/staff/leads/quote/${id}?done=status`);
    const shown = await page(id, "?done=status");
    expect(shown.leadUndo).toMatchObject({
      kind: "status",
      back: "new",
      version: 2,
      inNotice: true,
      label: "Undo: move the lead back to New",
    });
    // Opened afresh, the activity still offers it (not the notice): until the next change.
    expect((await page(id)).leadUndo).toMatchObject({ kind: "status", inNotice: false });

    const undone = await post(id, [
      ["intent", "undo"],
      ["version", "2"],
      ["event", String(shown.leadUndo.eventId)],
    ]);
    expect(undone.location).toBe(`/staff/leads/quote/${id}?done=status-undone`);
    expect((await findLead(database.db, "quote", id))?.row).toMatchObject({ status: "new", version: 3 });
    expect((await events(id)).at(-1)).toMatchObject({ fromStatus: "contacted", toStatus: "new", note: STATUS_UNDONE });
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.leadId, id), eq(auditLog.action, "lead.status")));
    expect(audit.at(-1)?.detail).toEqual({ from: "contacted", to: "new", undo: true });
    expect((await page(id, "?done=status-undone")).leadUndo).toBeNull();

    // Asked again (a second tab): refused, nothing moves.
    const again = await post(id, [
      ["intent", "undo"],
      ["version", "3"],
      ["event", String(shown.leadUndo.eventId)],
    ]);
    expect(again.status).toBe(409);
    expect((await findLead(database.db, "quote", id))?.row.status).toBe("new");
  });

  it("takes a note off while it is the lead's last entry; once something else is done, its undo is refused", async () => {
    const id = await newQuote();
    expect(
      (
        await post(id, [
          ["intent", "note"],
          ["version", "1"],
          ["note", "Wrong lead: meant another"],
        ])
      ).location,
    ).toBe(`/staff/leads/quote/${id}?done=note`);
    const shown = await page(id, "?done=note");
    expect(shown.leadUndo).toMatchObject({ kind: "note", inNotice: true, label: "Undo: take the note off the lead" });
    const undone = await post(id, [
      ["intent", "undo"],
      ["version", "1"],
      ["event", String(shown.leadUndo.eventId)],
    ]);
    expect(undone.location).toBe(`/staff/leads/quote/${id}?done=note-undone`);
    expect((await events(id)).filter((e) => e.type === "note")).toEqual([]);
    const audit = await database.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.leadId, id));
    expect(audit.map((a) => a.action)).toContain("lead.note-undone");

    // A note, then a status move: the note's undo is refused, the note kept.
    await post(id, [
      ["intent", "note"],
      ["version", "1"],
      ["note", "Rang, no answer"],
    ]);
    const note = (await page(id)).leadUndo;
    await post(id, [
      ["intent", "status"],
      ["version", "1"],
      ["to", "contacted"],
    ]);
    const stale = await post(id, [
      ["intent", "undo"],
      ["version", "2"],
      ["event", String(note.eventId)],
    ]);
    expect(stale.status).toBe(409);
    expect((await events(id)).filter((e) => e.type === "note")).toHaveLength(1);
  });
});
