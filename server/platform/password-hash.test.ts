import { hashPassword as betterAuthHash } from "better-auth/crypto";
import { describe, expect, it } from "vitest";
import { ConfigError, readConfig } from "../../app/config.server";
import { hashPassword, verifyPassword } from "./password-hash";

// Decision 370: a deployment hashes with better-auth's scrypt; only a test run hashes light.

describe("the configuration's password hashing", () => {
  it("is standard wherever NODE_ENV is not test, and light in a test run unless told standard", () => {
    expect(readConfig({}).passwordHashing).toBe("standard");
    expect(readConfig({ NODE_ENV: "development" }).passwordHashing).toBe("standard");
    expect(readConfig({ NODE_ENV: "production" }).passwordHashing).toBe("standard");
    expect(readConfig({ NODE_ENV: "test" }).passwordHashing).toBe("light");
    expect(readConfig({ NODE_ENV: "test", PASSWORD_HASHING: "standard" }).passwordHashing).toBe("standard");
    expect(readConfig({ NODE_ENV: "production", PASSWORD_HASHING: "standard" }).passwordHashing).toBe("standard");
  });

  it("refuses light hashing outside a test run, and any other value", () => {
    for (const NODE_ENV of ["production", "development", undefined]) {
      expect(() => readConfig({ NODE_ENV, PASSWORD_HASHING: "light" })).toThrow(ConfigError);
      expect(() => readConfig({ NODE_ENV, PASSWORD_HASHING: "light" })).toThrow(
        /PASSWORD_HASHING: light is for test runs only/,
      );
    }
    expect(() => readConfig({ NODE_ENV: "test", PASSWORD_HASHING: "none" })).toThrow(/PASSWORD_HASHING/);
  });
});

describe("password hashes", () => {
  it("standard: better-auth's own scrypt format, and its hashes verify", async () => {
    const hash = await hashPassword("Quay-side-ledger-42", "standard");
    expect(hash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await verifyPassword(hash, "Quay-side-ledger-42", "standard")).toBe(true);
    expect(await verifyPassword(hash, "Quay-side-ledger-43", "standard")).toBe(false);
    // A hash made before this module, by better-auth itself, still verifies either way.
    const older = await betterAuthHash("Quay-side-ledger-42");
    expect(await verifyPassword(older, "Quay-side-ledger-42", "standard")).toBe(true);
    expect(await verifyPassword(older, "Quay-side-ledger-42", "light")).toBe(true);
  });

  it("light: marked as such, verified in a test run, never accepted where hashing is standard", async () => {
    const hash = await hashPassword("Quay-side-ledger-42", "light");
    expect(hash).toMatch(/^light:[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(hash).not.toBe(await hashPassword("Quay-side-ledger-42", "light"));
    expect(await verifyPassword(hash, "Quay-side-ledger-42", "light")).toBe(true);
    expect(await verifyPassword(hash, "Quay-side-ledger-4", "light")).toBe(false);
    expect(await verifyPassword(hash, "Quay-side-ledger-42", "standard")).toBe(false);
    expect(
      await verifyPassword(
        hash.replace(/.$/, (c) => (c === "0" ? "1" : "0")),
        "Quay-side-ledger-42",
        "light",
      ),
    ).toBe(false);
  });
});
