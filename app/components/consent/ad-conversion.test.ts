import { describe, expect, it } from "vitest";
import {
  conversionTarget,
  FIRED_KEY,
  firedConversions,
  rememberConversion,
  shouldFireConversion,
} from "./ad-conversion";

const yes = { analytics: false, advertising: true };
const base = {
  consent: yes,
  conversionId: "AW-123456789/AbC-d_1",
  reference: "3f1c2a9e-0000-4000-8000-000000000001",
  fired: [],
};

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    data,
  };
}

describe("the thank-you conversion (DECISIONS D8)", () => {
  it("fires with advertising consent, a configured id and an enquiry reference", () => {
    expect(shouldFireConversion(base)).toBe(true);
  });

  it.each([
    ["no choice yet", { consent: null }],
    ["advertising refused", { consent: { analytics: true, advertising: false } }],
    ["no conversion id configured", { conversionId: null }],
    ["no enquiry reference", { reference: null }],
    ["a reference that is not an id", { reference: "<script>" }],
    ["already fired for this enquiry", { fired: [base.reference] }],
  ])("does not fire with %s", (_case, change) => {
    expect(shouldFireConversion({ ...base, ...change })).toBe(false);
  });

  it("splits the account from the conversion label", () => {
    expect(conversionTarget("AW-123456789/AbC-d_1")).toEqual({
      account: "AW-123456789",
      sendTo: "AW-123456789/AbC-d_1",
    });
    expect(conversionTarget("AW-123456789")).toEqual({ account: "AW-123456789", sendTo: "AW-123456789" });
  });

  it("remembers fired references, the most recent 50", () => {
    const storage = memoryStorage();
    for (let i = 0; i < 60; i++) rememberConversion(`ref-${i}`, storage);
    rememberConversion("ref-59", storage);
    const fired = firedConversions(storage);
    expect(fired).toHaveLength(50);
    expect(fired[0]).toBe("ref-10");
    expect(fired.at(-1)).toBe("ref-59");
  });

  it("treats unreadable storage as nothing fired", () => {
    expect(firedConversions(memoryStorage({ [FIRED_KEY]: "not json" }))).toEqual([]);
    expect(firedConversions(memoryStorage({ [FIRED_KEY]: '{"a":1}' }))).toEqual([]);
  });
});
