import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPLAINT_FORM_PROBLEM, COMPLAINT_MESSAGES } from "../../app/domain/complaint-form";
import { letterTemplate } from "../../app/domain/complaint-letters";
import { complaintsReport, type HalfYear, halfYear } from "../../app/domain/complaints";
import {
  closeComplaint,
  complaintById,
  complaintsInPeriod,
  complaintsReportCsv,
  complaintsNeedingSomething,
  recordComplaint,
  recordReferral,
  reopenComplaint,
  sendComplaintLetter,
} from "../../server/complaints/complaints.server";
import { complaintFormAction } from "../../server/complaints/intake.server";
import { complaintAwaitsResponse } from "../../server/complaints/reminder.server";
import { runRetention } from "../../server/privacy/retention";
import { addStaff } from "../../server/staff/accounts.server";
import type { ServerContext } from "../../server/platform/services";
import type { DatabaseHandle } from "../../server/platform/db/client";
import { auditLog, complaintLetters, complaints, jobs, staffMembers } from "../../server/platform/db/schema";
import { routeContext } from "../support/app";
import { openTestDatabase, testDatabaseKinds } from "../support/database";
import { freshAddress } from "../support/leads";

// Complaints (DISP 1, DECISIONS D26) on each database: the public page's action, the
// acknowledgement through the outbox, letters kept as sent, the summary resolution's
// window, closing, reopening, and deletion three years after closing. The clock is
// each call's `now`.

const SITE = "http://localhost:3000";
const RECEIVED = new Date("2026-11-27T19:00:00Z"); // a Friday evening
const ann = { id: "", name: "Ann Handler" };

describe.each(testDatabaseKinds())("complaints on %s", (kind) => {
  let database: DatabaseHandle;
  let context: ServerContext;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    context = routeContext(database, freshAddress());
    const email = `ann.${Date.now()}@firm.example`;
    await addStaff(database.db, { email, name: ann.name });
    const [member] = await database.db.select().from(staffMembers).where(eq(staffMembers.email, email));
    ann.id = member?.id ?? "";
  });
  afterAll(async () => {
    await database.close();
  });

  const details = (email: string | null) => ({
    name: "Jane Smith",
    email,
    phone: null,
    about: "lead" as const,
    words: "Nobody called me back when you said you would.",
    wanted: null,
  });
  const record = (email: string | null = `jane.${Date.now()}.${Math.random()}@example.com`) =>
    recordComplaint(
      context,
      { details: details(email), channel: "phone", receivedAt: RECEIVED, handler: ann },
      RECEIVED,
    );
  const read = async (id: string) => (await complaintById(database.db, id))!;
  /** A letter from its template with the handler's parts written. */
  const written = async (id: string, kind: Parameters<typeof letterTemplate>[0]) => {
    const { complaint } = await read(id);
    const draft = letterTemplate(kind, context.config.site, {
      reference: "C-1",
      name: complaint.name,
      receivedDay: "2026-11-27",
      handlerName: ann.name,
      finalResponseDay: "2027-01-22",
    });
    return { ...draft, body: draft.body.replace(/\[(?:Write|Say|Give)[^\]]*\]/g, "We did not call you back.") };
  };

  it("records a complaint with its acknowledgement, sent through the outbox and kept as sent", async () => {
    const email = `jane.${Date.now()}@example.com`;
    const { id, reference } = await record(email);
    expect(reference).toBe(`C-${id.slice(0, 8).toUpperCase()}`);
    const { complaint, letters, handlerName } = await read(id);
    expect(complaint).toMatchObject({ channel: "phone", email, acknowledgedAt: RECEIVED, closedAt: null });
    expect(handlerName).toBe(ann.name);
    expect(letters).toHaveLength(1);
    expect(letters[0]).toMatchObject({ kind: "acknowledgement", sentTo: email, sentByName: ann.name });
    expect(letters[0]?.body).toContain("Ann Handler will look into it");
    const [job] = await database.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `complaint-letter:${letters[0]?.id}`));
    expect(job?.payload).toMatchObject({ to: email, subject: letters[0]?.subject });
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.action, "complaint.recorded"));
    const row = audit.find((entry) => (entry.detail as { complaint?: string }).complaint === id);
    // Ids only: never the complaint's words or the person's details.
    expect(JSON.stringify(row?.detail)).not.toMatch(/Jane|called|example\.com/);
  });

  it("queues the handler's reminder for the start of the eighth week, sent only while no response has gone", async () => {
    const { id } = await record();
    const [job] = await database.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `complaint-reminder:${id}`));
    // Received Friday 27 November 2026: the eighth week begins after 15 January 2027.
    expect(job).toMatchObject({ kind: "complaint-reminder", runAt: new Date("2027-01-16T00:00:00Z") });
    expect(job?.payload).toMatchObject({
      complaintId: id,
      to: expect.stringMatching(/^ann\./),
      subject: expect.stringContaining("Fri 22 Jan 2027"),
    });
    expect(await complaintAwaitsResponse(database.db, id)).toBe(true);
    const letter = await written(id, "holding");
    await sendComplaintLetter(context, { id, version: 1, kind: "holding", letter, actor: ann });
    expect(await complaintAwaitsResponse(database.db, id)).toBe(false);
  });

  it("without an email address, nothing is sent and the complaint waits for its acknowledgement", async () => {
    const { id } = await record(null);
    const { complaint, letters } = await read(id);
    expect(complaint.acknowledgedAt).toBe(null);
    expect(letters).toEqual([]);
  });

  it("a summary resolution closes it within three business days, and is refused after", async () => {
    const { id } = await record();
    const letter = await written(id, "summary-resolution");
    const late = await sendComplaintLetter(
      context,
      { id, version: 1, kind: "summary-resolution", letter, actor: ann },
      new Date("2026-12-03T00:00:00Z"),
    );
    expect(late).toMatchObject({ ok: false, status: 400 });
    const inTime = await sendComplaintLetter(
      context,
      { id, version: 1, kind: "summary-resolution", letter, actor: ann },
      new Date("2026-12-02T23:59:00Z"),
    );
    expect(inTime).toEqual({ ok: true });
    const { complaint, letters } = await read(id);
    expect(complaint.closedAt?.toISOString()).toBe("2026-12-02T23:59:00.000Z");
    expect(complaint.keepUntil?.toISOString()).toBe("2029-12-03T00:00:00.000Z");
    expect(letters.map((l) => l.kind)).toEqual(["acknowledgement", "summary-resolution"]);
    expect(letters[1]?.body).toBe(letter.body);
  });

  it("refuses a letter with a part unwritten, or sent from a page another change has made stale", async () => {
    const { id } = await record();
    const template = letterTemplate("final-response", context.config.site, {
      reference: "C-1",
      name: "Jane Smith",
      receivedDay: "2026-11-27",
      handlerName: ann.name,
      finalResponseDay: "2027-01-22",
    });
    const unwritten = await sendComplaintLetter(context, {
      id,
      version: 1,
      kind: "final-response",
      letter: template,
      actor: ann,
    });
    expect(unwritten).toMatchObject({
      ok: false,
      status: 400,
      errors: { body: "Write the parts in square brackets before sending" },
    });
    const letter = await written(id, "holding");
    expect(await sendComplaintLetter(context, { id, version: 1, kind: "holding", letter, actor: ann })).toEqual({
      ok: true,
    });
    const stale = await sendComplaintLetter(context, { id, version: 1, kind: "holding", letter, actor: ann });
    expect(stale).toMatchObject({ ok: false, status: 409 });
    expect(
      await sendComplaintLetter(context, { id, version: null, kind: "holding", letter, actor: ann }),
    ).toMatchObject({
      status: 409,
    });
  });

  it("closes only after a response, with its outcome; reopens; deletes three years after closing, letters too", async () => {
    const { id } = await record();
    const closing = {
      outcome: "upheld" as const,
      redressPence: 5_000,
      category: "admin-service" as const,
      rootCause: "delay" as const,
    };
    expect(await closeComplaint(database.db, { id, version: 1, closing, actor: ann })).toMatchObject({
      ok: false,
      problem: "Send the final response before closing the complaint",
    });
    const letter = await written(id, "final-response");
    expect(await sendComplaintLetter(context, { id, version: 1, kind: "final-response", letter, actor: ann })).toEqual({
      ok: true,
    });
    const closedAt = new Date("2027-01-10T12:00:00Z");
    expect(await closeComplaint(database.db, { id, version: 2, closing, actor: ann }, closedAt)).toEqual({ ok: true });
    expect((await read(id)).complaint).toMatchObject({ outcome: "upheld", redressPence: 5_000, closedAt });

    expect(await reopenComplaint(database.db, { id, version: 3, actor: ann })).toEqual({ ok: true });
    expect((await read(id)).complaint).toMatchObject({ closedAt: null, keepUntil: null });
    await sendComplaintLetter(context, { id, version: 4, kind: "final-response", letter, actor: ann });
    await closeComplaint(database.db, { id, version: 5, closing, actor: ann }, closedAt);

    const letterIds = (await read(id)).letters.map((l) => l.id);
    // Three years from closing, to the day: kept until its end, gone after, with the emails that carried its letters.
    await runRetention(database.db, new Date("2030-01-10T23:59:00Z"));
    expect(await complaintById(database.db, id)).not.toBe(null);
    await runRetention(database.db, new Date("2030-01-11T00:00:00Z"));
    expect(await complaintById(database.db, id)).toBe(null);
    expect(await database.db.select().from(complaintLetters).where(eq(complaintLetters.complaintId, id))).toEqual([]);
    const letterJobs = await database.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `complaint-letter:${letterIds[0]}`));
    expect(letterJobs).toEqual([]);
  });

  it("Today lists the open complaints that need something, overdue first, and leaves out one answered in good time", async () => {
    const unacknowledged = await record(null);
    const answered = await record();
    const letter = await written(answered.id, "holding");
    await sendComplaintLetter(context, { id: answered.id, version: 1, kind: "holding", letter, actor: ann }, RECEIVED);
    // Five business days on: the one without an acknowledgement is overdue; the others are past their three days.
    const due = await complaintsNeedingSomething(database.db, new Date("2026-12-05T00:00:00Z"), "england-and-wales");
    const ids = due.map((d) => d.row.id);
    expect(ids).toContain(unacknowledged.id);
    expect(ids).not.toContain(answered.id);
    expect(due[0]?.needs).toMatchObject({ kind: "acknowledge", overdue: true });
  });

  it("the half-year's report reads the complaints received or closed in it, and its CSV gives the figures", async () => {
    const period = halfYear("2026-H2") as HalfYear;
    const report = complaintsReport(await complaintsInPeriod(database.db, period), period, "england-and-wales");
    expect(report.opened).toBeGreaterThan(0);
    const csv = complaintsReportCsv(report);
    expect(csv).toContain("Period,July to December 2026\r\n");
    expect(csv).toContain(`Opened,${report.opened}\r\n`);
    expect(csv).toContain("Redress paid (£),");
    const none = complaintsReport(
      await complaintsInPeriod(database.db, halfYear("2025-H1") as HalfYear),
      period,
      "scotland",
    );
    expect(none.opened).toBe(0);
  });

  it("records its referral to the Ombudsman and the decision, never before it reached us, at the page's version", async () => {
    const { id } = await record();
    const referral = { id, result: "in-our-favour" as const, actor: ann };
    expect(
      await recordReferral(database.db, { ...referral, version: 1, referredAt: new Date("2026-11-01T12:00:00Z") }),
    ).toMatchObject({ ok: false, status: 400 });
    const referredAt = new Date("2027-02-01T12:00:00Z");
    expect(await recordReferral(database.db, { ...referral, version: 1, referredAt })).toEqual({ ok: true });
    expect((await read(id)).complaint).toMatchObject({ referredAt, ombudsmanResult: "in-our-favour", version: 2 });
    expect(await recordReferral(database.db, { ...referral, version: 1, referredAt })).toMatchObject({ status: 409 });
  });

  it("an unknown complaint is a 404", async () => {
    const missing = "00000000-0000-4000-8000-000000000000";
    const letter = await written((await record()).id, "holding");
    expect(
      await sendComplaintLetter(context, { id: missing, version: 1, kind: "holding", letter, actor: ann }),
    ).toMatchObject({
      status: 404,
    });
  });

  describe("the public form's action", () => {
    const post = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
      complaintFormAction(
        { ...context, clientAddress: freshAddress() },
        new Request(`${SITE}/make-a-complaint`, {
          method: "POST",
          headers: { Origin: SITE, "Sec-Fetch-Site": "same-origin", ...headers },
          body: new URLSearchParams(fields),
        }),
      );
    const typed = {
      name: " Jane Smith ",
      email: "",
      phone: "",
      about: "website",
      words: "The calculator showed a different payment from the letter.",
      wanted: "",
    };

    it("records a complaint from the website and acknowledges it", async () => {
      const email = `web.${Date.now()}@example.com`;
      const outcome = await post({ ...typed, email: ` ${email.toUpperCase()} ` });
      expect(outcome).toMatchObject({ sent: true, reference: expect.stringMatching(/^C-[0-9A-F]{8}$/) });
      const [row] = await database.db.select().from(complaints).where(eq(complaints.email, email));
      expect(row).toMatchObject({ channel: "web-form", about: "website", name: "Jane Smith", handlerId: null });
      const { letters } = await read(row?.id ?? "");
      expect(letters[0]?.body).toContain("The complaints team will look into it");
    });

    it("refuses what cannot be read, keeping what was typed, each problem at its field", async () => {
      const outcome = await post({ ...typed, name: "", about: "__proto__", words: "short" });
      expect(outcome).toEqual({
        sent: false,
        status: 400,
        reply: {
          values: { ...typed, name: "", about: "__proto__", words: "short" },
          problem: COMPLAINT_FORM_PROBLEM,
          errors: {
            name: COMPLAINT_MESSAGES.nameRequired,
            email: COMPLAINT_MESSAGES.emailInvalid,
            about: COMPLAINT_MESSAGES.aboutRequired,
            words: COMPLAINT_MESSAGES.wordsTooShort,
          },
        },
      });
    });

    it("takes posts from the site's own pages only, and tells a robot it was sent", async () => {
      expect(
        await post(
          { ...typed, email: "x@example.com" },
          { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
        ),
      ).toMatchObject({
        sent: false,
        status: 403,
      });
      const before = await database.db.select().from(complaints);
      expect(await post({ ...typed, email: "robot@example.com", website: "http://spam.example" })).toEqual({
        sent: true,
        reference: null,
      });
      expect(await database.db.select().from(complaints)).toHaveLength(before.length);
    });
  });
});
