import type { Config } from "@react-router/dev/config";

/**
 * Pages whose HTML depends on the visitor (a session, their enquiries, a complaint's
 * reference, staff views) or
 * on settings read when the server starts (the thank-you page's conversion id, which
 * the CSP reads then too) are rendered per request; every other page is prerendered to
 * static HTML at build.
 */
const isRenderedPerRequest = (path: string) =>
  path === "/auth" || path.startsWith("/auth/") || path === "/thank-you" || path === "/complaint-received" || path.startsWith("/account") || path.startsWith("/staff");

export default {
  ssr: true,
  // BUILD_DIR lets two builds (say, two test runs) live side by side.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  prerender: {
    paths: ({ getStaticPaths }) => getStaticPaths().filter((path) => !isRenderedPerRequest(path)),
    concurrency: 4,
  },
} satisfies Config;
