import { afterEach, describe, expect, it, vi } from "vitest";
import { SAVE_UNCERTAIN, SERVICE_BUSY } from "~/domain/messages";
import { submitQuote } from "~/features/eligibility/api";
import { SAVE_FAILED_PREFIX } from "~/features/eligibility/messages";
import { submitEnquiry } from "~/features/quick-check/api";
import { postLead } from "./post-lead";
import { sendLead } from "./send-lead";

// What the step forms make of a 503 while the database is away (issue 27, item 3): a
// lead the server says may have been stored is not reported as a failure to save, and
// the server's message (sending again is safe) reaches the borrower as it is.

const answer = (status: number, body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } }));
const uncertain = { error: SAVE_UNCERTAIN, saved: "unknown" };

const quote = {
  email: "jane@example.com",
  first_name: "Jane",
  last_name: "Smith",
  phone: "07700 900123",
  loan_purpose: "debt-consolidation",
  homeowner_status: "mortgage",
  credit_history: "good",
  loan_amount: 50_000,
  property_value: 250_000,
  mortgage_balance: 100_000,
  consent: true,
  submission_key: "0b7f6c1e-5c55-4d7e-8f8a-3f5a0f4a9c11",
  website: "",
} as unknown as Parameters<typeof submitQuote>[0];

describe("a lead the server may have stored", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("postLead tells it apart from a refusal", async () => {
    vi.stubGlobal("fetch", answer(503, uncertain));
    expect(await postLead("/api/quotes", {})).toEqual({
      ok: false,
      kind: "uncertain",
      status: 503,
      error: SAVE_UNCERTAIN,
    });
    vi.stubGlobal("fetch", answer(503, { error: SERVICE_BUSY }));
    expect(await postLead("/api/quotes", {})).toEqual({ ok: false, kind: "refused", status: 503, error: SERVICE_BUSY });
  });

  it("the eligibility check shows the server's words, without 'Failed to save quote'", async () => {
    vi.stubGlobal("fetch", answer(503, uncertain));
    expect(await submitQuote(quote)).toEqual({ ok: false, message: SAVE_UNCERTAIN, uncertain: true });
    vi.stubGlobal("fetch", answer(503, { error: SERVICE_BUSY }));
    expect(await submitQuote(quote)).toEqual({ ok: false, message: `${SAVE_FAILED_PREFIX}${SERVICE_BUSY}` });
  });

  it("the quick check shows the server's words, not 'Failed to submit enquiry'", async () => {
    vi.stubGlobal("fetch", answer(503, uncertain));
    const enquiry = {} as Parameters<typeof submitEnquiry>[0];
    expect(await submitEnquiry(enquiry)).toEqual({ ok: false, message: SAVE_UNCERTAIN, uncertain: true });
  });

  it("sendLead answers it as uncertain, and a second press sends the same submission key", async () => {
    const fetch = answer(503, uncertain);
    vi.stubGlobal("fetch", fetch);
    let submission: { key: string; fingerprint: string } | undefined;
    const lead = {
      toPayload: () => {
        const { submission_key: _key, website: _website, ...payload } = quote;
        return payload;
      },
      schema: { safeParse: () => ({ success: true }) } as never,
      submit: submitQuote as never,
    };
    const send = () =>
      sendLead(lead, {
        answers: {},
        landingPageUrl: undefined,
        website: "",
        submission,
        remember: (s) => {
          submission = s;
        },
      });
    expect(await send()).toEqual({ kind: "uncertain", message: SAVE_UNCERTAIN });
    await send();
    const keys = (fetch.mock.calls as unknown as [string, RequestInit][]).map(
      ([, init]) => JSON.parse(String(init.body)).submission_key,
    );
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });
});
