import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "../../app/config.server";
import { AD_IMAGES, adDownloadName, OG_IMAGE } from "../../app/content/ad-images";
import { adFigures, findFonts, generateAdImages } from "../../scripts/ad-artwork";

const site = readConfig({}).site;

describe("ad images drawn at build (DECISIONS D10)", () => {
  let clientDir: string;
  beforeAll(async () => {
    clientDir = mkdtempSync(path.join(os.tmpdir(), "ad-images-"));
    await generateAdImages({
      clientDir,
      site,
      logoSvg: readFileSync(new URL("../../public/favicon.svg", import.meta.url), "utf8"),
      fonts: findFonts(),
    });
  });
  afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

  it.each([
    ["/ads/homeowner-loans-1200x1200.webp", 1200, 1200],
    ["/ads/homeowner-loans-1200x628.webp", 1200, 628],
  ])("writes %s as a %ix%i WebP", async (file, width, height) => {
    const meta = await sharp(path.join(clientDir, file)).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: "webp", width, height });
  });

  it("writes the Open Graph image as a 1200x630 PNG at the client root", async () => {
    const meta = await sharp(path.join(clientDir, OG_IMAGE.path)).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
      format: "png",
      width: 1200,
      height: 630,
    });
  });

  it("lists exactly those two ad sizes for the page", () => {
    expect(AD_IMAGES.map((i) => [i.width, i.height, i.path.endsWith(".webp")])).toEqual([
      [1200, 1200, true],
      [1200, 628, true],
    ]);
  });
});

describe("what the ads say", () => {
  it("carries a complete representative example computed by the finance module (D2, D12)", () => {
    const figures = adFigures(site);
    expect(figures.representativeExample).toContain("120 monthly instalments of £547.35");
    expect(figures.representativeExample).toContain("Total amount payable £65,682.09");
    expect(figures.representativeExample).toContain("secured on your home");
    expect(figures.representativeExample).toContain(`${site.companyName} trading as ${site.brandName}`);
    expect(figures.aprc).toBe("5.8%");
    expect(figures.rate).toBe("5.69%");
  });

  it("names downloads after the brand and the size", () => {
    expect(adDownloadName("Harbourside Loans", AD_IMAGES[0]!)).toBe("harbourside-loans-square-1200x1200.webp");
    expect(adDownloadName("  Acme & Co. Finance ", AD_IMAGES[1]!)).toBe("acme-co-finance-horizontal-1200x628.webp");
  });

  it("explains how to get a font when none is installed", () => {
    expect(() => findFonts([{ family: "Nowhere Sans", regular: "/nope/r.ttf", bold: "/nope/b.ttf" }])).toThrow(
      /Nowhere Sans.*fonts-liberation/,
    );
  });
});
