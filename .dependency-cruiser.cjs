// The direction of imports (README, "How it is built"): routes → features → components →
// content → domain, and server → domain. Run by `npm run lint`; each rule's comment is
// the message a forbidden import fails with.

/** Paths of a layer: the folder, as a regular expression from the project's root. */
const routes = "^app/(routes/|root\\.tsx|entry\\.server\\.tsx|routes\\.ts)";
const features = "^app/(features|enhance)/";
const components = "^app/components/";
const content = "^app/content/";
const domain = "^app/domain/";
const server = "^server/";
/** What only runs on the server may be imported by a route only through a `.server.ts` module. */
const serverOnly = "\\.server\\.tsx?$";
/** Tests may reach across layers to set up what they check. */
const tests = "\\.test\\.tsx?$";

/** @type {import("dependency-cruiser").IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "domain-imports-no-layer",
      comment:
        "app/domain is plain TypeScript: it imports nothing from routes, features, components, content, the configuration or the server.",
      severity: "error",
      from: { path: domain, pathNot: tests },
      to: { path: ["^app/(?!domain/)", server] },
    },
    {
      name: "domain-imports-no-framework",
      comment: "app/domain imports no React, router, database or HTTP library: it runs the same in a browser, a server and a test.",
      severity: "error",
      from: { path: domain, pathNot: tests },
      to: { path: "(^|node_modules/)(react|react-dom|react-router|drizzle-orm|hono|pg|@electric-sql/pglite|better-auth|nodemailer)(/|$)" },
    },
    {
      name: "content-imports-domain-only",
      comment: "app/content is copy and page data: it may import the domain, never components, features, routes or the server.",
      severity: "error",
      from: { path: content, pathNot: tests },
      to: { path: ["^app/(components|features|enhance|routes)/", routes, server] },
    },
    {
      name: "components-import-down",
      comment: "app/components are shared pieces: they may import content and the domain, never features, routes or the server.",
      severity: "error",
      from: { path: components, pathNot: tests },
      to: { path: ["^app/(features|enhance|routes)/", routes, server] },
    },
    {
      name: "features-import-down",
      comment: "app/features may import components, content and the domain, never a route or the server (a route's action calls the server).",
      severity: "error",
      from: { path: features, pathNot: tests },
      to: { path: [routes, server] },
    },
    {
      name: "server-imports-domain",
      comment:
        "server/ may import app/domain (and the configuration), never routes, features, components or content: move what both need into app/domain.",
      severity: "error",
      from: { path: server, pathNot: tests },
      to: {
        path: "^app/(?!domain/|config\\.server\\.ts$)",
      },
    },
    {
      name: "routes-reach-server-through-dot-server",
      comment:
        "A route imports server code only from a `.server.ts` module, so the bundler refuses to ship it to the browser: rename the module or import a `.server.ts` one.",
      severity: "error",
      from: { path: "^app/" },
      to: { path: server, pathNot: serverOnly },
    },
    {
      name: "only-routes-reach-server",
      comment: "Only routes (their loaders and actions) import server modules; features, components, content and the domain do not.",
      severity: "error",
      from: { path: "^app/", pathNot: [routes, tests] },
      to: { path: server },
    },
    {
      name: "no-circular",
      comment: "Modules of the domain and the server import each other in one direction only (type-only imports included).",
      severity: "error",
      from: { path: [domain, server] },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|build|\\.react-router)/" },
    // Type-only imports count: a cycle or a wrong-way import is one, whatever it carries.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".cjs", ".mjs", ".d.ts"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
