import os from "node:os";
import { defineConfig } from "vitest/config";

/**
 * An island's script URL (`x.tsx?island-module`, vite.config.ts) is the client build's to
 * make: a test importing a page with an island (the console's past copies of the loan
 * pages) gets an empty URL rather than running the browser's hydration in Node.
 */
const ISLAND = "?island-module";
const islandModulesInTests = {
  name: "island-module-in-tests",
  enforce: "pre" as const,
  resolveId: (id: string) => (id.endsWith(ISLAND) ? `\0${id}` : null),
  load: (id: string) => (id.startsWith("\0") && id.endsWith(ISLAND) ? "export default '';" : null),
};

export default defineConfig({
  plugins: [islandModulesInTests],
  // JSX compiled for React's production build, which the tests render with (setupFiles).
  esbuild: { jsxDev: false },
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    include: ["app/**/*.test.ts", "server/**/*.test.ts", "tests/integration/**/*.test.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Vitest's default leaves a core idle (one worker on two cores). These files spend
    // much of their time waiting on PostgreSQL, servers and sockets: one per core.
    maxWorkers: Math.max(2, os.availableParallelism()),
    // The files of a worker share one module graph: each file no longer imports the
    // server, the app and the domain afresh (about a minute of a two-core run). Every
    // test builds what it needs inside itself, as the mutation runs already require
    // (decision 141), so no file leans on another's modules' state.
    isolate: false,
    // Pages render with React's production build, as deployed; the settings stay a test's.
    setupFiles: ["tests/support/react-production.mjs"],
  },
});
