import { describe, expect, it } from "vitest";
import { isOwnKey, ownValue } from "./own-keys";

const DONE: Record<string, string> = { note: "Note added.", status: "Status saved." };
const INHERITED = ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf", "isPrototypeOf"];

describe("a table looked up by a value from a request", () => {
  it("finds its own entries", () => {
    expect(ownValue(DONE, "note")).toBe("Note added.");
    expect(isOwnKey(DONE, "status")).toBe(true);
  });

  it.each(INHERITED)("knows nothing of %s, which every object inherits", (key) => {
    expect(key in DONE).toBe(true);
    expect(ownValue(DONE, key)).toBeUndefined();
    expect(isOwnKey(DONE, key)).toBe(false);
  });

  it("knows nothing of a key no object has", () => {
    expect(ownValue(DONE, "nope")).toBeUndefined();
    expect(ownValue(DONE, "prototype")).toBeUndefined();
    expect(isOwnKey(DONE, "")).toBe(false);
  });
});
