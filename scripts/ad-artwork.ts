// Draws the advertising images and the Open Graph image (DECISIONS D10) from the
// brand in the configuration and the rates in the domain: satori lays the artwork out
// as SVG, resvg rasterises it, sharp encodes WebP. Every figure is computed (D2), and
// an image showing a rate carries the representative example and the warning (D12).

import { existsSync, readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { Resvg } from "@resvg/resvg-js";
import satori from "satori";
import sharp from "sharp";
import { AD_IMAGES, type AdImage, OG_IMAGE } from "../app/content/ad-images";
import type { SiteConfig } from "../app/config.server";
import { CLAIMS } from "../app/domain/claims";
import {
  effectiveAnnualRatePercent,
  formatPercent,
  formatPounds,
  monthlyRate,
  REPOSSESSION_WARNING,
  representativeExample,
} from "../app/domain/finance";
import { HEADLINE_APR, HOMEOWNER_MAX_LOAN, HOMEOWNER_MIN_LOAN } from "../app/domain/rates";

const COLOURS = {
  brand950: "#0b1b2e",
  brand900: "#132a45",
  brand800: "#1b3a5e",
  teal: "#5eead4",
  accent: "#0f7360",
  amber: "#fef3c7",
  amberText: "#451a03",
  white: "#ffffff",
  slate: "#cbd5e1",
};

export interface AdFonts {
  regular: Buffer;
  bold: Buffer;
  family: string;
}

/** Font files satori can read (TrueType), looked for where Debian installs them. */
const FONT_CANDIDATES = [
  {
    family: "Liberation Sans",
    regular: "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
    bold: "/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf",
  },
  {
    family: "DejaVu Sans",
    regular: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    bold: "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
  },
];

export function findFonts(candidates = FONT_CANDIDATES): AdFonts {
  const found = candidates.find((c) => existsSync(c.regular) && existsSync(c.bold));
  if (!found) {
    throw new Error(
      `No font for the ad images. Install one of: ${candidates.map((c) => c.family).join(", ")} ` +
        "(Debian: apt-get install fonts-liberation).",
    );
  }
  return { family: found.family, regular: readFileSync(found.regular), bold: readFileSync(found.bold) };
}

// ── A tiny element builder: satori takes React-shaped objects, no JSX needed ──

type Style = Record<string, string | number>;
interface Node {
  type: string;
  props: { style?: Style; children?: Child | Child[]; [key: string]: unknown };
}
type Child = Node | string;

function box(style: Style, ...children: Child[]): Node {
  return { type: "div", props: { style: { display: "flex", ...style }, children } };
}
function text(style: Style, content: string): Node {
  return { type: "div", props: { style: { display: "flex", ...style }, children: content } };
}

/** The figures an ad may show, all from the finance module. */
export function adFigures(site: Pick<SiteConfig, "brandName" | "companyName">) {
  const example = representativeExample({ amount: 50_000, months: 120, annualRatePercent: HEADLINE_APR });
  const aprc = formatPercent(effectiveAnnualRatePercent(monthlyRate(HEADLINE_APR)), 1);
  const lastPayment =
    example.finalPayment === example.monthlyPayment
      ? ""
      : ` (the last ${formatPounds(example.finalPayment, { pence: true })})`;
  return {
    aprc,
    rate: formatPercent(HEADLINE_APR),
    range: `${formatPounds(HOMEOWNER_MIN_LOAN)} to ${formatPounds(HOMEOWNER_MAX_LOAN)}`,
    representativeExample:
      `Representative example: borrowing ${formatPounds(example.amount)} over ${example.termYears} years, secured on your home, ` +
      `at a fixed borrowing rate of ${formatPercent(example.annualRatePercent)} a year: ${example.numberOfInstalments} monthly ` +
      `instalments of ${formatPounds(example.monthlyPayment, { pence: true })}${lastPayment}. Total amount payable ` +
      `${formatPounds(example.totalPayable, { pence: true })}. No broker fees. Representative ${aprc} APRC. ` +
      `Credit broker: ${site.companyName} trading as ${site.brandName}.`,
  };
}

function logo(site: Pick<SiteConfig, "brandName">, logoSvg: string, size: number): Node {
  return box(
    { alignItems: "center", gap: size * 0.3 },
    {
      type: "img",
      props: { src: `data:image/svg+xml;base64,${Buffer.from(logoSvg).toString("base64")}`, width: size, height: size },
    },
    text({ fontSize: size * 0.62, fontWeight: 700, color: COLOURS.white }, site.brandName),
  );
}

function disclosure(figures: ReturnType<typeof adFigures>, fontSize: number): Node {
  return box(
    {
      flexDirection: "column",
      gap: fontSize * 0.5,
      backgroundColor: COLOURS.white,
      padding: `${fontSize}px ${fontSize * 1.6}px`,
    },
    text({ fontSize, color: COLOURS.brand950, lineHeight: 1.35 }, figures.representativeExample),
    text(
      {
        fontSize,
        fontWeight: 700,
        color: COLOURS.amberText,
        backgroundColor: COLOURS.amber,
        padding: `${fontSize * 0.4}px ${fontSize * 0.6}px`,
      },
      REPOSSESSION_WARNING,
    ),
  );
}

function headline(figures: ReturnType<typeof adFigures>, scale: number): Node {
  return box(
    { flexDirection: "column", gap: 8 * scale },
    text({ fontSize: 30 * scale, color: COLOURS.teal, fontWeight: 700 }, "Representative"),
    text({ fontSize: 120 * scale, fontWeight: 700, color: COLOURS.white, lineHeight: 1 }, `${figures.aprc} APRC`),
    text({ fontSize: 30 * scale, color: COLOURS.slate }, `Fixed borrowing rate from ${figures.rate} a year`),
  );
}

function cta(site: Pick<SiteConfig, "siteUrl">, scale: number): Node {
  const url = new URL(site.siteUrl);
  // A local build has no public address worth printing.
  const local = ["localhost", "127.0.0.1"].includes(url.hostname);
  const button = text(
    {
      fontSize: 32 * scale,
      fontWeight: 700,
      color: COLOURS.white,
      backgroundColor: COLOURS.accent,
      padding: `${16 * scale}px ${32 * scale}px`,
      borderRadius: 14 * scale,
    },
    "Check your eligibility »",
  );
  return local
    ? box({ alignItems: "center" }, button)
    : box(
        { alignItems: "center", gap: 24 * scale },
        button,
        text({ fontSize: 28 * scale, color: COLOURS.slate }, url.host),
      );
}

type Site = Pick<SiteConfig, "brandName" | "companyName" | "siteUrl">;

/** The artwork for one ad size. */
export function adArtwork(site: Site, image: AdImage, logoSvg: string): Node {
  const figures = adFigures(site);
  const background = { backgroundImage: `linear-gradient(160deg, ${COLOURS.brand900}, ${COLOURS.brand800})` };
  const badge = text(
    {
      fontSize: 30,
      fontWeight: 700,
      color: COLOURS.teal,
      border: `2px solid ${COLOURS.teal}`,
      borderRadius: 40,
      padding: "10px 26px",
    },
    "Homeowner Loans £10k - £2.5m",
  );
  const strapline = `A panel of lenders compared · Decision within ${CLAIMS.approvalHours} hours`;

  if (image.id === "square") {
    return box(
      { width: image.width, height: image.height, flexDirection: "column", ...background, fontFamily: "Ad" },
      box(
        { flexDirection: "column", flexGrow: 1, padding: "64px 72px 48px", gap: 36, justifyContent: "space-between" },
        logo(site, logoSvg, 84),
        box({ flexDirection: "column", gap: 32, alignItems: "flex-start" }, badge, headline(figures, 1)),
        text({ fontSize: 30, color: COLOURS.white }, strapline),
        cta(site, 1),
      ),
      disclosure(figures, 21),
    );
  }
  return box(
    { width: image.width, height: image.height, flexDirection: "column", ...background, fontFamily: "Ad" },
    box(
      { flexGrow: 1, padding: "36px 52px 24px", justifyContent: "space-between" },
      box(
        { flexDirection: "column", justifyContent: "space-between" },
        logo(site, logoSvg, 60),
        text({ fontSize: 26, fontWeight: 700, color: COLOURS.teal }, "Homeowner Loans £10k - £2.5m"),
        text({ fontSize: 24, color: COLOURS.white, maxWidth: 520 }, strapline),
        cta(site, 0.8),
      ),
      box({ alignItems: "center" }, headline(figures, 0.78)),
    ),
    disclosure(figures, 15),
  );
}

/** The social preview: brand and range only, so it needs no representative example. */
export function ogArtwork(site: Site, logoSvg: string): Node {
  return box(
    {
      width: OG_IMAGE.width,
      height: OG_IMAGE.height,
      backgroundImage: `linear-gradient(160deg, ${COLOURS.brand900}, ${COLOURS.brand800})`,
      fontFamily: "Ad",
    },
    box(
      { flexGrow: 1, flexDirection: "column", justifyContent: "space-between", padding: "56px 64px" },
      logo(site, logoSvg, 72),
      box(
        { flexDirection: "column", gap: 18 },
        text({ fontSize: 30, fontWeight: 700, color: COLOURS.teal }, "Homeowner Loans"),
        text({ fontSize: 60, fontWeight: 700, color: COLOURS.white, lineHeight: 1.1 }, adFigures(site).range),
        text({ fontSize: 30, color: COLOURS.slate }, "Compare loans from our panel of lenders"),
      ),
      text(
        {
          fontSize: 21,
          fontWeight: 700,
          color: COLOURS.amberText,
          backgroundColor: COLOURS.amber,
          padding: "10px 16px",
        },
        REPOSSESSION_WARNING,
      ),
    ),
  );
}

async function toPng(node: Node, width: number, height: number, fonts: AdFonts): Promise<Buffer> {
  const svg = await satori(node as Parameters<typeof satori>[0], {
    width,
    height,
    fonts: [
      { name: "Ad", data: fonts.regular, weight: 400, style: "normal" },
      { name: "Ad", data: fonts.bold, weight: 700, style: "normal" },
    ],
  });
  return new Resvg(svg, { fitTo: { mode: "width", value: width } }).render().asPng();
}

export interface GeneratedFile {
  file: string;
  width: number;
  height: number;
}

/** Writes the ad images (WebP) and og-image.png into a build's client folder. */
export async function generateAdImages(options: { clientDir: string; site: Site; logoSvg: string; fonts: AdFonts }) {
  const { clientDir, site, logoSvg, fonts } = options;
  const written: GeneratedFile[] = [];
  for (const image of AD_IMAGES) {
    const png = await toPng(adArtwork(site, image, logoSvg), image.width, image.height, fonts);
    const file = path.join(clientDir, image.path);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, await sharp(png).webp({ quality: 88 }).toBuffer());
    written.push({ file, width: image.width, height: image.height });
  }
  const og = await toPng(ogArtwork(site, logoSvg), OG_IMAGE.width, OG_IMAGE.height, fonts);
  const ogFile = path.join(clientDir, OG_IMAGE.path);
  await writeFile(ogFile, await sharp(og).png({ compressionLevel: 9, palette: true }).toBuffer());
  written.push({ file: ogFile, width: OG_IMAGE.width, height: OG_IMAGE.height });
  return written;
}
