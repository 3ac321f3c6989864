import { and, eq, like } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ukClock } from "../../app/domain/uk-time";
import { recordComplaint } from "../../server/complaints/complaints.server";
import type { DatabaseHandle } from "../../server/platform/db/client";
import { auditLog, complaintLetters, complaints, jobs } from "../../server/platform/db/schema";
import { insertLeads, sampleQuote } from "../../server/staff/leads/sample-leads";
import { createTestApp, hasBuild, loadBuild } from "../support/app";
import { openTestDatabase, testDatabaseKinds } from "../support/database";
import { MINUTE } from "../support/staff-door";
import { type MemberWithSession, memberWithSession } from "../support/staff-members";

// The complaint's page and what leads from it, as a member meets them: plain form posts
// through the whole app (pages and actions from the build) with a real staff session. A
// referral dated today, whatever the hour; letters to a complaint without an email
// address printed, posted and recorded, its clock moved and its outcome stored as chosen;
// an erasure that says what it kept, deletes the emails that carried the kept complaint's
// letters, and never puts the person's address in the step-up's URL; a correction's audit
// row naming its fields.

const SITE = "http://localhost:3000";

/** Whether a page's HTML holds a text, failing with the text alone (never the whole page). */
const has = (html: string, text: string) => expect(html.includes(text), `the page holds "${text}"`).toBe(true);
const hasNot = (html: string, text: string) =>
  expect(html.includes(text), `the page does not hold "${text}"`).toBe(false);
const URLENCODED = "application/x-www-form-urlencoded";

describe.skipIf(!hasBuild).each(testDatabaseKinds())("the complaint pages, through the app, on %s", (kind) => {
  let database: DatabaseHandle;
  let build: ServerBuild | undefined;
  let site: ReturnType<typeof createTestApp>;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    build = await loadBuild();
    site = createTestApp(database, {}, { build });
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A member of the Manager and Compliance roles (and Adviser), signed in at `now`, their last code `codeAgeMs` old. */
  const member = (now = Date.now(), codeAgeMs = 0) =>
    memberWithSession(database.db, site.config.authSecret, ["adviser", "manager", "compliance"], {
      now,
      codeAgeMs,
      name: "Carol Compliance",
    });
  const get = (who: MemberWithSession, path: string) =>
    site.app.request(`${SITE}${path}`, { headers: { Cookie: who.cookie } });
  const post = (who: MemberWithSession, path: string, fields: Record<string, string>, referer = path) =>
    site.app.request(`${SITE}${path}`, {
      method: "POST",
      headers: { Cookie: who.cookie, Origin: SITE, Referer: `${SITE}${referer}`, "Content-Type": URLENCODED },
      body: new URLSearchParams(fields).toString(),
    });
  const stored = async (id: string) => {
    const [row] = await database.db.select().from(complaints).where(eq(complaints.id, id));
    return row as typeof complaints.$inferSelect;
  };
  const lettersOf = (id: string) =>
    database.db.select().from(complaintLetters).where(eq(complaintLetters.complaintId, id));
  /** A complaint taken by phone, by the member, received at `receivedAt`. */
  const taken = async (who: MemberWithSession, receivedAt: Date, email: string | null) =>
    (
      await recordComplaint(
        { ...site, db: database.db, kickOutbox: () => {} },
        {
          details: {
            name: "Pat Posted",
            email,
            phone: "07700 900456",
            about: "adviser",
            words: "Nobody called me back after the valuation.",
            wanted: null,
          },
          channel: "phone",
          receivedAt,
          handler: { id: who.id, name: who.name },
        },
        receivedAt,
      )
    ).id;
  /** A letter's template from the page, with the parts in square brackets written. */
  const writtenFromPage = async (who: MemberWithSession, id: string, letter: string, outcome = "upheld") => {
    const page = await (await get(who, `/staff/complaints/${id}?${new URLSearchParams({ letter, outcome })}`)).text();
    const field = (name: string) => {
      const html =
        name === "body"
          ? /<textarea[^>]*name="body"[^>]*>([\s\S]*?)<\/textarea>/.exec(page)?.[1]
          : /<input[^>]*name="subject"[^>]*value="([^"]*)"/.exec(page)?.[1];
      if (html === undefined) throw new Error(`the page drew no ${name} for the ${letter}`);
      return html
        .replace(/&quot;/g, '"')
        .replace(/&#x27;/g, "'")
        .replace(/&lt;/g, "<")
        .replace(/&gt;/g, ">")
        .replace(/&amp;/g, "&");
    };
    return {
      subject: field("subject"),
      body: field("body").replace(/\[(?:Write|Say|Give)[^\]]*\]/g, "We should have called you back."),
    };
  };

  describe("a referral to the Ombudsman dated today", () => {
    it.each([
      ["in winter (GMT), at 09:00 UK time", "2026-12-07T09:00:00Z", "2026-12-07"],
      ["in summer (BST), at 09:00 UK time", "2027-07-14T08:00:00Z", "2027-07-14"],
    ])("%s: saved, on that day", async (_, at, day) => {
      const now = new Date(at);
      vi.useFakeTimers({ toFake: ["Date"], now });
      const carol = await member(now.getTime());
      const id = await taken(carol, new Date(now.getTime() - 3 * 86_400_000), `pat.${day}@example.com`);
      const saved = await post(carol, `/staff/complaints/${id}`, {
        intent: "referral",
        version: "1",
        referredOn: day,
        result: "pending",
      });
      expect(saved.status).toBe(303);
      expect(saved.headers.get("Location")).toBe(`/staff/complaints/${id}?done=referred`);
      const row = await stored(id);
      expect(ukClock(row.referredAt as Date).day).toBe(day);
      expect(row.referredAt?.getTime()).toBeLessThanOrEqual(now.getTime());
      // Tomorrow is still refused.
      const tomorrow = new Date(now.getTime() + 86_400_000).toISOString().slice(0, 10);
      const refused = await post(carol, `/staff/complaints/${id}`, {
        intent: "referral",
        version: "2",
        referredOn: tomorrow,
        result: "pending",
      });
      expect(refused.status).toBe(400);
      has(await refused.text(), "Enter the day it was referred, no later than today");
    });

    it("a referral on the day it came in, before the hour it came: saved", async () => {
      const now = new Date("2026-12-10T16:00:00Z");
      vi.useFakeTimers({ toFake: ["Date"], now });
      const carol = await member(now.getTime());
      const id = await taken(carol, new Date("2026-12-08T15:00:00Z"), "pat.sameday@example.com");
      const saved = await post(carol, `/staff/complaints/${id}`, {
        intent: "referral",
        version: "1",
        referredOn: "2026-12-08",
        result: "in-our-favour",
      });
      expect(saved.status).toBe(303);
      expect((await stored(id)).ombudsmanResult).toBe("in-our-favour");
    });
  });

  describe("a complaint without an email address", () => {
    it("offers each letter to print, records it as posted on a day, moves the clock, and closes with the outcome chosen", async () => {
      // Received on a Monday morning; the acknowledgement printed and posted the same day.
      const received = new Date("2026-12-07T10:00:00Z");
      const now = new Date("2026-12-07T15:00:00Z");
      vi.useFakeTimers({ toFake: ["Date"], now });
      const carol = await member(now.getTime());
      const id = await taken(carol, received, null);
      const path = `/staff/complaints/${id}`;

      const page = await (await get(carol, path)).text();
      has(page, "Write a letter to post");
      for (const letter of ["Acknowledgement", "Summary resolution", "Final response", "Holding response"])
        has(page, `>${letter}</option>`);

      // The acknowledgement: the template to post, ready to print, then recorded as posted today.
      const acknowledgement = await writtenFromPage(carol, id, "acknowledgement");
      expect(acknowledgement.body).toContain("write to us at 1 Harbourside Quay");
      expect(acknowledgement.body).not.toContain("reply to this email");
      const printed = await post(carol, path, {
        intent: "print",
        kind: "acknowledgement",
        version: "1",
        ...acknowledgement,
      });
      expect(printed.status).toBe(200);
      const sheet = await printed.text();
      has(sheet, 'data-testid="printable-letter"');
      has(sheet, "Pat Posted");
      has(sheet, "Their postal address is to be written in here.");
      has(sheet, "Mon 7 Dec 2026");
      has(sheet, "Record as posted");
      // What recording it does, and to whom, is said before it is done; asked without that confirmation, the sheet answers.
      has(sheet, "Record the acknowledgement as posted to Pat Posted?");
      has(sheet, "<li>Pat Posted, by post</li>");
      const unconfirmed = await post(carol, path, {
        intent: "post",
        kind: "acknowledgement",
        version: "1",
        postedOn: "2026-12-07",
        ...acknowledgement,
      });
      expect(unconfirmed.status).toBe(200);
      has(await unconfirmed.text(), "Record the acknowledgement as posted to Pat Posted?");
      expect(await lettersOf(id)).toEqual([]);

      // A day after today, or before it came, is refused with the reason.
      for (const postedOn of ["2026-12-08", "2026-12-06", "soon"]) {
        const refused = await post(carol, path, {
          intent: "post",
          confirm: "yes",
          kind: "acknowledgement",
          version: "1",
          postedOn,
          ...acknowledgement,
        });
        expect(refused.status, postedOn).toBe(400);
        has(await refused.text(), "Enter the day it was posted");
      }
      const posted = await post(carol, path, {
        intent: "post",
        confirm: "yes",
        kind: "acknowledgement",
        version: "1",
        postedOn: "2026-12-07",
        ...acknowledgement,
      });
      expect(posted.headers.get("Location")).toBe(`${path}?done=posted`);
      let [letter] = await lettersOf(id);
      expect(letter).toMatchObject({ kind: "acknowledgement", sentTo: "post", subject: acknowledgement.subject });
      expect(letter?.body.replace(/\r\n/g, "\n")).toBe(acknowledgement.body.replace(/\r\n/g, "\n"));
      expect((await stored(id)).acknowledgedAt).toEqual(now);
      // Nothing was emailed.
      expect(
        await database.db
          .select()
          .from(jobs)
          .where(eq(jobs.dedupeKey, `complaint-letter:${letter?.id}`)),
      ).toEqual([]);
      const after = await (await get(carol, `${path}?done=posted`)).text();
      has(after, "The letter is recorded as posted, and kept here as printed.");
      has(after, "Acknowledgement, posted on Mon 7 Dec 2026");
      hasNot(after, "Acknowledgement due by");
      expect(after.replace(/<!-- -->/g, "")).toContain("Stage:</span> Acknowledged");

      // A week on: the final response, posted the day before it is recorded, answers the complaint.
      const later = new Date("2026-12-15T11:00:00Z");
      vi.setSystemTime(later);
      const again = await member(later.getTime());
      const response = await writtenFromPage(again, id, "final-response", "rejected");
      expect(response.body).toContain("your complaint is not upheld");
      const recorded = await post(again, path, {
        intent: "post",
        confirm: "yes",
        kind: "final-response",
        version: "2",
        postedOn: "2026-12-14",
        ...response,
      });
      expect(recorded.headers.get("Location")).toBe(`${path}?done=posted`);
      letter = (await lettersOf(id)).find((l) => l.kind === "final-response");
      expect(ukClock(letter?.sentAt as Date).day).toBe("2026-12-14");
      expect(ukClock((await stored(id)).respondedAt as Date).day).toBe("2026-12-14");

      const closing = await (await get(again, path)).text();
      has(closing, "Close the complaint");
      const closed = await post(again, path, {
        intent: "close",
        version: "3",
        outcome: "rejected",
        redress: "0",
        category: "admin-service",
        rootCause: "communication",
      });
      expect(closed.headers.get("Location")).toBe(`${path}?done=closed`);
      expect(await stored(id)).toMatchObject({ outcome: "rejected", redressPence: 0 });
    });
  });

  describe("the close form", () => {
    it("starts on no outcome, so none is saved that was not chosen", async () => {
      const carol = await member();
      const id = await taken(carol, new Date(Date.now() - 86_400_000), "pat.close@example.com");
      const response = await writtenFromPage(carol, id, "final-response", "partly-upheld");
      await post(carol, `/staff/complaints/${id}`, {
        intent: "send",
        kind: "final-response",
        version: "1",
        confirm: "yes",
        ...response,
      });
      const page = await (await get(carol, `/staff/complaints/${id}`)).text();
      const select = /<select[^>]*id="close-outcome"[^>]*>([\s\S]*?)<\/select>/.exec(page)?.[1] ?? "";
      expect(select).toMatch(/^<option value="" selected="">Choose<\/option>/);
      const unchosen = await post(carol, `/staff/complaints/${id}`, {
        intent: "close",
        version: "2",
        outcome: "",
        redress: "0",
        category: "other",
        rootCause: "delay",
      });
      expect(unchosen.status).toBe(400);
      has(await unchosen.text(), "Choose the outcome");
    });
  });

  describe("an erasure of a person whose complaint is kept", () => {
    const email = "kept.complainant@example.com";

    it("goes through the step-up without the address in any URL, says what it kept, and deletes the emails that carried the letters", async () => {
      const carol = await member(Date.now(), 10 * MINUTE);
      const id = await taken(carol, new Date(Date.now() - 86_400_000), email);
      const response = await writtenFromPage(carol, id, "final-response");
      await post(carol, `/staff/complaints/${id}`, {
        intent: "send",
        kind: "final-response",
        version: "1",
        confirm: "yes",
        ...response,
      });
      const letterIds = (await lettersOf(id)).map((l) => l.id);
      expect(letterIds).toHaveLength(2);
      const letterJobs = () =>
        database.db
          .select({ id: jobs.id })
          .from(jobs)
          .where(like(jobs.dedupeKey, "complaint-letter:%"))
          .then((rows) => rows.length);
      const before = await letterJobs();

      // The code is ten minutes old: the erasure asks for it again first.
      const lookUp = `/staff/requests?${new URLSearchParams({ email })}`;
      const erase = { email, confirm: email };
      const stale = await post(carol, "/staff/requests", erase, lookUp);
      expect(stale.status).toBe(303);
      const stepUp = stale.headers.get("Location") ?? "";
      expect(stepUp).toBe("/staff/step-up?from=%2Fstaff%2Frequests");
      expect(decodeURIComponent(stepUp)).not.toContain("kept.complainant");

      const fresh = await member();
      const erased = await post(fresh, "/staff/requests", erase, lookUp);
      expect(erased.status).toBe(302);
      const back = erased.headers.get("Location") ?? "";
      expect(back).not.toContain("kept.complainant");
      const notice = await (await get(fresh, back)).text();
      has(
        notice,
        "Everything held about that address has been erased, except 1 complaint kept for three years after it closes, as the rules on complaints require.",
      );
      // The complaint is kept with its letters; the emails that carried them are gone.
      expect(await stored(id)).toMatchObject({ email });
      expect(await lettersOf(id)).toHaveLength(2);
      expect(await letterJobs()).toBe(before - 2);
    });
  });

  describe("a correction to a lead", () => {
    it("shows in the audit log with the fields it changed, by their labels, never their values", async () => {
      const carol = await member();
      const ids = await insertLeads(database.db, { quotes: [sampleQuote({})], enquiries: [], contacts: [] });
      const leadId = ids.quotes[0] as string;
      const corrected = await post(carol, `/staff/leads/quote/${leadId}`, {
        intent: "correct",
        version: "1",
        phone: "07700 900987",
      });
      expect(corrected.status).toBe(302);
      const rows = await database.db
        .select({ detail: auditLog.detail })
        .from(auditLog)
        .where(and(eq(auditLog.leadId, leadId), eq(auditLog.action, "lead.correct")));
      expect(rows.map((r) => r.detail)).toEqual([{ fields: expect.arrayContaining(["phone"]) }]);
      const log = await (await get(carol, `/staff/audit?${new URLSearchParams({ lead: leadId })}`)).text();
      has(log, "Corrected a lead&#x27;s details");
      has(log, "Fields: Phone");
      hasNot(log, "900987");
    });
  });
});
