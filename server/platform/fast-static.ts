import type { IncomingMessage, ServerResponse } from "node:http";
import type { AppConfig } from "../../app/config.server";
import type { Logger } from "./logger";
import { isPlainPath } from "./plain-path";
import { contentSecurityPolicy, securityHeaders } from "./security";
import { answerFor, createStaticFiles, type FileAnswer, type PrerenderedPages, type StaticFile } from "./static-files";

/**
 * The prerendered pages and assets, answered straight from Node's HTTP server before a
 * request reaches the app: no Request or Response objects, no middleware, the page's CSP
 * made once. These are most of the site's requests, and the pages paid traffic lands on
 * (decision 057 measures them against nginx). The answer is the app's own (`answerFor`
 * and the same security headers); any request this does not take (another method, a
 * path with a trailing slash, percent-encoding or dot segments, a page with a
 * calculator's inputs, a file the build lacks) goes on to the app unchanged.
 */
export function fastStaticFiles(clientDir: string, config: AppConfig, log: Logger, pages?: PrerenderedPages) {
  const files = createStaticFiles(clientDir, pages);
  // The logger's level is fixed when the server starts; below info, a request costs no log line at all.
  const logging = log.isLevelEnabled("info");
  const baseHeaders = securityHeaders(config.isProduction);
  const policies = new WeakMap<StaticFile, string>();
  const policyOf = (file: StaticFile) => {
    if (!file.scriptHashes) return undefined;
    let policy = policies.get(file);
    if (policy === undefined) {
      policy = contentSecurityPolicy(config.site, file.scriptHashes);
      policies.set(file, policy);
    }
    return policy;
  };

  /** The response head for each way a file is sent (status and encoding), made once, as Node takes it fastest. */
  const heads = new WeakMap<StaticFile, Map<string, string[]>>();
  const headOf = (file: StaticFile, answer: FileAnswer) => {
    const key = `${answer.status} ${answer.headers["Content-Encoding"] ?? ""}`;
    let ofFile = heads.get(file);
    if (!ofFile) {
      ofFile = new Map();
      heads.set(file, ofFile);
    }
    let head = ofFile.get(key);
    if (!head) {
      head = Object.entries({ ...answer.headers, ...baseHeaders }).flat();
      ofFile.set(key, head);
    }
    return head;
  };

  /** Answers the request and says true, or says false and leaves it to the app. */
  return function serveStatic(req: IncomingMessage, res: ServerResponse): boolean {
    const method = req.method ?? "";
    if (method !== "GET" && method !== "HEAD") return false;
    const url = req.url ?? "";
    const queryAt = url.indexOf("?");
    const urlPath = queryAt === -1 ? url : url.slice(0, queryAt);
    if (!isPlainPath(urlPath) || (urlPath.length > 1 && urlPath.endsWith("/"))) return false;
    const file = files.lookup(urlPath, queryAt === -1 ? "" : url.slice(queryAt));
    if (!file) return false;
    const started = logging ? performance.now() : 0;
    const answer = answerFor(
      file,
      { method, ifNoneMatch: req.headers["if-none-match"], acceptEncoding: req.headers["accept-encoding"] },
      policyOf(file),
    );
    res.writeHead(answer.status, headOf(file, answer));
    res.end(answer.body ?? undefined);
    // Path only, as the app logs: query strings can carry personal data.
    if (logging)
      log.info(
        { method, path: urlPath, status: answer.status, ms: Math.round(performance.now() - started) },
        "request",
      );
    return true;
  };
}
