import { describe, expect, it } from "vitest";
import { readConfig } from "./config.server";

describe("SITE_URL, the address put in emails and canonical links", () => {
  it.each([
    { rule: "unset: the default port on this machine", env: {}, expected: "http://localhost:3000" },
    { rule: "unset: follows PORT", env: { PORT: "4630" }, expected: "http://localhost:4630" },
    { rule: "unset: follows a named HOST", env: { HOST: "127.0.0.1", PORT: "4630" }, expected: "http://127.0.0.1:4630" },
    { rule: "unset: a wildcard HOST (0.0.0.0) is reached as localhost", env: { HOST: "0.0.0.0" }, expected: "http://localhost:3000" },
    { rule: "unset: a wildcard IPv6 HOST (::) is reached as localhost", env: { HOST: "::" }, expected: "http://localhost:3000" },
    { rule: "unset: an IPv6 HOST is bracketed", env: { HOST: "::1", PORT: "8080" }, expected: "http://[::1]:8080" },
    { rule: "empty counts as unset", env: { SITE_URL: "", PORT: "4630" }, expected: "http://localhost:4630" },
    { rule: "set: wins over PORT", env: { SITE_URL: "https://loans.example/", PORT: "4630" }, expected: "https://loans.example" },
  ])("$rule", ({ env, expected }) => {
    const config = readConfig(env);
    expect(config.siteUrl).toBe(expected);
    expect(config.site.siteUrl).toBe(expected);
  });
});
