import { defineConfig } from "vitest/config";

/**
 * Fault tests (`npm run test:faults`): the real server in a child process, killed and
 * restarted. Slow, so kept out of the ordinary suite; one file at a time, since each
 * spawns servers and databases of its own.
 */
export default defineConfig({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    include: ["tests/faults/**/*.test.ts"],
    environment: "node",
    fileParallelism: false,
    testTimeout: 240_000,
    hookTimeout: 300_000,
  },
});
