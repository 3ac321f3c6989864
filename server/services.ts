import type { AppConfig } from "../app/config.server";
import type { Database } from "./db/client";
import type { Logger } from "./logger";

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
