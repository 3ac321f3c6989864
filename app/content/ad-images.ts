// The advertising images the build draws from the brand and the computed rates
// (DECISIONS D10, scripts/generate-ad-images.ts) and the page that offers them for download.

export interface AdImage {
  id: "square" | "horizontal";
  label: string;
  width: number;
  height: number;
  /** Where the build writes it, under the client folder, and where the site serves it. */
  path: string;
}

export const AD_IMAGES: readonly AdImage[] = [
  { id: "square", label: "Square", width: 1200, height: 1200, path: "/ads/homeowner-loans-1200x1200.webp" },
  { id: "horizontal", label: "Horizontal", width: 1200, height: 628, path: "/ads/homeowner-loans-1200x628.webp" },
];

/** The Open Graph image every page's meta points to (app/components/seo.ts). */
export const OG_IMAGE = { width: 1200, height: 630, path: "/og-image.png" } as const;

/** "harbourside-loans-square-1200x1200.webp": the name a download is saved under. */
export function adDownloadName(brandName: string, image: AdImage): string {
  const brand = brandName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return `${brand}-${image.id}-${image.width}x${image.height}.webp`;
}
