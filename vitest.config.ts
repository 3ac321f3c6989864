import os from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    include: ["app/**/*.test.ts", "server/**/*.test.ts", "tests/integration/**/*.test.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Vitest's default leaves a core idle (one worker on two cores). These files spend
    // much of their time waiting on PostgreSQL, servers and sockets: one per core.
    maxWorkers: Math.max(2, os.availableParallelism()),
  },
});
