import { describe, expect, it } from "vitest";
import { RETURN_ADDRESS_MAX, returnAddress } from "./session.server";

// Where a sign-in or a fresh code returns to: the page as it was asked for, unless its
// address is longer than any page of the console writes; then its path alone, so the
// redirect's header stays small enough for every browser and proxy.

describe("returnAddress", () => {
  it("keeps the page's path and query", () => {
    expect(returnAddress(new URL("http://x/staff/today?mine=1"))).toBe("/staff/today?mine=1");
  });

  it("keeps the path alone when the query makes the address too long", () => {
    const url = new URL(`http://x/staff/today?q=${"a@".repeat(5_000)}`);
    expect(returnAddress(url)).toBe("/staff/today");
  });

  it("cuts a path that is itself too long", () => {
    const url = new URL(`http://x/staff/${"a".repeat(5_000)}`);
    expect(returnAddress(url).length).toBe(RETURN_ADDRESS_MAX);
  });
});
