import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createStaticFiles } from "./static-files";

const dir = mkdtempSync(path.join(tmpdir(), "static-files-"));
mkdirSync(path.join(dir, "debt-consolidation"));
mkdirSync(path.join(dir, "assets"));
writeFileSync(path.join(dir, "debt-consolidation", "index.html"), "<!doctype html><title>Debt</title>");
writeFileSync(path.join(dir, "assets", "app-abc123.js"), "export {};");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("createStaticFiles", () => {
  const files = createStaticFiles(dir);

  it("serves a prerendered page for its bare path", () => {
    expect(files.lookup("/debt-consolidation")?.body.toString()).toContain("<title>Debt</title>");
    expect(files.lookup("/debt-consolidation", "")?.contentType).toBe("text/html; charset=utf-8");
  });

  it("leaves a page asked for with a calculator's inputs to the renderer (its form sent without script)", () => {
    expect(files.lookup("/debt-consolidation", "?creditCards=5000")).toBeNull();
    expect(files.lookup("/debt-consolidation", "?utm_source=ads&amount=20000")).toBeNull();
    // The bare page is still the file afterwards.
    expect(files.lookup("/debt-consolidation")).not.toBeNull();
  });

  it("serves the prerendered page for a query that holds no calculator input (an advert's click)", () => {
    expect(
      files.lookup("/debt-consolidation", "?utm_source=ads&utm_campaign=spring&gclid=abc")?.body.toString(),
    ).toContain("<title>Debt</title>");
  });

  it("serves an asset whatever its query", () => {
    expect(files.lookup("/assets/app-abc123.js", "?v=2")?.cacheControl).toBe("public, max-age=31536000, immutable");
  });

  it("has nothing for a path the build did not write", () => {
    expect(files.lookup("/no-such-page")).toBeNull();
  });

  it("answers every spelling of a file the same, once its plain path is remembered, and still refuses what it refused", () => {
    const page = files.lookup("/debt-consolidation");
    expect(page).not.toBeNull();
    for (const spelling of [
      "/debt-consolidation",
      "/debt-consolidation/",
      "//debt-consolidation",
      "/debt%2Dconsolidation",
    ]) {
      expect(files.lookup(spelling), spelling).toBe(page);
    }
    expect(files.lookup("/debt-consolidation", "?creditCards=5000")).toBeNull();
    expect(files.lookup("/assets/../debt-consolidation")).toBeNull();
    expect(files.lookup("/debt-consolidation%00")).toBeNull();
  });
});
