import { describe, expect, it } from "vitest";
import { isLoopback, metricsAccess, routeGroup } from "./metrics";

const GROUPS = new Set(["api/quotes", "staff", "healthz", "assets"]);

describe("routeGroup", () => {
  it.each([
    ["/", "home"],
    ["/api/quotes", "api/quotes"],
    ["/api/quotes/3f2b8c1e-5d4a-4e7b-9c2d-1a2b3c4d5e6f", "api/quotes"],
    ["/api/unknown/jane@example.com", "api/other"],
    ["/api", "api/other"],
    ["/staff/leads/quote/3f2b8c1e-5d4a-4e7b-9c2d-1a2b3c4d5e6f", "staff"],
    ["/healthz", "healthz"],
    ["/assets/entry-abc123.js", "assets"],
    ["/og-image.png", "static"],
    ["/personal-loans", "pages"],
    ["/07700900123", "pages"],
    ["/jane@example.com/anything", "pages"],
  ])("%s is %s", (path, group) => {
    expect(routeGroup(path, GROUPS)).toBe(group);
  });
});

describe("metricsAccess", () => {
  const token = "a-token-of-twenty-four-chars-at-least";
  it("with a token: its bearer only", () => {
    expect(metricsAccess(token, `Bearer ${token}`, "203.0.113.10")).toBe("allowed");
    expect(metricsAccess(token, `bearer ${token}`, "203.0.113.10")).toBe("allowed");
    expect(metricsAccess(token, undefined, "127.0.0.1")).toBe(401);
    expect(metricsAccess(token, token, "127.0.0.1")).toBe(401);
    expect(metricsAccess(token, `Bearer ${token}x`, "127.0.0.1")).toBe(403);
    expect(metricsAccess(token, "Bearer short", "127.0.0.1")).toBe(403);
  });
  it("without one: the loopback address only, whatever is sent", () => {
    expect(metricsAccess(null, undefined, "127.0.0.1")).toBe("allowed");
    expect(metricsAccess(null, "Bearer anything", "203.0.113.10")).toBe(403);
    expect(metricsAccess(null, undefined, "unknown")).toBe(403);
  });
});

describe("isLoopback", () => {
  it.each([
    ["127.0.0.1", true],
    ["127.8.9.10", true],
    ["::1", true],
    ["::ffff:127.0.0.1", true],
    ["10.0.0.1", false],
    ["::ffff:10.0.0.1", false],
    ["127.example.com", false],
    ["", false],
  ])("%s: %s", (address, loopback) => {
    expect(isLoopback(address)).toBe(loopback);
  });
});
