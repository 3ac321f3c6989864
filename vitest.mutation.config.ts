import { defineConfig } from "vitest/config";

// The tests StrykerJS runs against each mutant of the domain (stryker.config.json):
// the domain's own, and the components' that read what the domain computes as a page
// prints it (the representative example's APRC); all fast, none needs a database.
export default defineConfig({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    include: ["app/domain/**/*.test.ts", "app/components/**/*.test.ts"],
    environment: "node",
  },
});
