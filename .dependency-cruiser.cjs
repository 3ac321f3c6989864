// The direction of imports (README, "How it is built"): routes → pages → features → components →
// content → domain, and server → domain. Run by `npm run lint`; each rule's comment is
// the message a forbidden import fails with.

/** Paths of a layer: the folder, as a regular expression from the project's root. */
const routes = "^app/(routes/|root\\.tsx|entry\\.server\\.tsx|routes\\.ts)";
const pages = "^app/pages/";
const features = "^app/(features|enhance)/";
const components = "^app/components/";
const content = "^app/content/";
const domain = "^app/domain/";
const server = "^server/";
/** What only runs on the server may be imported by a route only through a `.server.ts` module. */
const serverOnly = "\\.server\\.tsx?$";
/** Tests may reach across layers to set up what they check. */
const tests = "\\.test\\.tsx?$";

/**
 * server/ by concern (README, "How it is built"): the root composes; `platform/` (the
 * database, mail, the outbox, logging, security, rate limits, audit, CSV, form posts) and
 * `emails/` (what is sent) sit beneath every concern; each concern folder below names the
 * modules another concern may import, its entry. The root and `api/` compose, and import
 * what they need.
 */
const concernEntries = {
  borrowers: ["accounts.server.ts", "auth.ts", "callbacks.server.ts", "contact.server.ts"],
  leads: ["leads.server.ts", "funnel.ts", "lead-email-keys.ts"],
  privacy: ["data-requests.server.ts"],
  complaints: ["reopened.ts"],
  needs: [],
  promotions: ["promotions.server.ts", "live.server.ts"],
  staff: ["session.server.ts", "session-limits.ts"],
};
const concernNames = Object.keys(concernEntries);
const escaped = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** One rule per concern: reached from another concern only through its entry. */
const throughEntries = concernNames.map((name) => ({
  name: `${name}-reached-through-its-entry`,
  comment: `Another concern imports server/${name}/ only through its entry (${concernEntries[name].join(", ") || "none: nothing of it is another concern's"}); name the module there, in .dependency-cruiser.cjs, or move what both need into platform/ or app/domain.`,
  severity: "error",
  from: { path: `^server/(${concernNames.filter((other) => other !== name).join("|")})/`, pathNot: tests },
  to: {
    path: `^server/${name}/`,
    pathNot: concernEntries[name].map((entry) => `^server/${name}/${escaped(entry)}$`),
  },
}));

/** @type {import("dependency-cruiser").IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "features-import-no-feature",
      comment:
        "A feature of app/features imports no other feature: what two features share goes down a layer (app/components, app/content or app/domain).",
      severity: "error",
      from: { path: "^app/features/([^/]+)/", pathNot: tests },
      to: { path: "^app/features/", pathNot: "^app/features/$1/" },
    },
    {
      name: "platform-imports-no-concern",
      comment:
        "server/platform is beneath every concern: it imports only itself, app/domain and the configuration. A concern's part is given to it by the composition (server/jobs.ts, `declare module` beside the concern).",
      severity: "error",
      from: { path: "^server/platform/", pathNot: tests },
      to: { path: "^server/(?!platform/)" },
    },
    {
      name: "emails-import-no-concern",
      comment:
        "server/emails are the messages sent: they import the platform and app/domain, never a concern folder or the composition.",
      severity: "error",
      from: { path: "^server/emails/", pathNot: tests },
      to: { path: "^server/(?!platform/|emails/)" },
    },
    ...throughEntries,
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
      to: { path: ["^app/(components|features|enhance|pages|routes)/", routes, server] },
    },
    {
      name: "components-import-down",
      comment: "app/components are shared pieces: they may import content and the domain, never features, routes or the server.",
      severity: "error",
      from: { path: components, pathNot: tests },
      to: { path: ["^app/(features|enhance|pages|routes)/", routes, server] },
    },
    {
      name: "features-import-down",
      comment: "app/features may import components, content and the domain, never a route or the server (a route's action calls the server).",
      severity: "error",
      from: { path: features, pathNot: tests },
      to: { path: [pages, routes, server] },
    },
    {
      name: "pages-import-down",
      comment: "app/pages are the public pages' bodies, drawn by their routes and by the console's past copies: they may import features, components, content and the domain, never a route or the server.",
      severity: "error",
      from: { path: pages, pathNot: tests },
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
      comment:
        "Modules of the domain, the components and the server import each other in one direction only (type-only imports included).",
      severity: "error",
      from: { path: [domain, components, server] },
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
