import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultPromotionFigures } from "../../app/domain/promotions";
import { openDatabase } from "../../server/platform/db/client";
import { approvePromotion, draftPromotion } from "../../server/promotions/promotions.server";
import { hasBuild } from "../support/app";
import { createScratchDatabase } from "../support/database";
import { type ServerProcess, startServerProcess } from "../support/server-process";

// Two servers sharing one PostgreSQL database (DECISIONS D27, decision 320): a version
// approved through either is on both servers' pages within seconds, without a restart
// or a build, prerendered pages included, and their calculators carry its rate.

const withPostgres = Boolean(process.env.TEST_DATABASE_URL) && hasBuild;

describe.runIf(withPostgres)("a publication on two servers sharing PostgreSQL", () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let servers: ServerProcess[] = [];
  beforeAll(async () => {
    scratch = await createScratchDatabase();
    // The first migrates; the second starts on the migrated database.
    servers = [await startServerProcess({ DATABASE_URL: scratch.url })];
    servers.push(await startServerProcess({ DATABASE_URL: scratch.url }));
  }, 180_000);
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await scratch?.drop();
  });

  const page = async (server: ServerProcess, path: string) => (await fetch(`${server.baseUrl}${path}`)).text();

  it("shows the new rate on every server's loan page and calculator within seconds", async () => {
    for (const server of servers)
      expect(await page(server, "/secured-homeowner-loan")).toContain("fixed rates from 5.69%");

    const figures = defaultPromotionFigures();
    figures.rateTable[0]!.rates = { excellent: 5.19, good: 5.19, unsure: 5.19 };
    figures.examples.headline.ratePercent = 5.19;
    const database = await openDatabase({ url: scratch.url });
    try {
      const drafted = await draftPromotion(
        database.db,
        { id: "d", name: "Drafter" },
        {
          figures,
          summary: "Lower headline rate",
          publishAt: null,
          basedOn: null,
        },
      );
      if (!drafted.ok) throw new Error("refused");
      expect(await approvePromotion(database.db, { id: "a", name: "Approver" }, drafted.id, new Date())).toEqual({
        ok: true,
        published: true,
      });
    } finally {
      await database.close();
    }

    const started = Date.now();
    for (const server of servers) {
      await expect
        .poll(() => page(server, "/secured-homeowner-loan"), { timeout: 10_000, interval: 250 })
        .toContain("fixed rates from 5.19%");
    }
    expect(Date.now() - started).toBeLessThan(10_000);
    // Asked again, each server answers its copy rendered with the new figures, the calculator's rate in its props.
    for (const server of servers) {
      const html = await page(server, "/secured-homeowner-loan");
      expect(html).not.toContain("5.69%");
      expect(html).toContain("&quot;ratePercent&quot;:5.19");
      expect(await page(server, "/")).toContain("Rates from 5.19%");
    }
  }, 60_000);
});
