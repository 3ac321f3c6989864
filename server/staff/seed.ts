import { LEAD_STATUSES } from "../../app/domain/leads";
import type { Database } from "../platform/db/client";
import { insertLeads, sampleContact, sampleEnquiry, sampleQuote } from "./leads/sample-leads";

// `npm run seed -- --leads N`: N made-up leads over the last two years, for trying the
// console and for measuring the inbox at the size of a busy broker (100,000). Six in
// ten are quotes, three in ten quick-check enquiries, one in ten contact messages;
// names, amounts, statuses and campaigns vary; the same seed gives the same leads. A
// seeded lead was last touched when it was received, so the retention job reads it
// as a real one of that age.

const FIRST = ["Amelia", "Oliver", "Isla", "George", "Ava", "Noah", "Mia", "Arthur", "Ivy", "Leo", "Grace", "Harry"];
const LAST = [
  "Smith",
  "Jones",
  "Taylor",
  "Brown",
  "Williams",
  "Wilson",
  "Johnson",
  "Davies",
  "Patel",
  "Wright",
  "Evans",
  "Walker",
  "Thompson",
  "Roberts",
  "Hughes",
  "Khan",
];
const CAMPAIGNS = [
  null,
  "?utm_source=google&utm_campaign=homeowner",
  "?utm_source=bing&utm_campaign=consolidation",
  "?utm_source=facebook&utm_campaign=spring",
];
const BATCH = 1_000;
const TWO_YEARS_MS = 2 * 365 * 24 * 60 * 60 * 1000;

/** A small, seeded pseudo-random generator (mulberry32): the same seed, the same leads. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function seedLeads(
  db: Database,
  count: number,
  { seed = 42, now = Date.now(), assignees = [] as string[] } = {},
) {
  const next = random(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T;
  for (let start = 0; start < count; start += BATCH) {
    const quotes = [];
    const enquiries = [];
    const contacts = [];
    for (let i = start; i < Math.min(count, start + BATCH); i++) {
      const firstName = pick(FIRST);
      const lastName = `${pick(LAST)}${i % 7 === 0 ? "" : `-${i % 997}`}`;
      const email = `${firstName}.${lastName}.${i}@example.com`.toLowerCase();
      const phone = `07700 ${String(900000 + (i % 100000)).padStart(6, "0")}`;
      // Oldest first, as leads arrive, so the tables' rows lie in received order as a real
      // table's do (a page of the inbox then reads neighbouring rows, not scattered ones).
      const createdAt = new Date(now - Math.floor(((count - i - next()) / count) * TWO_YEARS_MS));
      const status = next() < 0.5 ? "new" : pick(LEAD_STATUSES);
      const assigneeId = assignees.length > 0 && next() < 0.4 ? pick(assignees) : null;
      const landingPageUrl = `https://www.example.com/${pick(CAMPAIGNS) ?? ""}`;
      const roll = next();
      if (roll < 0.6) {
        const loanAmount = 10_000 + Math.floor(next() * 190) * 1_000;
        quotes.push({
          ...sampleQuote({
            createdAt,
            firstName,
            lastName,
            email,
            phone,
            loanAmount,
            status,
            assigneeId,
            landingPageUrl,
          }),
          updatedAt: createdAt,
        });
      } else if (roll < 0.9) {
        enquiries.push({
          updatedAt: createdAt,
          ...sampleEnquiry({
            createdAt,
            firstName,
            lastName,
            email,
            phone,
            status,
            assigneeId,
            landingPageUrl,
            loanAmount: 5_000 + Math.floor(next() * 95) * 1_000,
          }),
        });
      } else {
        contacts.push(sampleContact({ createdAt, name: `${firstName} ${lastName}`, email, phone, status, assigneeId }));
      }
    }
    await insertLeads(db, { quotes, enquiries, contacts });
  }
}
