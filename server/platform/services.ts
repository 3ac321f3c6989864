import type { AppConfig } from "../../app/config.server";
import type { Database } from "./db/client";
import type { Logger } from "./logger";

/**
 * What every part of the server is given: one instance of each, owned by the process.
 * A concern that adds a part of its own declares it beside itself (`declare module
 * "…/platform/services"`: the live promotion figures, the borrowers' accounts), so the
 * platform imports no concern and each part is typed where it is made.
 */
export interface Services {
  config: AppConfig;
  db: Database;
  log: Logger;
  /** Asks the outbox worker to look for new jobs now (after a lead is saved). */
  kickOutbox(): void;
  /** The signed-in user's id for a request, or null (anonymous, or accounts not wired). */
  identify(request: Request): Promise<string | null>;
}

/** What route loaders and actions receive as `context` (see app/routes). */
export interface ServerContext extends Services {
  /** This response's CSP nonce, for the inline scripts React Router writes. */
  nonce: string;
  /** The client's address as the rate limiter sees it (server/platform/rate-limit.ts); set by createApp. */
  clientAddress?: string;
}

declare module "react-router" {
  interface AppLoadContext extends ServerContext {}
}
