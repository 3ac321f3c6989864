import { timingSafeEqual } from "node:crypto";
import { isIP } from "node:net";
import { Counter, Gauge, Histogram, Registry } from "prom-client";

// The server's figures in Prometheus's text format (decision 450), through prom-client.
// Two kinds: what this process counts as it happens (requests, leads stored, emails sent,
// database statement errors), kept in one registry for the process as its logger is; and
// what the database says at the moment of the scrape (the outbox, complaints, call-backs,
// backups, the pool), which the composition (server/observability.server.ts) gives each
// app as gauges of its own registry. A concern reports through the functions here.
//
// No label holds a person's data, an id or a client address: requests are counted by
// route GROUP (a fixed word, never the path), leads by form, everything else by a fixed
// word or nothing (tested in tests/integration/metrics.test.ts).

/** The process's own counts: one registry, as there is one process. */
export const processMetrics = new Registry();

/** The lead forms a lead is stored by: fixed words, one series each from the start. */
export const LEAD_FORMS = ["quote", "personal-enquiry", "contact"] as const;
export type LeadForm = (typeof LEAD_FORMS)[number];

const requests = new Counter({
  name: "http_requests_total",
  help: "Requests answered, by route group, method and status.",
  labelNames: ["group", "method", "status"] as const,
  registers: [processMetrics],
});

const latency = new Histogram({
  name: "http_request_duration_seconds",
  help: "How long requests took to answer, by route group.",
  labelNames: ["group"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [processMetrics],
});

const leadsStored = new Counter({
  name: "leads_stored_total",
  help: "Leads stored (new ones only, not a resubmission), by form.",
  labelNames: ["form"] as const,
  registers: [processMetrics],
});
for (const form of LEAD_FORMS) leadsStored.inc({ form }, 0);

const emailsSent = new Counter({
  name: "emails_sent_total",
  help: "Emails the outbox handed to the mail server.",
  registers: [processMetrics],
});

const emailsFailed = new Counter({
  name: "emails_failed_total",
  help: "Attempts to send an email that failed (each is retried until its last attempt).",
  registers: [processMetrics],
});

const statementErrors = new Counter({
  name: "db_statement_errors_total",
  help: "Database statements that failed (refused, timed out or lost with their connection).",
  registers: [processMetrics],
});

/** A request answered: its route group (never its path), method and status, and how long it took. */
export function reportRequest(group: string, method: string, status: number, seconds: number) {
  requests.inc({ group, method: KNOWN_METHODS.has(method) ? method : "OTHER", status: String(status) });
  latency.observe({ group }, seconds);
}
const KNOWN_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

export function reportLeadStored(form: LeadForm) {
  leadsStored.inc({ form });
}

export function reportEmail(outcome: "sent" | "failed") {
  (outcome === "sent" ? emailsSent : emailsFailed).inc();
}

export function reportStatementError() {
  statementErrors.inc();
}

/**
 * A request path's group: its first segment when that is one of `groups` (for /api, its
 * first two: "api/quotes"), else "pages"; a file's path (with a dot in its last
 * segment) is "static" (an /api path not listed: "api/other"). A path never reaches a label: ids and search words stay out.
 */
export function routeGroup(path: string, groups: ReadonlySet<string>): string {
  const segments = path.split("/").filter(Boolean);
  const [first = "", second = ""] = segments;
  if (segments.length === 0) return "home";
  if (first === "api") return groups.has(`api/${second}`) ? `api/${second}` : "api/other";
  if (groups.has(first)) return first;
  if (/\.[a-z0-9]{1,8}$/i.test(segments.at(-1) ?? "")) return "static";
  return "pages";
}

/** A gauge read from somewhere at each scrape; an error reading it leaves it out of that scrape. */
export interface ScrapedGauge<L extends string = string> {
  name: string;
  help: string;
  labelNames?: readonly L[];
  /** Each series' value, by its labels (none: one series). */
  read(): Promise<{ labels?: Partial<Record<L, string>>; value: number }[]>;
}

/** A registry of gauges read at each scrape: one per app, as each app has its own database. */
export function scrapedRegistry(gauges: readonly ScrapedGauge[]): Registry {
  const registry = new Registry();
  for (const spec of gauges) {
    new Gauge({
      name: spec.name,
      help: spec.help,
      labelNames: spec.labelNames ?? [],
      registers: [registry],
      async collect() {
        this.reset();
        try {
          for (const { labels, value } of await spec.read()) {
            if (labels) this.set(labels, value);
            else this.set(value);
          }
        } catch {
          // The database is away: the series is missing from this scrape, which Prometheus shows as absent.
        }
      },
    });
  }
  return registry;
}

/** The text Prometheus reads: this process's counts, then the app's gauges. */
export async function exposition(appRegistry: Registry): Promise<{ body: string; contentType: string }> {
  const [own, app] = await Promise.all([processMetrics.metrics(), appRegistry.metrics()]);
  return { body: `${own.trimEnd()}\n${app}`, contentType: processMetrics.contentType };
}

/**
 * Who may read /metrics (decision 450): with a token set, a request bearing it and no
 * other (401 without one, 403 with a wrong one); without, only a client on the loopback
 * address (403 otherwise). The address is the one the rate limits use, so behind a
 * trusted proxy it is the client's, not the proxy's.
 */
export function metricsAccess(
  token: string | null,
  authorization: string | undefined,
  address: string,
): "allowed" | 401 | 403 {
  if (token) {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? "");
    if (!match) return 401;
    const given = Buffer.from(match[1] as string);
    const wanted = Buffer.from(token);
    return given.length === wanted.length && timingSafeEqual(given, wanted) ? "allowed" : 403;
  }
  return isLoopback(address) ? "allowed" : 403;
}

export function isLoopback(address: string) {
  const plain = address.replace(/^::ffff:/i, "");
  if (isIP(plain) === 4) return plain.startsWith("127.");
  return plain === "::1";
}
