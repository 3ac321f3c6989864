import { and, eq, like } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { complaintReference } from "../../app/domain/complaint-form";
import { complaintsOfEmail, recordComplaint } from "../../server/complaints/complaints.server";
import type { DatabaseHandle } from "../../server/platform/db/client";
import { personRecordsOf } from "../../server/staff/leads/person-records.server";
import { auditLog, complaintLetters, complaints, jobs } from "../../server/platform/db/schema";
import { createTestApp, hasBuild, loadBuild } from "../support/app";
import { openTestDatabase, testDatabaseKinds } from "../support/database";
import { type CheckedPage, hasJava, htmlErrors } from "../support/html-checker";
import { type MemberWithSession, memberWithSession } from "../support/staff-members";

// A complaint's stage, its one due day, its handler and its letters' check step
// (docs/decisions/430), as plain form posts through the whole app with real staff
// sessions: each post, and the page it leads to. The clock is set: received on Monday
// 7 December 2026 at 10:00 in England, the final response due by the end of 1 February 2027.

const SITE = "http://localhost:3000";
const URLENCODED = "application/x-www-form-urlencoded";
const RECEIVED = new Date("2026-12-07T10:00:00Z");
const NOW = new Date("2026-12-08T11:00:00Z");

const has = (html: string, text: string) => expect(html.includes(text), `the page holds "${text}"`).toBe(true);
const hasNot = (html: string, text: string) =>
  expect(html.includes(text), `the page does not hold "${text}"`).toBe(false);
/** A page's text, its tags taken out and its spaces made one. */
const words = (html: string) => htmlText(html.replace(/<[^>]+>/g, "")).replace(/\s+/g, " ");
const htmlText = (html: string) =>
  html
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

describe.skipIf(!hasBuild).each(testDatabaseKinds())("a complaint's stages through the app, on %s", (kind) => {
  let database: DatabaseHandle;
  let build: ServerBuild | undefined;
  let site: ReturnType<typeof createTestApp>;
  /** Each state drawn here, for the HTML checker at the end. */
  const drawn: CheckedPage[] = [];
  const keep = (name: string, html: string) => {
    drawn.push({ name, html });
    return html;
  };

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

  const signedIn = (roles: Parameters<typeof memberWithSession>[2], name: string) =>
    memberWithSession(database.db, site.config.authSecret, roles, { now: NOW.getTime(), name });
  const get = async (who: MemberWithSession, path: string) =>
    (await site.app.request(`${SITE}${path}`, { headers: { Cookie: who.cookie } })).text();
  const post = (who: MemberWithSession, path: string, fields: Record<string, string>) =>
    site.app.request(`${SITE}${path}`, {
      method: "POST",
      headers: { Cookie: who.cookie, Origin: SITE, Referer: `${SITE}${path}`, "Content-Type": URLENCODED },
      body: new URLSearchParams(fields).toString(),
    });
  const stored = async (id: string) => {
    const [row] = await database.db.select().from(complaints).where(eq(complaints.id, id));
    return row as typeof complaints.$inferSelect;
  };
  /** A complaint made on the website: acknowledged by email at once, no handler yet. */
  const fromTheWebsite = async (email: string) =>
    (
      await recordComplaint(
        { ...site, db: database.db, kickOutbox: () => {} },
        {
          details: {
            name: "Wendy Web",
            email,
            phone: null,
            about: "adviser",
            words: "Nobody called me back.",
            wanted: null,
          },
          channel: "web-form",
          receivedAt: RECEIVED,
          handler: null,
        },
        RECEIVED,
      )
    ).id;
  /** The template of a letter from the page, its parts in square brackets written. */
  const written = async (who: MemberWithSession, id: string, letter: string, outcome = "upheld") => {
    const page = await get(who, `/staff/complaints/${id}?${new URLSearchParams({ letter, outcome })}`);
    const body = /<textarea[^>]*name="body"[^>]*>([\s\S]*?)<\/textarea>/.exec(page)?.[1] ?? "";
    const subject = /<input[^>]*name="subject"[^>]*value="([^"]*)"/.exec(page)?.[1] ?? "";
    return {
      subject: htmlText(subject),
      body: htmlText(body).replace(/\[(?:Write|Say|Give)[^\]]*\]/g, "We should have called you back."),
    };
  };
  const stage = (page: string) =>
    htmlText(/data-testid="complaint-stage"[^>]*>([\s\S]*?)<\/div>/.exec(page)?.[1] ?? "")
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " ")
      .replace(/ :/g, ":")
      .trim();
  const clock = (page: string) =>
    htmlText(/data-testid="complaint-clock"[^>]*>([\s\S]*?)<\/ul>/.exec(page)?.[1] ?? "").replace(/<[^>]+>/g, "|");

  it("is taken by its handler, and given on by a manager only from a chosen member", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: NOW });
    const cleo = await signedIn(["compliance"], "Cleo Compliance");
    const mo = await signedIn(["manager"], "Mo Manager");
    const adam = await signedIn(["adviser"], "Adam Adviser");
    const id = await fromTheWebsite("wendy.take@example.com");
    const path = `/staff/complaints/${id}`;

    const first = keep("the head, not yet taken", await get(cleo, path));
    expect(stage(first)).toBe(
      "Stage: Acknowledged Final response due by the end of Mon 1 Feb 2027 Handler: Not yet taken",
    );
    has(first, ">Take it</button>");
    // Cleo may take it, not give it: no menu of handlers.
    hasNot(first, 'id="complaint-handler"');

    const took = await post(cleo, path, { intent: "take", version: "1" });
    expect(took.status).toBe(303);
    expect(took.headers.get("Location")).toBe(`${path}?done=taken`);
    expect((await stored(id)).handlerId).toBe(cleo.id);
    const after = await get(cleo, `${path}?done=taken`);
    has(after, "You are its handler now.");
    expect(stage(after)).toContain("Handler: Cleo Compliance");
    hasNot(after, ">Take it</button>");

    // Giving it to another member is a manager's.
    const notHers = await post(cleo, path, { intent: "assign", version: "2", handler: mo.id });
    expect(notHers.status).toBe(403);
    expect((await stored(id)).handlerId).toBe(cleo.id);

    // The manager's menu starts on Choose…, and lists only those who handle complaints.
    const managers = keep("a manager's menu of handlers", await get(mo, path));
    const menu = /<select[^>]*id="complaint-handler"[^>]*>([\s\S]*?)<\/select>/.exec(managers)?.[1] ?? "";
    expect(menu).toMatch(/^<option value="" selected="">Choose…<\/option>/);
    expect(menu).toContain("Cleo Compliance");
    expect(menu).not.toContain("Adam Adviser");
    const unchosen = await post(mo, path, { intent: "assign", version: "2", handler: "" });
    expect(unchosen.status).toBe(400);
    const refused = keep("the handler refused at its field", await unchosen.text());
    has(refused, "Choose a member who handles complaints");
    has(refused, 'aria-describedby="complaint-handler-error"');
    const adviser = await post(mo, path, { intent: "assign", version: "2", handler: adam.id });
    expect(adviser.status).toBe(400);
    expect((await stored(id)).handlerId).toBe(cleo.id);

    const given = await post(mo, path, { intent: "assign", version: "2", handler: mo.id });
    expect(given.headers.get("Location")).toBe(`${path}?done=assigned`);
    expect(stage(await get(mo, path))).toContain("Handler: Mo Manager");
    const audits = await database.db
      .select({ actor: auditLog.actorId, detail: auditLog.detail })
      .from(auditLog)
      .where(eq(auditLog.action, "complaint.handler"));
    expect(audits.filter((row) => (row.detail as { complaint: string }).complaint === id)).toEqual([
      { actor: cleo.id, detail: { complaint: id, handler: cleo.id, before: null } },
      { actor: mo.id, detail: { complaint: id, handler: mo.id, before: cleo.id } },
    ]);
  });

  it("previews a final response as the email it will be, sends it only once confirmed, and moves its stage", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: NOW });
    const cleo = await signedIn(["compliance"], "Cleo Sender");
    const id = await fromTheWebsite("wendy.final@example.com");
    const path = `/staff/complaints/${id}`;
    const letterJobs = async () =>
      (await database.db.select().from(jobs).where(like(jobs.dedupeKey, "complaint-letter:%"))).filter((job) =>
        JSON.stringify(job.payload).includes("wendy.final@example.com"),
      ).length;
    const sentBefore = await letterJobs();

    const draft = await get(cleo, `${path}?letter=final-response&outcome=upheld`);
    has(draft, ">Preview the letter</button>");
    hasNot(draft, "Send the letter");
    // Unwritten parts are refused before any preview.
    const unwritten = await post(cleo, path, {
      intent: "send",
      kind: "final-response",
      version: "1",
      subject: "Our final response",
      body: "Dear Wendy, [Write what you complained about.]",
    });
    expect(unwritten.status).toBe(400);
    hasNot(await unwritten.text(), "letter-check");

    const letter = await written(cleo, id, "final-response");
    const previewed = await post(cleo, path, { intent: "send", kind: "final-response", version: "1", ...letter });
    expect(previewed.status).toBe(200);
    const check = keep("a final response previewed, and its check step", await previewed.text());
    has(check, "The email as Wendy Web will receive it");
    // The outbox's own render, in a frame that runs nothing.
    const frame = /<iframe([^>]*)>/.exec(check)?.[1] ?? "";
    expect(frame).toContain('sandbox=""');
    expect(frame).toContain('title="The email to Wendy Web, as it will be sent"');
    const email = htmlText(/srcDoc="([^"]*)"|srcdoc="([^"]*)"/.exec(frame)?.slice(1).join("") ?? "");
    expect(email).toContain("<!DOCTYPE html");
    expect(email).toContain("We should have called you back.");
    expect(email).toContain("authorised and regulated by the Financial Conduct Authority");
    has(check, "Send the final response to Wendy Web?");
    has(check, "It is emailed to wendy.final@example.com at once");
    has(check, "Its stage becomes final response sent; nothing more is due on its clock.");
    has(check, "<li>Wendy Web, wendy.final@example.com</li>");
    has(check, ">Send the final response</button>");
    // Nothing is stored or sent by the preview.
    expect((await stored(id)).respondedAt).toBeNull();
    expect(await letterJobs()).toBe(sentBefore);

    // A page drawn before another change is refused as stale, not sent.
    const stale = await post(cleo, path, { intent: "send", kind: "final-response", version: "0", ...letter });
    expect(stale.status).toBe(409);

    const sent = await post(cleo, path, {
      intent: "send",
      kind: "final-response",
      version: "1",
      confirm: "yes",
      ...letter,
    });
    expect(sent.headers.get("Location")).toBe(`${path}?done=sent`);
    expect(await letterJobs()).toBe(sentBefore + 1);
    const kept = await database.db
      .select()
      .from(complaintLetters)
      .where(and(eq(complaintLetters.complaintId, id), eq(complaintLetters.kind, "final-response")));
    expect(kept[0]?.body.replace(/\r\n/g, "\n")).toBe(letter.body.replace(/\r\n/g, "\n"));

    const after = keep("final response sent", await get(cleo, `${path}?done=sent`));
    expect(stage(after)).toBe("Stage: Final response sent Nothing is due on its clock. Handler: Not yet taken");
    expect(clock(after)).toContain("Final response sent");
    expect(clock(after)).not.toContain("Final response due by");
    expect(clock(after)).not.toContain("Acknowledgement due by");

    // Closed, then reopened: its final response is due again.
    await post(cleo, path, {
      intent: "close",
      version: "2",
      outcome: "upheld",
      redress: "0",
      category: "admin-service",
      rootCause: "communication",
    });
    expect(stage(await get(cleo, path))).toMatch(/^Stage: Closed \(closed .*, upheld; kept until .*\) Nothing is due/);
    await post(cleo, path, { intent: "reopen", version: "3" });
    expect(stage(await get(cleo, path))).toBe(
      "Stage: Reopened Final response due by the end of Mon 1 Feb 2027 Handler: Not yet taken",
    );

    // A week on, past the days a summary resolution could take: Today and the list still
    // say it was reopened and what it owes, until it is answered again.
    const weekOn = new Date("2026-12-15T11:00:00Z");
    vi.setSystemTime(weekOn);
    const handler = await memberWithSession(database.db, site.config.authSecret, ["compliance"], {
      now: weekOn.getTime(),
      name: "Cleo Later",
    });
    const owed = "Reopened: final response due by the end of Mon 1 Feb 2027";
    const today = keep("Today with a reopened complaint", await get(handler, "/staff/today"));
    expect(words(today)).toContain(`${complaintReference(id)}, Wendy Web: ${owed}`);
    expect(words(keep("the list with a reopened complaint", await get(handler, "/staff/complaints")))).toContain(owed);
    // The complainant's account and the person page read it as reopened too, each from a
    // query of the complaints table alone.
    expect(await complaintsOfEmail(database.db, "Wendy.Final@example.com")).toMatchObject([
      { reference: complaintReference(id), reopened: true, respondedAt: null, closedAt: null },
    ]);
    const person = await personRecordsOf(database.db, { email: "wendy.final@example.com", phone: null }, [], []);
    expect(person.complaints).toMatchObject([{ id, reopened: true }]);
  });

  it("acknowledges a complaint not yet acknowledged through its check step, and the clock stops listing it as due", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: NOW });
    const cleo = await signedIn(["compliance"], "Cleo Acknowledger");
    const id = await fromTheWebsite("wendy.ack@example.com");
    // As if its acknowledgement had not gone.
    await database.db.delete(complaintLetters).where(eq(complaintLetters.complaintId, id));
    await database.db.update(complaints).set({ acknowledgedAt: null }).where(eq(complaints.id, id));
    const path = `/staff/complaints/${id}`;

    const before = await get(cleo, path);
    expect(stage(before)).toBe(
      "Stage: Received Acknowledgement due by the end of Mon 14 Dec 2026 Handler: Not yet taken",
    );
    expect(clock(before)).toContain("Acknowledgement due by");

    const letter = await written(cleo, id, "acknowledgement");
    const check = await (
      await post(cleo, path, { intent: "send", kind: "acknowledgement", version: "1", ...letter })
    ).text();
    has(check, "Send the acknowledgement to Wendy Web?");
    has(check, "Its stage becomes acknowledged; next, final response due by the end of Mon 1 Feb 2027.");
    expect((await stored(id)).acknowledgedAt).toBeNull();

    await post(cleo, path, { intent: "send", kind: "acknowledgement", version: "1", confirm: "yes", ...letter });
    const after = await get(cleo, path);
    expect(stage(after)).toBe(
      "Stage: Acknowledged Final response due by the end of Mon 1 Feb 2027 Handler: Not yet taken",
    );
    expect(clock(after)).toContain("Acknowledged");
    expect(clock(after)).not.toContain("Acknowledgement due by");
  });

  it.skipIf(!hasJava)("draws valid HTML in each of those states", () => {
    expect(drawn.length).toBeGreaterThanOrEqual(5);
    expect(htmlErrors(drawn)).toEqual([]);
  });
});
