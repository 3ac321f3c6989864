import { sql } from "drizzle-orm";
import type { IncomingMessage } from "node:http";
import { type Context, Hono, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { compress } from "hono/compress";
import { createRequestHandler, type ServerBuild } from "react-router";
import { accountApi } from "./api/account";
import { authApi } from "./api/auth";
import { contactApi } from "./api/contact";
import { funnelApi } from "./api/funnel";
import { leadApi } from "./api/leads";
import { createAuth, identifyWith } from "./borrowers/auth";
import {
  createOutageLog,
  isConnectionFailure,
  type OutageLog,
  outageAnswer,
  WriteOutcomeUnknown,
} from "./platform/outage";
import type { PromotionSource } from "./promotions/promotions.server";
import type { RenderedPages } from "./promotions/rendered-pages";
import { clientAddress } from "./platform/rate-limit";
import type { PoolUse } from "./platform/db/client";
import { exposition, metricsAccess, reportRequest, routeGroup, scrapedRegistry } from "./platform/metrics";
import { ROUTE_GROUPS, scrapedGauges } from "./observability.server";
import { refusedWith } from "./platform/refused-requests";
import {
  contentSecurityPolicy,
  newNonce,
  publicRequest,
  securityHeaders,
  withoutTrailingSlash,
} from "./platform/security";
import type { Services } from "./platform/services";
import { answerFor, createStaticFiles, type StaticFile } from "./platform/static-files";

/**
 * Every request body, on every route, is at most this size (DECISIONS D7): checked from
 * Content-Length before anything is read, and counted while a body without one streams.
 */
export const MAX_BODY_BYTES = 32 * 1024;

export interface AppOptions extends Omit<Services, "identify"> {
  identify?: Services["identify"];
  /** The React Router server build; absent in API-only tests. */
  build?: ServerBuild;
  /** The build's client folder, for prerendered pages and assets. */
  clientDir?: string;
  /** Shared with the outbox worker, so a database outage is logged once, whoever meets it. */
  databaseOutage?: OutageLog;
  /** The live promotion figures (DECISIONS D27); absent, loaders read them from the database. */
  promotions?: PromotionSource;
  /** The prerendered pages rendered again with the live figures (decision 320). */
  renderedPages?: RenderedPages;
  /** The database pool's use, for /metrics; absent, its gauges are left out. */
  poolUse?: () => PoolUse;
}

/** /healthz answers within this long, whole answer included, however the database fares (README). */
export const HEALTH_TIMEOUT_MS = 1_500;
/**
 * How long of that /healthz gives the database before it answers 503. The rest is for
 * the answer itself on a server busy with an outage's requests: with the whole 1.5 s
 * given to the check, answers came after 1,501–1,603 ms (issue 27, decision 162).
 */
export const HEALTH_CHECK_MS = 1_200;
/** What a client is told to wait before trying again while the database is unreachable. */
export const RETRY_AFTER_SECONDS = 30;

export function createApp(options: AppOptions) {
  const { config, db, log, build, clientDir } = options;
  const databaseOutage = options.databaseOutage ?? createOutageLog(log, "database");
  const auth = createAuth({ config, db, log, kickOutbox: options.kickOutbox });
  const services: Services = {
    config,
    db,
    log,
    kickOutbox: options.kickOutbox,
    identify: options.identify ?? identifyWith(auth),
    promotions: options.promotions,
  };
  const app = new Hono();
  const headers = securityHeaders(config.isProduction);

  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
    // A body answered before it all arrived (refused by its size, say) is drained for a
    // moment and its connection then closed: the client is told so, and sends its next
    // request on a new one rather than down one about to close (decision 481).
    if (bodyLeftUnread(c)) c.res.headers.set("Connection", "close");
    const status = statusSent(c);
    const ms = performance.now() - started;
    // Path only: query strings can carry personal data.
    log.info({ method: c.req.method, path: c.req.path, status, ms: Math.round(ms) }, "request");
    // Its group only: a path can carry an id (decision 450).
    reportRequest(routeGroup(c.req.path, ROUTE_GROUPS), c.req.method, status, ms / 1000);
  });

  app.use(limitBody);

  app.get("/healthz", async (c) => {
    c.header("Cache-Control", "no-store");
    const problem = await pingDatabase(db);
    if (problem === undefined) {
      databaseOutage.succeeded();
      return c.json({ status: "ok" });
    }
    databaseOutage.failed(problem);
    return c.json({ status: "database unavailable" }, 503);
  });

  // Prometheus's scrape (decision 450): with METRICS_TOKEN, for its bearer only; without, from this machine only.
  const scraped = scrapedRegistry(scrapedGauges({ db, config, poolUse: options.poolUse }));
  app.get("/metrics", async (c) => {
    c.header("Cache-Control", "no-store");
    const access = metricsAccess(
      config.operations.metricsToken,
      c.req.header("authorization"),
      clientAddress(c, config.trustProxy),
    );
    if (access === 401) {
      c.header("WWW-Authenticate", 'Bearer realm="metrics"');
      return c.json({ error: "The metrics ask for their bearer token." }, 401);
    }
    if (access === 403) return c.json({ error: "The metrics are not for this client." }, 403);
    const { body, contentType } = await exposition(scraped);
    return c.body(body, 200, { "Content-Type": contentType });
  });

  const api = new Hono();
  api.use(async (c, next) => {
    await next();
    c.header("Cache-Control", "no-store");
  });
  api.route("/quotes", leadApi(services, "quote"));
  api.route("/enquiries", leadApi(services, "personal-enquiry"));
  api.route("/contact", contactApi(services));
  api.route("/funnel", funnelApi(services));
  api.route("/auth", authApi(services, auth));
  api.route("/account", accountApi(services, auth));
  api.all("*", (c) => c.json({ error: "Not found" }, 404));
  app.route("/api", api);

  if (clientDir) {
    const files = createStaticFiles(clientDir, options.renderedPages);
    app.on(["GET", "HEAD"], "*", async (c, next) => {
      const urlPath = c.req.path;
      if (urlPath.length > 1 && urlPath.endsWith("/")) return c.redirect(withoutTrailingSlash(new URL(c.req.url)), 301);
      const file = files.lookup(urlPath, new URL(c.req.url).search);
      if (!file) return next();
      return serveFile(c.req.raw, file, config.site);
    });
  }

  if (build) {
    const handle = createRequestHandler(build, config.env);
    // As the build prerenders: no nonce (the page's inline scripts are allowed by their hashes), no visitor.
    options.renderedPages?.setRenderer((urlPath) =>
      handle(new Request(new URL(urlPath, config.siteUrl)), {
        ...services,
        nonce: undefined as unknown as string,
        auth,
      }),
    );
    app.use("*", compress());
    app.all("*", async (c) => {
      const nonce = newNonce();
      const request = publicRequest(c.req.raw, config.siteUrl, config.trustProxy);
      const response = await handle(request, {
        ...services,
        nonce,
        auth,
        clientAddress: clientAddress(c, config.trustProxy),
      });
      if (response.headers.get("Content-Type")?.startsWith("text/html")) {
        response.headers.set("Content-Security-Policy", contentSecurityPolicy(config.site, [`'nonce-${nonce}'`]));
      }
      return response;
    });
  }

  app.onError((error, c) => {
    if (isConnectionFailure(error)) {
      // The database is away: nothing was stored, or (a lead's write that got no answer)
      // it may have been; either way pressing again later will work and store it once.
      databaseOutage.failed(error instanceof WriteOutcomeUnknown ? error.cause : error);
      c.header("Retry-After", String(RETRY_AFTER_SECONDS));
      return c.json(outageAnswer(error), 503);
    }
    // The logger's error serializer keeps query parameters and personal values out.
    log.error({ err: error, path: c.req.path }, "unhandled error");
    return c.json({ error: "Something went wrong on our side. Please try again." }, 500);
  });

  return app;
}

/** Nginx's figure for a request whose client left before its answer (decision 290). */
export const CLIENT_CLOSED = 499;

/**
 * The status the client was given. A request whose connection closed before its answer
 * was not answered with what the app made of it (a page's 500 for an aborted request):
 * the parser's refusal of the bytes after it, when that closed it, else 499.
 */
function statusSent(c: Context): number {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  const refused = refusedWith(incoming);
  if (refused !== undefined) return refused;
  return c.req.raw.signal.aborted ? CLIENT_CLOSED : c.res.status;
}

/** True when the request's body had not all arrived by the time its answer was made. */
function bodyLeftUnread(c: Context): boolean {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  return incoming !== undefined && !incoming.complete;
}

const checkContentLength = bodyLimit({
  maxSize: MAX_BODY_BYTES,
  onError: (c) => c.json({ error: "Request body too large" }, 413),
});

/**
 * Every body is limited before anything parses it. One with a Content-Length (every
 * form and fetch a browser sends) is judged by that alone, before a byte of it is read,
 * so a rate limit further on refuses without waiting for the upload; one without
 * (chunked) is read up to the limit and no further (Hono's bodyLimit).
 */
const limitBody: MiddlewareHandler = async (c, next) => {
  if (!c.req.raw.body) return next();
  if (c.req.header("content-length") !== undefined && c.req.header("transfer-encoding") !== undefined) {
    // Both framings at once is how requests are smuggled past proxies.
    return c.json({ error: "Request framing is ambiguous" }, 400);
  }
  return checkContentLength(c, next);
};

/** Undefined when the database answers a trivial query within HEALTH_CHECK_MS; otherwise why not. */
async function pingDatabase(db: Services["db"]): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("database timed out")), HEALTH_CHECK_MS);
  });
  try {
    await Promise.race([db.execute(sql`select 1`), timeout]);
    return undefined;
  } catch (error) {
    return error;
  } finally {
    clearTimeout(timer);
  }
}

function serveFile(request: Request, file: StaticFile, site: Services["config"]["site"]) {
  const answer = answerFor(
    file,
    {
      method: request.method,
      ifNoneMatch: request.headers.get("If-None-Match") ?? undefined,
      acceptEncoding: request.headers.get("Accept-Encoding") ?? undefined,
    },
    file.scriptHashes ? contentSecurityPolicy(site, file.scriptHashes) : undefined,
  );
  // The file's own bytes, not a copy: they are never written to.
  const body =
    answer.body &&
    (new Uint8Array(answer.body.buffer, answer.body.byteOffset, answer.body.byteLength) as Uint8Array<ArrayBuffer>);
  return new Response(body, { status: answer.status, headers: answer.headers });
}
