import type { AppConfig } from "../../app/config.server";
import type { Database } from "../platform/db/client";
import { builtInPromotion, type LivePromotion, livePromotionFrom, type PromotionSource } from "./promotions.server";

/**
 * The figures a page or a lead is given: the server's copy in memory (`promotions`), or,
 * where a caller made no source (a test calling a loader straight), a read of the live
 * version. Prerendering at build has no database: the code's figures.
 */
export async function livePromotion(context: {
  config: AppConfig;
  db?: Database;
  promotions?: PromotionSource;
}): Promise<LivePromotion> {
  if (context.promotions) return context.promotions.live();
  const builtIn = builtInPromotion(context.config.site.claims);
  return context.db ? livePromotionFrom(context.db, builtIn) : builtIn;
}
