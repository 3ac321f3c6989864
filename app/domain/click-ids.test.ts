import { describe, expect, it } from "vitest";
import { isGoogleClickId, withoutForeignClickIds } from "./click-ids";

describe("click ids kept with a lead", () => {
  it.each([
    ["Cj0KCQiA-abc_DEF123", true],
    ["a", true],
    ["0AAAAA-b_2", true, "a gbraid starts with a digit"],
    ["x".repeat(500), true, "500 characters"],
    ["x".repeat(501), false, "501 characters"],
    ["", false, "empty"],
    [null, false, "none"],
    ["=HYPERLINK(1)", false, "a formula"],
    ["-2-3", false, "a formula by its leading minus"],
    ["-SUM-A1", false, "a formula by its leading minus"],
    ["_abc", false, "a leading underscore"],
    ["abc%20def", false, "percent-encoded"],
    ["abc def", false, "a space"],
  ])("%s is a Google click id: %s", (value: string | null, expected: boolean, _why?: string) => {
    expect(isGoogleClickId(value)).toBe(expected);
  });

  it.each([
    ["https://site.example/apply?gclid=Cj0KCQ-x_1", "https://site.example/apply?gclid=Cj0KCQ-x_1"],
    ["https://site.example/apply?gclid=-2-3", "https://site.example/apply"],
    ["https://site.example/apply?gclid=-2-3#top", "https://site.example/apply#top"],
    ["https://site.example/apply?gclid=-2-3&utm_source=google", "https://site.example/apply?utm_source=google"],
    ["https://site.example/apply?utm_source=google&gclid=-SUM-A1", "https://site.example/apply?utm_source=google"],
    [
      "https://site.example/apply?utm_source=google&gclid=%3D1&utm_campaign=spring",
      "https://site.example/apply?utm_source=google&utm_campaign=spring",
    ],
    ["https://site.example/apply?gclid=-1&gbraid=-2&wbraid=ok", "https://site.example/apply?wbraid=ok"],
    ["https://site.example/apply?gclid=&gclid=Cj0", "https://site.example/apply?gclid=Cj0"],
    ["https://site.example/apply#x&gclid=-1", "https://site.example/apply#x"],
    ["https://site.example/apply?xgclid=-1&notgclid=-2", "https://site.example/apply?xgclid=-1&notgclid=-2"],
    ["https://site.example/?utm_source=-1", "https://site.example/?utm_source=-1"],
  ])("%s is kept as %s", (url, kept) => {
    expect(withoutForeignClickIds(url)).toBe(kept);
  });

  it("leaves the database no foreign click id to read", () => {
    // The same reading as the generated columns (server/platform/db/schema.ts): the first match.
    const read = (url: string, name: string) => new RegExp(`[?&]${name}=([^&#]*)`).exec(url)?.[1] ?? null;
    for (const url of [
      "/a?gclid=-1&gclid=ok",
      "/a?gbraid=%2D1&x=1&gbraid=0AB",
      "/a?&gclid=-1",
      "/a??gclid=-1",
      "/a?wbraid=-&&wbraid=",
    ]) {
      const kept = withoutForeignClickIds(url);
      for (const name of ["gclid", "gbraid", "wbraid"]) {
        const value = read(kept, name);
        expect(value === null || isGoogleClickId(value), `${url} → ${kept}`).toBe(true);
      }
    }
  });
});
