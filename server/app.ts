import { sql } from "drizzle-orm";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { compress } from "hono/compress";
import { createRequestHandler, type ServerBuild } from "react-router";
import { accountApi } from "./api/account";
import { authApi } from "./api/auth";
import { contactApi } from "./api/contact";
import { enquiriesApi } from "./api/enquiries";
import { quotesApi } from "./api/quotes";
import { createAuth, identifyWith } from "./auth";
import { clientAddress } from "./rate-limit";
import { contentSecurityPolicy, newNonce, securityHeaders } from "./security";
import type { Services } from "./services";
import { createStaffAuth } from "./staff/auth";
import { createStaticFiles, type StaticFile } from "./static-files";

/** Public write endpoints accept small JSON bodies only (DECISIONS D7). */
export const MAX_BODY_BYTES = 32 * 1024;

export interface AppOptions extends Omit<Services, "identify"> {
  identify?: Services["identify"];
  /** The React Router server build; absent in API-only tests. */
  build?: ServerBuild;
  /** The build's client folder, for prerendered pages and assets. */
  clientDir?: string;
}

export function createApp(options: AppOptions) {
  const { config, db, log, build, clientDir } = options;
  const auth = createAuth({ config, db, log, kickOutbox: options.kickOutbox });
  const staffAuth = createStaffAuth({ config, db, log });
  const services: Services = {
    config,
    db,
    log,
    kickOutbox: options.kickOutbox,
    identify: options.identify ?? identifyWith(auth),
  };
  const app = new Hono();
  const headers = securityHeaders(config.isProduction);

  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
    // Path only: query strings can carry personal data.
    log.info(
      { method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) },
      "request",
    );
  });

  app.get("/healthz", async (c) => {
    c.header("Cache-Control", "no-store");
    return (await pingDatabase(db)) ? c.json({ status: "ok" }) : c.json({ status: "database unavailable" }, 503);
  });

  const api = new Hono();
  api.use(bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => c.json({ error: "Request body too large" }, 413) }));
  api.use(async (c, next) => {
    await next();
    c.header("Cache-Control", "no-store");
  });
  api.route("/quotes", quotesApi(services));
  api.route("/enquiries", enquiriesApi(services));
  api.route("/contact", contactApi(services));
  api.route("/auth", authApi(services, auth));
  api.route("/account", accountApi(services, auth));
  api.all("*", (c) => c.json({ error: "Not found" }, 404));
  app.route("/api", api);

  if (clientDir) {
    const files = createStaticFiles(clientDir);
    app.on(["GET", "HEAD"], "*", async (c, next) => {
      const urlPath = c.req.path;
      if (urlPath.length > 1 && urlPath.endsWith("/")) {
        return c.redirect(urlPath.replace(/\/+$/, "") + new URL(c.req.url).search, 301);
      }
      const file = files.lookup(urlPath);
      if (!file) return next();
      return serveFile(c.req.raw, file, config.site);
    });
  }

  if (build) {
    const handle = createRequestHandler(build, config.env);
    app.use("*", compress());
    app.all("*", async (c) => {
      const nonce = newNonce();
      const response = await handle(c.req.raw, {
        ...services,
        nonce,
        auth,
        staffAuth,
        clientAddress: clientAddress(c, config.trustProxy),
      });
      if (response.headers.get("Content-Type")?.startsWith("text/html")) {
        response.headers.set("Content-Security-Policy", contentSecurityPolicy(config.site, [`'nonce-${nonce}'`]));
      }
      return response;
    });
  }

  app.onError((error, c) => {
    log.error({ err: error.message, path: c.req.path }, "unhandled error");
    return c.json({ error: "Something went wrong on our side. Please try again." }, 500);
  });

  return app;
}

async function pingDatabase(db: Services["db"]) {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

function serveFile(request: Request, file: StaticFile, site: Services["config"]["site"]) {
  const headers = new Headers({
    "Content-Type": file.contentType,
    "Cache-Control": file.cacheControl,
    ETag: file.etag,
    Vary: "Accept-Encoding",
  });
  if (file.scriptHashes) headers.set("Content-Security-Policy", contentSecurityPolicy(site, file.scriptHashes));
  if (request.headers.get("If-None-Match") === file.etag) return new Response(null, { status: 304, headers });
  const accepts = request.headers.get("Accept-Encoding") ?? "";
  let body = file.body;
  if (file.brotli && /\bbr\b/.test(accepts)) {
    body = file.brotli;
    headers.set("Content-Encoding", "br");
  } else if (file.gzip && /\bgzip\b/.test(accepts)) {
    body = file.gzip;
    headers.set("Content-Encoding", "gzip");
  }
  headers.set("Content-Length", String(body.length));
  return new Response(request.method === "HEAD" ? null : new Uint8Array(body), { status: 200, headers });
}
