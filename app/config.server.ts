import { z } from "zod";
import { BANK_HOLIDAY_NATIONS } from "./domain/callbacks";
import { DEFAULT_CONVERSION_NAME } from "./domain/offline-conversions";
import { OPENING_HOURS_FORMAT, openingHoursText, parseOpeningHours } from "./domain/opening-hours";

/**
 * Everything that differs between one deployment and another: brand, firm details,
 * partner links, mail and secrets. Read once from the environment; every value has a
 * working default for local use except the secrets a production server must set.
 * Replace the example firm details here (or by environment variable) before going live.
 */
const url = z.url();
const optional = (schema: z.ZodType<string>) => z.preprocess((v) => (v === "" ? undefined : v), schema.optional());

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  // Unset: the address this server listens on (see `localSiteUrl`).
  SITE_URL: optional(url),
  DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\//, "must start with postgres://")),
  DATA_DIR: z.string().default("./data"),
  SMTP_URL: optional(z.string().regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")),
  MAIL_DIR: optional(z.string()),
  AUTH_SECRET: optional(z.string().min(32, "must be at least 32 characters")),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** How many proxies in front of the server to trust: false (none), true (one) or a number of hops. */
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d{1,2})$/, "must be false, true or a number of trusted proxy hops")
    .default("false")
    .transform((v) => (v === "true" ? 1 : v === "false" ? 0 : Number(v))),
  /** Multiplies every rate limit: raise it for load tests and browser test runs. */
  RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
  /**
   * How passwords are hashed (decision 370): "standard" (scrypt, N = 16384, r = 16) always,
   * except that a test run (NODE_ENV=test) hashes "light" unless told "standard".
   */
  PASSWORD_HASHING: optional(z.enum(["standard", "light"])),

  BRAND_NAME: z.string().min(1).default("Harbourside Loans"),
  COMPANY_NAME: z.string().min(1).default("Harbourside Finance Ltd"),
  COMPANY_NUMBER: z.string().default("01234567"),
  FCA_FIRM_REFERENCE: z
    .string()
    .regex(/^\d{6,7}$/, "must be a 6 or 7 digit number")
    .default("654321"),
  REGISTERED_ADDRESS: z.string().min(1).default("1 Harbourside Quay, Bristol, BS1 5TY"),
  ESTABLISHED_YEAR: z.coerce.number().int().min(1900).max(2100).default(2000),
  PHONE: z.string().min(1).default("0117 496 0123"),
  CONTACT_EMAIL: z.email().default("hello@harbourside-loans.example"),
  LEAD_INBOX_EMAIL: z.email().default("leads@harbourside-loans.example"),
  /** Who a complaint made on the website is handled by until a member takes it: named in its acknowledgement. */
  COMPLAINTS_HANDLER: z.string().trim().min(1).max(120).default("The complaints team"),
  MAIL_FROM: z.string().min(1).default("Harbourside Loans <no-reply@harbourside-loans.example>"),
  /** Days and times, UK time: printed on every page and email, and the hours a call-back may be booked in. */
  OPENING_HOURS: z
    .string()
    .default("Mon-Fri 09:00-17:00")
    .transform((text, ctx) => {
      const hours = parseOpeningHours(text);
      if (!hours) ctx.addIssue({ code: "custom", message: OPENING_HOURS_FORMAT });
      return hours ?? [];
    }),
  /** Whose bank holidays the office closes on: the nation the firm is in (DECISIONS D21). */
  BANK_HOLIDAYS: z
    .enum(BANK_HOLIDAY_NATIONS, { error: `must be one of ${BANK_HOLIDAY_NATIONS.join(", ")}` })
    .default("england-and-wales"),
  /**
   * The nation whose working days the firm's own clocks count (a complaint's eight weeks, a
   * correction request's month): the call-backs' nation unless set apart.
   */
  FIRM_NATION: z.enum(BANK_HOLIDAY_NATIONS, { error: `must be one of ${BANK_HOLIDAY_NATIONS.join(", ")}` }).optional(),

  /** A new lead not called within this many minutes of opening hours is marked on the Today page. */
  FIRST_CALL_TARGET_MINUTES: z.coerce
    .number({ error: "must be a whole number of minutes, such as 30" })
    .int("must be a whole number of minutes, such as 30")
    .min(1, "must be at least 1 minute")
    .max(2_400, "must be at most 2400 minutes (a working week)")
    .default(30),

  PARTNER_A_URL: url.default("https://partner-a.example/personal-loan-application"),
  PARTNER_A_NAME: z.string().default("Creditec"),
  PARTNER_B_URL: url.default("https://partner-b.example/personal-loans"),
  PARTNER_B_NAME: z.string().default("Loans Warehouse"),
  PARTNER_B_SOURCE: z.string().default("harbourside"),
  PARTNER_B_MEDIUM: z.string().default("referral"),
  PARTNER_B_CAMPAIGN: z.string().default("personal-loans"),
  BRIDGING_URL: url.default("https://bridging.harbourside-loans.example/bridging-calculator"),
  BUSINESS_URL: url.default("https://business.harbourside-loans.example/business-loans"),
  MAP_EMBED_URL: url.default(
    "https://www.google.com/maps/embed?pb=!1m14!1m12!1m3!1d2486!2d-2.5975!3d51.4495!2m3!1f0!2f0!3f0!3m2!1i1024!2i768!4f13.1!5e0!3m2!1sen!2suk",
  ),
  // Claims a reader could check (D17): shown only when set, with their source.
  LENDER_PANEL_SIZE: optional(z.string().max(20)),
  LENDER_PANEL_SOURCE: optional(z.string().max(200)),
  REVIEW_RATING: optional(z.string().regex(/^[0-5](\.\d)?$/, "must be a rating out of 5, like 4.8")),
  REVIEW_COUNT: optional(z.string().regex(/^\d+$/, "must be a whole number of reviews")),
  REVIEW_SITE: optional(z.string().max(100)),
  REVIEW_URL: optional(url),
  REVIEW_DATE: optional(z.string().max(40)),
  ADS_CONVERSION_ID: optional(z.string().regex(/^AW-\d+(\/[\w-]+)?$/, "must look like AW-123456789/label")),
  /** The conversion action's name in Google Ads that the offline-conversions file reports completed loans under. */
  ADS_CONVERSION_NAME: z
    .string()
    .trim()
    .min(1, "must name the conversion action, such as Completed loan")
    .max(100, "must be at most 100 characters")
    .regex(
      /^[^=+\-@\t\r\n,"][^\t\r\n,"]*$/,
      "must be a plain name: no commas, quotes or line breaks, not starting with = + - @",
    )
    .default(DEFAULT_CONVERSION_NAME),
  OUTBOX_LEASE_MS: z.coerce.number().int().min(1_000).default(60_000),
  /** Where the server writes its nightly backup (decision 355); unset: no nightly backup. */
  BACKUP_DIR: optional(z.string()),
  /** How many backups BACKUP_DIR keeps: the oldest beyond this are deleted after each nightly one. */
  BACKUP_KEEP: z.coerce
    .number({ error: "must be a whole number of backups, such as 14" })
    .int("must be a whole number of backups, such as 14")
    .min(1, "must be at least 1")
    .max(3_650, "must be at most 3650")
    .default(14),
  /**
   * The bearer token /metrics asks for (decision 450); unset, /metrics answers only a
   * client on the loopback address.
   */
  METRICS_TOKEN: optional(z.string().min(24, "must be at least 24 characters").regex(/^\S+$/, "must have no spaces")),
  /** The firm's operations address: the health alerts are emailed there (decision 451); unset, none is sent. */
  OPS_EMAIL: optional(z.email()),
});

export type Env = z.infer<typeof envSchema>;

/**
 * The address of a server started on this machine with no SITE_URL: it follows PORT
 * and HOST, so the links in its emails reach it. A wildcard HOST is reached as localhost.
 */
function localSiteUrl(host: string, port: number): string {
  const name = host === "0.0.0.0" || host === "::" || host === "" ? "localhost" : host;
  return `http://${name.includes(":") ? `[${name}]` : name}:${port}`;
}

export class ConfigError extends Error {}

/**
 * Reads and checks the configuration. `forServer` adds the checks only a running
 * server needs (secrets), so a build can prerender pages without them.
 */
export function readConfig(env: Record<string, string | undefined> = process.env, { forServer = false } = {}) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const siteUrl = (e.SITE_URL ?? localSiteUrl(e.HOST, e.PORT)).replace(/\/$/, "");
  if (forServer && e.NODE_ENV === "production" && !e.AUTH_SECRET) {
    throw new ConfigError("Invalid configuration:\n  AUTH_SECRET: required in production");
  }
  if (e.PASSWORD_HASHING === "light" && e.NODE_ENV !== "test") {
    throw new ConfigError("Invalid configuration:\n  PASSWORD_HASHING: light is for test runs only (NODE_ENV=test)");
  }
  return {
    /** How long a claimed email is hidden from other servers; renewed while it is being sent. */
    outboxLeaseMs: e.OUTBOX_LEASE_MS,
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === "production",
    port: e.PORT,
    host: e.HOST,
    siteUrl,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    smtpUrl: e.SMTP_URL,
    mailDir: e.MAIL_DIR ?? `${e.DATA_DIR}/mail`,
    /** The nightly backup (decision 355): its folder (null: none taken) and how many it keeps. */
    backup: { dir: e.BACKUP_DIR ?? null, keep: e.BACKUP_KEEP },
    /** Who may read /metrics and where the health alerts go (decisions 450, 451). */
    operations: { metricsToken: e.METRICS_TOKEN ?? null, email: e.OPS_EMAIL ?? null },
    authSecret: e.AUTH_SECRET ?? "development-only-secret-change-me-in-production",
    logLevel: e.LOG_LEVEL,
    /** Trusted proxy hops in front of the server (0: none); see server/platform/rate-limit.ts clientAddress. */
    trustProxy: e.TRUST_PROXY,
    rateLimitScale: e.RATE_LIMIT_SCALE,
    /** Light only in a test run, where a memory-hard hash per sign-in is most of the suite's time. */
    passwordHashing: (e.PASSWORD_HASHING ?? (e.NODE_ENV === "test" ? "light" : "standard")) as "standard" | "light",
    site: {
      brandName: e.BRAND_NAME,
      companyName: e.COMPANY_NAME,
      companyNumber: e.COMPANY_NUMBER,
      fcaFirmReference: e.FCA_FIRM_REFERENCE,
      registeredAddress: e.REGISTERED_ADDRESS,
      establishedYear: e.ESTABLISHED_YEAR,
      phone: e.PHONE,
      contactEmail: e.CONTACT_EMAIL,
      /** As printed: "Monday to Friday, 9:00 to 17:00". */
      openingHours: openingHoursText(e.OPENING_HOURS),
      /** The same hours as data (the firm's schema.org description). */
      openingPeriods: e.OPENING_HOURS,
      siteUrl,
      partners: {
        a: { name: e.PARTNER_A_NAME, url: e.PARTNER_A_URL },
        b: {
          name: e.PARTNER_B_NAME,
          url: e.PARTNER_B_URL,
          source: e.PARTNER_B_SOURCE,
          medium: e.PARTNER_B_MEDIUM,
          campaign: e.PARTNER_B_CAMPAIGN,
        },
        bridgingUrl: e.BRIDGING_URL,
        businessUrl: e.BUSINESS_URL,
      },
      mapEmbedUrl: e.MAP_EMBED_URL,
      adsConversionId: e.ADS_CONVERSION_ID ?? null,
      claims: {
        // Each claim needs every part of its source, or it is not made at all.
        lenderPanel:
          e.LENDER_PANEL_SIZE && e.LENDER_PANEL_SOURCE
            ? { size: e.LENDER_PANEL_SIZE, source: e.LENDER_PANEL_SOURCE }
            : null,
        rating:
          e.REVIEW_RATING && e.REVIEW_COUNT && e.REVIEW_SITE && e.REVIEW_URL && e.REVIEW_DATE
            ? {
                score: e.REVIEW_RATING,
                count: Number(e.REVIEW_COUNT),
                site: e.REVIEW_SITE,
                url: e.REVIEW_URL,
                date: e.REVIEW_DATE,
              }
            : null,
      },
    },
    complaints: { handler: e.COMPLAINTS_HANDLER },
    /** The firm itself: whose bank holidays its clocks skip (complaints, requests, reports). */
    firm: { nation: e.FIRM_NATION ?? e.BANK_HOLIDAYS },
    /** When a borrower may ask to be called back (app/domain/callbacks.ts). */
    callbacks: { hours: e.OPENING_HOURS, nation: e.BANK_HOLIDAYS },
    /** Minutes of opening hours a new lead may wait for its first call before the Today page marks it. */
    firstCallTargetMinutes: e.FIRST_CALL_TARGET_MINUTES,
    /** The conversion action's name in the offline-conversions file for Google Ads (DECISIONS D23). */
    adsConversionName: e.ADS_CONVERSION_NAME,
    mail: {
      from: e.MAIL_FROM,
      leadInbox: e.LEAD_INBOX_EMAIL,
    },
  };
}

export type AppConfig = ReturnType<typeof readConfig>;
/** The part of the configuration that pages may show: nothing secret. */
export type SiteConfig = AppConfig["site"];

let cached: AppConfig | undefined;
/** The process's configuration, read on first use. */
export function config(): AppConfig {
  cached ??= readConfig();
  return cached;
}

/**
 * The configuration a route loader should use: the running server's, which it puts in
 * every request's load context, or, while pages are prerendered at build and no server
 * runs, the environment's.
 */
export function loaderConfig(context: { config?: AppConfig } | undefined): AppConfig {
  return context?.config ?? config();
}
