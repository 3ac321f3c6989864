import { defineConfig } from "vitest/config";

// The tests StrykerJS runs against each mutant of the server modules it mutates
// (stryker.server.config.json): the unit tests beside them, which run in-process on
// PGlite in seconds. The integration suite starts servers and builds, and the outbox's
// tests wait on a mail server and real timers; neither is here.
export default defineConfig({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    include: [
      "server/db/batch.test.ts",
      "server/outage.test.ts",
      "server/rate-limit.test.ts",
      "server/security.test.ts",
    ],
    environment: "node",
    // A mutant that leaves a promise hanging fails here in seconds rather than at
    // StrykerJS's own time-out, which counts the database's start-up as well.
    testTimeout: 10_000,
    hookTimeout: 60_000,
  },
});
