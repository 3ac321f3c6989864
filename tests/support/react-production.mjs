// React's production build, as a deployment runs it, for servers and page renders under
// test whose own settings stay a test's (NODE_ENV=test: light password hashing, plain
// cookies). React picks its build from NODE_ENV once, when first required; required here
// first, the build it picks is the production one, which renders a page in about 60% of
// the development build's time. The browser tests' server does the same (e2e-server.ts).
// Loaded by `node --import` (tests/support/server-process.ts) and by Vitest's setup.
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const setting = process.env.NODE_ENV;
process.env.NODE_ENV = "production";
try {
  for (const name of ["react", "react/jsx-runtime", "react-dom", "react-dom/server"]) require(name);
} finally {
  if (setting === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = setting;
}
