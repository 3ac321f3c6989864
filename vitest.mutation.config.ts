import { defineConfig } from "vitest/config";

// The tests StrykerJS runs against each mutant of the domain (stryker.config.json):
// the domain's own, which are fast and need no database.
export default defineConfig({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    include: ["app/domain/**/*.test.ts"],
    environment: "node",
  },
});
