// Run by `npm run build` after `react-router build`: draws the ad images and the Open
// Graph image into the build's client folder (BUILD_DIR, as react-router.config.ts).
//   BUILD_DIR=build-c tsx scripts/generate-ad-images.ts

import { readFileSync } from "node:fs";
import path from "node:path";
import { readConfig } from "../app/config.server";
import { findFonts, generateAdImages } from "./ad-artwork";

const root = path.resolve(import.meta.dirname, "..");
const clientDir = path.resolve(root, process.env.BUILD_DIR ?? "build", "client");
const site = readConfig(process.env).site;

const written = await generateAdImages({
  clientDir,
  site,
  logoSvg: readFileSync(path.join(root, "public", "favicon.svg"), "utf8"),
  fonts: findFonts(),
});
for (const { file, width, height } of written) {
  console.log(`ad image: ${path.relative(root, file)} (${width}x${height})`);
}
