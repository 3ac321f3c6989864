import type { Logger } from "../platform/logger";
import { type PrerenderedPages, renderedPageFile, type StaticFile } from "../platform/static-files";
import type { PromotionSource } from "./promotions.server";

/**
 * The prerendered pages once a promotion version is live (decision 320). The build
 * prerendered every page with the code's figures; while those stand, its files are
 * served as they are. Once a version is live, each page is rendered again in the server
 * (as the build renders it: no nonce, its inline scripts allowed by their hashes) the
 * first time it is asked for, and that copy is served from memory, as fast as the
 * build's, until the next publication clears it. Until a page's copy is ready, its
 * requests go on to the app, which renders them with the live figures too: no visitor
 * is ever sent a page with figures no longer live.
 */
export interface RenderedPages extends PrerenderedPages {
  /** Given by the app: renders a page (or its .data) by its URL path, without a nonce. */
  setRenderer(render: (urlPath: string) => Promise<Response>): void;
  /** Resolves when every page asked for since the last publication has its copy (tests, the bench). */
  settled(): Promise<void>;
}

/** `about-us/index.html` → `/about-us`, `index.html` → `/`, `about-us.data` → `/about-us.data`. */
export function urlPathOf(prerendered: string): string {
  const posix = prerendered.split("\\").join("/");
  if (posix === "index.html") return "/";
  if (posix.endsWith("/index.html")) return `/${posix.slice(0, -"/index.html".length)}`;
  return `/${posix}`;
}

export function createRenderedPages({ promotions, log }: { promotions: PromotionSource; log: Logger }): RenderedPages {
  let render: ((urlPath: string) => Promise<Response>) | undefined;
  /** Each page's copy for the live version; emptied on publication. */
  let copies = new Map<string, StaticFile>();
  /** Renders under way, each for the version live when it started. */
  const rendering = new Map<string, { version: number | null; job: Promise<void> }>();
  let version = promotions.current().versionId;

  function start(prerendered: string) {
    const forVersion = version;
    if (!render || rendering.get(prerendered)?.version === forVersion) return;
    const into = copies;
    const job = (async () => {
      try {
        const response = await render(urlPathOf(prerendered));
        if (response.status !== 200) return;
        const file = await renderedPageFile(Buffer.from(await response.arrayBuffer()), prerendered);
        // A publication while it rendered: the copy is of figures no longer live.
        if (forVersion === version && into === copies) copies.set(prerendered, file);
      } catch (error) {
        log.warn({ err: error, page: prerendered }, "a page could not be rendered with the live figures");
      } finally {
        if (rendering.get(prerendered)?.version === forVersion) rendering.delete(prerendered);
      }
    })();
    rendering.set(prerendered, { version: forVersion, job });
  }

  promotions.onChange((live) => {
    const asked = [...copies.keys(), ...rendering.keys()];
    version = live.versionId;
    copies = new Map();
    // The pages visitors asked for are rendered again at once, so the next visitor to each is answered from memory.
    if (version !== null) for (const page of asked) start(page);
  });

  return {
    setRenderer(fn) {
      render = fn;
    },
    pick(file) {
      if (promotions.current().versionId === null) return file;
      const copy = copies.get(file.prerendered);
      if (copy) return copy;
      start(file.prerendered);
      return null;
    },
    async settled() {
      while (rendering.size > 0) await Promise.all([...rendering.values()].map((r) => r.job));
    },
  };
}
