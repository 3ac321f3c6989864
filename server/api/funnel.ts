import { Hono } from "hono";
import { isbot } from "isbot";
import { funnelReportSchema } from "../../app/domain/funnel-report";
import { countFunnelReport, createReportLimiter } from "../leads/funnel";
import { clientAddress } from "../platform/rate-limit";
import type { Services } from "../platform/services";
import { fromOurPages, parseJsonBody } from "./json";

// POST /api/funnel: a form's report of a step reached, a redirect taken or a submission
// (DECISIONS D16), sent by navigator.sendBeacon. Counted unless it comes from a robot
// or from an address sending more than a visitor would; answered 204 either way, so
// nothing about the counting is visible to the sender.

export function funnelApi(services: Services) {
  const { config, db } = services;
  const app = new Hono();
  const withinRate = createReportLimiter({ limit: Math.max(1, Math.floor(60 * config.rateLimitScale)) });
  app.post("/", fromOurPages(config.siteUrl), async (c) => {
    const parsed = await parseJsonBody(c, funnelReportSchema);
    if (!parsed.ok) return parsed.response;
    const robot = isbot(c.req.header("user-agent") ?? "");
    if (!robot && withinRate(clientAddress(c, config.trustProxy))) await countFunnelReport(db, parsed.data);
    return c.body(null, 204);
  });
  return app;
}
