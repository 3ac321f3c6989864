import type { AppConfig } from "../app/config.server";
import type { Auth } from "./auth";
import type { Database } from "./db/client";
import type { Logger } from "./logger";
import type { StaffAuth } from "./staff/auth";

/** What every part of the server is given: one instance of each, owned by the process. */
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
  /** Accounts (server/auth.ts), for the per-request account pages; set by createApp. */
  auth?: Auth;
  /** Staff sign-in (server/staff/auth.ts), for the /staff pages; set by createApp. */
  staffAuth?: StaffAuth;
  /** The client's address as the rate limiter sees it (server/rate-limit.ts); set by createApp. */
  clientAddress?: string;
}

declare module "react-router" {
  interface AppLoadContext extends ServerContext {}
}
