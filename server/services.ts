import type { AppConfig } from "../app/config.server";
import type { Database } from "./db/client";
import type { Logger } from "./logger";
import type { PromotionSource } from "./promotions/promotions.server";

/** What every part of the server is given: one instance of each, owned by the process. */
export interface Services {
  config: AppConfig;
  db: Database;
  log: Logger;
  /** Asks the outbox worker to look for new jobs now (after a lead is saved). */
  kickOutbox(): void;
  /** The signed-in user's id for a request, or null (anonymous, or accounts not wired). */
  identify(request: Request): Promise<string | null>;
  /** The live promotion figures in memory (DECISIONS D27); absent, they are read from the database. */
  promotions?: PromotionSource;
}
