import { createServer as createHttpServer, type RequestListener, type Server, type ServerOptions } from "node:http";
import path from "node:path";
import { serve } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import type { AppConfig } from "../app/config.server";
import { createApp } from "./app";
import { requestsInFlight } from "./platform/answering";
import { takeNightlyBackup } from "./platform/backup/backup";
import { runCommand } from "./commands";
import { type ControlSocket, openControlSocket } from "./control-socket";
import { type DatabaseHandle, openDatabase } from "./platform/db/client";
import { holdEmbeddedDatabase } from "./platform/db/embedded-lock";
import { createLogger, type Logger } from "./platform/logger";
import { fastStaticFiles } from "./platform/fast-static";
import { createMailer } from "./platform/mail";
import { createOutageLog } from "./platform/outage";
import { startJobs } from "./jobs";
import { builtInPromotion, createPromotionSource } from "./promotions/promotions.server";
import { createRenderedPages } from "./promotions/rendered-pages";
import { refuseUnreadableRequests } from "./platform/refused-requests";
import { reportRequest, routeGroup } from "./platform/metrics";
import { healthWatch, ROUTE_GROUPS } from "./observability.server";

/**
 * How long an idle connection stays open: longer than Caddy keeps its connections to the
 * server idle (two minutes) and than Node's fetch keeps its own (four seconds), so a
 * client never sends a request down a connection the server is closing that moment, which
 * the client sees as a reset (a proxy's 502). Node's own default is five seconds.
 */
const KEEP_ALIVE_MS = 125_000;

export interface RunningServer {
  database: DatabaseHandle;
  port: number;
  /** Stops taking connections, lets requests in flight finish, then stops the worker and the database. */
  close(): Promise<void>;
}

/**
 * Everything the process runs: database (embedded PGlite unless DATABASE_URL is set)
 * and its migrations, the outbox worker, and the HTTP server for pages, assets and /api.
 */
export async function startServer(
  config: AppConfig,
  {
    buildDir = "build",
    log = createLogger(config.logLevel),
    outboxNow,
    promotionsNow,
  }: {
    buildDir?: string;
    log?: Logger;
    /**
     * The outbox's clock (its sweep queues reminders by it): the browser tests move it;
     * otherwise the system's, and only then does the server run the daily retention.
     */
    outboxNow?: () => Date;
    /** The clock scheduled promotion versions go live by (DECISIONS D27): the browser tests move it. */
    promotionsNow?: () => Date;
  } = {},
): Promise<RunningServer> {
  const database = await openDatabase({ url: config.databaseUrl, dataDir: path.resolve(config.dataDir, "pglite") });
  const releaseEmbedded = config.databaseUrl ? () => {} : holdEmbeddedDatabase(config.dataDir);
  await database.migrate();
  log.info({ database: database.kind }, "database ready");
  // The command line cannot open the embedded database while this process holds it: it
  // hands its commands here instead (decision 165). With PostgreSQL it opens the database itself.
  const control: ControlSocket | null = config.databaseUrl
    ? null
    : await openControlSocket({
        dataDir: config.dataDir,
        run: (argv) => runCommand(database.db, config, argv),
        log,
      });

  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    mailDir: path.resolve(config.mailDir),
    from: config.mail.from,
  });
  const databaseOutage = createOutageLog(log, "database");
  /** Requests being answered now: the outbox gives way to them (decision 143). */
  const inFlight = requestsInFlight();
  const outbox = startJobs({
    db: database.db,
    mailer,
    log,
    databaseOutage,
    leaseMs: config.outboxLeaseMs,
    // A clock a test moves would date the retention run too, and delete sessions still
    // live by the real clock (decision 200): such a server leaves retention to its tests.
    dailyRetention: !outboxNow,
    // The night's backup, beside the retention run, when BACKUP_DIR is set (decision 355).
    ...(config.backup.dir && !outboxNow
      ? {
          nightlyBackup: () =>
            takeNightlyBackup(
              database.db,
              {
                databaseUrl: config.databaseUrl,
                mailDir: path.resolve(config.mailDir),
                dir: path.resolve(config.backup.dir as string),
                keep: config.backup.keep,
              },
              log,
            ),
        }
      : {}),
    mailDir: path.resolve(config.mailDir),
    reminders: { site: config.site, leadInbox: config.mail.leadInbox },
    // The health checks, each minute on the outbox's clock: a change is emailed once (decision 451).
    healthWatch: healthWatch({ db: database.db, config }, log),
    ...(outboxNow ? { now: outboxNow } : {}),
    busy: inFlight.busy,
  });

  const buildPath = path.resolve(buildDir, "server/index.js");
  const build = (await import(buildPath)) as ServerBuild;
  const clientDir = path.resolve(buildDir, "client");
  // The live promotion figures, in memory, asked after every few seconds (DECISIONS D27).
  const promotions = createPromotionSource({
    db: database.db,
    builtIn: builtInPromotion(config.site.claims),
    log,
    ...(promotionsNow ? { now: promotionsNow } : {}),
  });
  await promotions.live().catch((error: unknown) => log.warn({ err: error }, "promotion figures not read at start"));
  const renderedPages = createRenderedPages({ promotions, log });
  const app = createApp({
    promotions,
    renderedPages,
    config,
    db: database.db,
    log,
    kickOutbox: outbox.kick,
    databaseOutage,
    build,
    clientDir,
    poolUse: database.poolUse,
  });

  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    // Prerendered pages and assets are answered before a request reaches the app.
    const serveStatic = fastStaticFiles(clientDir, config, log, renderedPages);
    const createServer = ((options: ServerOptions, listener: RequestListener) => {
      const httpServer = createHttpServer(options, (req, res) => {
        inFlight.answer(res);
        const started = performance.now();
        if (!serveStatic(req, res)) return listener(req, res);
        // Answered before the app: counted here, by its group (decision 450).
        res.once("finish", () => {
          const group = routeGroup((req.url ?? "/").split("?")[0] ?? "/", ROUTE_GROUPS);
          reportRequest(group, req.method ?? "GET", res.statusCode, (performance.now() - started) / 1000);
        });
      });
      // An idle connection is kept longer than any client keeps it (decision 480).
      httpServer.keepAliveTimeout = KEEP_ALIVE_MS;
      return httpServer;
    }) as typeof createHttpServer;
    const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host, createServer }, (info) => {
      log.info({ port: info.port }, `listening on http://localhost:${info.port}`);
      resolve(s);
    });
    refuseUnreadableRequests(s as Server, log);
  });

  return {
    database,
    port: config.port,
    async close() {
      const forceClose = setTimeout(() => "closeAllConnections" in server && server.closeAllConnections(), 10_000);
      await Promise.all([new Promise<void>((resolve) => server.close(() => resolve())), control?.close()]);
      clearTimeout(forceClose);
      promotions.close();
      await outbox.stop();
      mailer.close();
      await database.close();
      releaseEmbedded();
    },
  };
}
