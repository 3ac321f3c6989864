import { createVitest, escapeTestName, type TestCase } from "vitest/node";

// Runs every test of a Vitest configuration on its own, in a fresh module of its file,
// and names those that fail alone: `npx tsx scripts/tests-alone.ts [config] [file…]`.
//
// StrykerJS runs each mutant against only the tests that reached it (per-test coverage),
// so a test that leans on rows an earlier test left behind fails for that reason alone,
// and every mutant it covers is counted as killed. The server's mutation score means
// something only while this prints nothing (docs/decisions/141).

const [config = "vitest.mutation.server.config.ts", ...files] = process.argv.slice(2);
const vitest = await createVitest("test", { config, watch: false, reporters: [{}] });

const names: { file: string; name: string }[] = [];
for (const module of (await vitest.collect(files)).testModules) {
  // Vitest matches a name pattern against the suites' names and the test's, joined by spaces.
  for (const test of module.children.allTests()) names.push({ file: module.moduleId, name: chain(test).join(" ") });
}
console.log(`${names.length} tests`);

function chain(test: TestCase) {
  const names = [test.name];
  for (let suite = test.parent; suite.type === "suite"; suite = suite.parent) names.unshift(suite.name);
  return names;
}

const failing: string[] = [];
for (const { file, name } of names) {
  vitest.state.filesMap.clear();
  for (const project of vitest.projects)
    project.config.testNamePattern = new RegExp(`^${escapeTestName(name, false)}$`);
  const result = await vitest.start([file]);
  const tests: TestCase[] = result.testModules.flatMap((module) => [...module.children.allTests()]);
  const ran = tests.filter((test) => test.result().state !== "skipped");
  const failed = ran.some((test) => test.result().state === "failed") || result.unhandledErrors.length > 0;
  if (failed || ran.length === 0) {
    failing.push(`${file.replace(`${process.cwd()}/`, "")} > ${name}${ran.length === 0 ? " (did not run)" : ""}`);
    console.log(`FAILS ALONE: ${failing.at(-1)}`);
  }
}
await vitest.close();
console.log(failing.length === 0 ? "Every test passes alone." : `${failing.length} fail alone.`);
process.exit(failing.length === 0 ? 0 : 1);
