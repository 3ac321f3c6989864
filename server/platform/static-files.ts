import { ownValue } from "../../app/domain/own-keys";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from "node:zlib";
import { readCalculatorInput } from "../../app/domain/calculator-input";
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
  /**
   * A prerendered page or its data (`about-us/index.html`, `about-us.data`), by its path in
   * the build: what `PrerenderedPages` may answer with a copy rendered since (decision 320).
   */
  prerendered?: string;
}

/** What may stand in for a prerendered page: its copy rendered with the live figures, or null for the app to render it. */
export interface PrerenderedPages {
  pick(file: StaticFile & { prerendered: string }): StaticFile | null;
}

const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } };

/** A page rendered in the server (decision 320), made into the same kind of file the build's are, compressed off the main thread. */
export async function renderedPageFile(body: Buffer, prerendered: string): Promise<StaticFile> {
  const ext = path.extname(prerendered);
  const compressible = body.length > 512;
  const [gz, br] = compressible
    ? await Promise.all([promisify(gzip)(body, { level: 9 }), promisify(brotliCompress)(body, BROTLI)])
    : [undefined, undefined];
  return {
    body,
    gzip: gz,
    brotli: br,
    contentType: ownValue(TYPES, ext) ?? "application/octet-stream",
    etag: `"${createHash("sha1").update(body).digest("base64url")}"`,
    cacheControl: "public, max-age=0, must-revalidate",
    scriptHashes: ext === ".html" ? inlineScriptHashes(body.toString("utf8")) : undefined,
    prerendered,
  };
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
export function createStaticFiles(clientDir: string, pages?: PrerenderedPages) {
  const cache = new Map<string, StaticFile>();
  /** The files found for URL paths asked for without a query: most requests, answered by one lookup. */
  const byUrlPath = new Map<string, StaticFile>();

  function load(file: string, urlPath: string): StaticFile | null {
    if (!existsSync(file) || !statSync(file).isFile()) return null;
    const ext = path.extname(file);
    const body = readFileSync(file);
    const compressible = COMPRESSIBLE.has(ext) && body.length > 512;
    const hashed = urlPath.startsWith("/assets/");
    return {
      body,
      gzip: compressible ? gzipSync(body, { level: 9 }) : undefined,
      brotli: compressible ? brotliCompressSync(body, BROTLI) : undefined,
      contentType: ownValue(TYPES, ext) ?? "application/octet-stream",
      etag: `"${createHash("sha1").update(body).digest("base64url")}"`,
      cacheControl: hashed
        ? "public, max-age=31536000, immutable"
        : ext === ".html" || ext === ".data"
          ? "public, max-age=0, must-revalidate"
          : "public, max-age=3600",
      scriptHashes: ext === ".html" ? inlineScriptHashes(body.toString("utf8")) : undefined,
      prerendered: !hashed && (ext === ".html" || ext === ".data") ? path.relative(clientDir, file) : undefined,
    };
  }

  /** The build's file, or what stands in for a prerendered one. */
  const answering = (file: StaticFile): StaticFile | null =>
    pages && file.prerendered !== undefined ? pages.pick(file as StaticFile & { prerendered: string }) : file;

  return {
    /**
     * The file for a URL path, or null when the build has none (the app then renders it).
     * A page asked for with a calculator's inputs in its query (`search`, as in a URL) is
     * rendered per request: a calculator's form sent without script comes back as its page
     * with the inputs, and the prerendered file is the page for no inputs (docs/decisions/134).
     * Any other query (an advert's utm_source or gclid) gets the file, as fast as the bare
     * page. Assets are files whatever their query.
     */
    lookup(urlPath: string, search = ""): StaticFile | null {
      if (search === "") {
        const found = byUrlPath.get(urlPath);
        if (found) return answering(found);
      }
      let decoded: string;
      try {
        decoded = decodeURIComponent(urlPath);
      } catch {
        return null;
      }
      if (decoded.includes("\0") || decoded.split("/").includes("..")) return null;
      const isPage = !path.extname(decoded);
      if (isPage && search !== "" && readCalculatorInput(new URLSearchParams(search))) return null;
      const relative = isPage ? path.join(decoded, "index.html") : decoded;
      let file = cache.get(relative) ?? null;
      if (!file) {
        file = load(path.join(clientDir, relative), decoded);
        // Misses are not remembered: a stream of made-up paths must not grow the cache.
        if (!file) return null;
        cache.set(relative, file);
      }
      // Nor is every spelling of a hit (`/a%62out-us`, `//about-us`): only the plain one.
      if (search === "" && urlPath === decoded && path.posix.normalize(urlPath) === urlPath)
        byUrlPath.set(urlPath, file);
      return answering(file);
    },
  };
}

/** What to send for a static file: status, headers and body (null for a 304 or a HEAD). */
export interface FileAnswer {
  status: 200 | 304;
  headers: Record<string, string>;
  body: Buffer | null;
}

/**
 * The answer for `file` to a request with these headers: 304 when the visitor holds this
 * version, else the file brotli- or gzip-encoded when the visitor takes it. `policy` is
 * the page's Content-Security-Policy, when it is a page. One answer for both ways a file
 * is served (server/app.ts and server/platform/fast-static.ts).
 */
export function answerFor(
  file: StaticFile,
  request: { method: string; ifNoneMatch: string | undefined; acceptEncoding: string | undefined },
  policy: string | undefined,
): FileAnswer {
  const headers: Record<string, string> = {
    "Content-Type": file.contentType,
    "Cache-Control": file.cacheControl,
    ETag: file.etag,
    Vary: "Accept-Encoding",
  };
  if (policy) headers["Content-Security-Policy"] = policy;
  if (request.ifNoneMatch === file.etag) return { status: 304, headers, body: null };
  const accepts = request.acceptEncoding ?? "";
  let body = file.body;
  if (file.brotli && /\bbr\b/.test(accepts)) {
    body = file.brotli;
    headers["Content-Encoding"] = "br";
  } else if (file.gzip && /\bgzip\b/.test(accepts)) {
    body = file.gzip;
    headers["Content-Encoding"] = "gzip";
  }
  headers["Content-Length"] = String(body.length);
  return { status: 200, headers, body: request.method === "HEAD" ? null : body };
}
