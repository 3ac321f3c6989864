import { createHash } from "node:crypto";
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { inlineScriptHashes } from "./security";

export interface StaticFile {
  body: Buffer;
  gzip?: Buffer;
  brotli?: Buffer;
  contentType: string;
  etag: string;
  cacheControl: string;
  /** For prerendered pages: the hashes that let their inline scripts run under the CSP. */
  scriptHashes?: string[];
}

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".data": "text/x-script",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".woff2": "font/woff2",
  ".webmanifest": "application/manifest+json",
};
const COMPRESSIBLE = new Set([".html", ".js", ".css", ".json", ".data", ".svg", ".txt", ".xml", ".webmanifest"]);

/**
 * The build's client folder, read into memory on first use and compressed once:
 * prerendered pages (`/about-us` → `about-us/index.html`), hashed assets (cached for a
 * year) and the few other public files.
 */
export function createStaticFiles(clientDir: string) {
  const cache = new Map<string, StaticFile>();

  function load(file: string, urlPath: string): StaticFile | null {
    if (!existsSync(file) || !statSync(file).isFile()) return null;
    const ext = path.extname(file);
    const body = readFileSync(file);
    const compressible = COMPRESSIBLE.has(ext) && body.length > 512;
    const hashed = urlPath.startsWith("/assets/");
    return {
      body,
      gzip: compressible ? gzipSync(body, { level: 9 }) : undefined,
      brotli: compressible ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }) : undefined,
      contentType: TYPES[ext] ?? "application/octet-stream",
      etag: `"${createHash("sha1").update(body).digest("base64url")}"`,
      cacheControl: hashed
        ? "public, max-age=31536000, immutable"
        : ext === ".html" || ext === ".data"
          ? "public, max-age=0, must-revalidate"
          : "public, max-age=3600",
      scriptHashes: ext === ".html" ? inlineScriptHashes(body.toString("utf8")) : undefined,
    };
  }

  return {
    /** The file for a URL path, or null when the build has none (the app then renders it). */
    lookup(urlPath: string): StaticFile | null {
      let decoded: string;
      try {
        decoded = decodeURIComponent(urlPath);
      } catch {
        return null;
      }
      if (decoded.includes("\0") || decoded.split("/").includes("..")) return null;
      const relative = path.extname(decoded) ? decoded : path.join(decoded, "index.html");
      const cached = cache.get(relative);
      if (cached) return cached;
      const file = load(path.join(clientDir, relative), decoded);
      // Misses are not remembered: a stream of made-up paths must not grow the cache.
      if (file) cache.set(relative, file);
      return file;
    },
  };
}
