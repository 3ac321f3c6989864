import { defineConfig } from "vitest/config";

// The tests StrykerJS runs against each mutant of the server (stryker.server.config.json):
// the unit tests beside the modules and the integration suite, in-process on PGlite (and
// PostgreSQL too when TEST_DATABASE_URL is set). Each mutant runs only the tests that
// reached it (per-test coverage, StrykerJS 9.6), so those tests must pass alone
// (scripts/tests-alone.ts); decision 141 has the parts measured and what each took.
// Left out are the tests that reach the server only through a child process or a build
// (a mutant is active in StrykerJS's own process alone, so they could not kill it) and
// the fuzz test, whose thousand generated requests cost minutes per mutant.
export default defineConfig({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    include: ["server/**/*.test.ts", "tests/integration/**/*.test.ts"],
    exclude: [
      "tests/integration/server-process.test.ts",
      "tests/integration/staff-cli.test.ts",
      "tests/integration/fuzz.test.ts",
      "tests/integration/class-names.test.ts",
      "tests/integration/import-direction.test.ts",
      "tests/integration/ad-images.test.ts",
    ],
    environment: "node",
    isolate: false,
    // A mutant that leaves a promise hanging fails here in seconds rather than at
    // StrykerJS's own time-out, which counts the database's start-up as well.
    testTimeout: 15_000,
    hookTimeout: 60_000,
  },
});
