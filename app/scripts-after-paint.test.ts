import { describe, expect, it } from "vitest";
import { scriptsAfterPaint } from "./scripts-after-paint";

// The shape React Router 7's <Scripts> writes (see build/client/apply/index.html).
const page = [
  "<html><head>",
  '<link rel="stylesheet" href="/assets/root.css"/>',
  '<link rel="modulepreload" href="/assets/entry.client.js"/>',
  '<link rel="modulepreload" href="/assets/root.js"/>',
  '<link rel="modulepreload" href="/assets/apply.js"/>',
  "</head><body><form></form>",
  '<script type="module" nonce="n">import "/assets/enhance.js";</script>',
  '<script type="module" nonce="n">;',
  'import * as route0 from "/assets/root.js";',
  'import * as route1 from "/assets/apply.js";',
  "  window.__reactRouterManifest = {",
  '  "entry": {"module": "/assets/entry.client.js", "imports": ["/assets/react.js"]},',
  '  "routes": {"root": {"id": "root", "module": "/assets/root.js", "imports": ["/assets/footer.js"], "css": []}}',
  "};",
  '  window.__reactRouterRouteModules = {"root":route0,"routes/apply":route1};',
  "",
  'import("/assets/entry.client.js");</script>',
  "</body></html>",
].join("\n");

describe("scriptsAfterPaint", () => {
  const result = scriptsAfterPaint(page);

  it("asks for no module from the head", () => {
    expect(result).not.toMatch(/<link rel="modulepreload"/);
    expect(result).not.toMatch(/^import \* as/m);
    expect(result).toContain('<link rel="stylesheet" href="/assets/root.css"/>');
  });

  /**
   * Runs the boot script of a rewritten page against a stand-in browser: `import()`
   * becomes a recorded call, the paint observer and the pauses are driven by the test.
   */
  async function boot(rewritten: string, paint: { hidden?: boolean } = {}) {
    const body =
      /<script nonce="n" type="module"[^>]*>([\s\S]*?)<\/script>|<script type="module" nonce="n">;?([\s\S]*?)<\/script>/g;
    const script = [...rewritten.matchAll(body)]
      .map((m) => m[1] ?? m[2] ?? "")
      .find((code) => code.includes("started"));
    if (!script) throw new Error("no boot script");
    const events: string[] = [];
    let observer:
      | ((list: { getEntriesByName: (name: string) => unknown[] }, o: { disconnect(): void }) => void)
      | undefined;
    const window: Record<string, unknown> = {
      PerformanceObserver: { supportedEntryTypes: ["paint"] },
      scheduler: { yield: async () => void events.push("pause") },
    };
    const document = {
      visibilityState: paint.hidden ? "hidden" : "visible",
      createElement: () => ({}) as Record<string, string>,
      head: { append: (link: { href: string }) => events.push(`preload ${link.href}`) },
    };
    class PerformanceObserver {
      constructor(callback: typeof observer) {
        observer = callback;
      }
      observe() {}
    }
    const load = async (url: string) => {
      events.push(
        `import ${url}${url.includes("entry") ? ` with ${Object.keys((window.__reactRouterRouteModules as object) ?? {})}` : ""}`,
      );
      return { url };
    };
    const run = new Function(
      "window",
      "document",
      "PerformanceObserver",
      "setTimeout",
      "load",
      script.replace(/\bimport\(/g, "load("),
    );
    run(window, document, PerformanceObserver, () => {}, load);
    const painted = async () => {
      observer?.({ getEntriesByName: (name) => (name === "first-contentful-paint" ? [{}] : []) }, { disconnect() {} });
      await new Promise((done) => setTimeout(done, 0));
    };
    await new Promise((done) => setTimeout(done, 0));
    return { events, painted };
  }

  it("asks for nothing until the first contentful paint", async () => {
    const { events } = await boot(result);
    expect(events).toEqual([]);
  });

  it("then adds the same preloads, runs each module in a task of its own, and starts React's entry last", async () => {
    const { events, painted } = await boot(result);
    await painted();
    expect(events).toEqual([
      "preload /assets/entry.client.js",
      "preload /assets/root.js",
      "pause",
      "preload /assets/apply.js",
      "import /assets/root.js",
      "pause",
      "import /assets/apply.js",
      "pause",
      "import /assets/root.js",
      "import /assets/apply.js",
      "pause",
      "import /assets/entry.client.js with root,routes/apply",
    ]);
  });

  it("adds the preloads two to a task, so that a page of many modules never adds them all in one", async () => {
    const many = page.replace(
      '<link rel="modulepreload" href="/assets/apply.js"/>',
      ["apply", "a", "b", "c", "d", "e"]
        .map((name) => `<link rel="modulepreload" href="/assets/${name}.js"/>`)
        .join(""),
    );
    const { events, painted } = await boot(scriptsAfterPaint(many));
    await painted();
    expect(events.slice(0, events.indexOf("import /assets/root.js"))).toEqual([
      "preload /assets/entry.client.js",
      "preload /assets/root.js",
      "pause",
      "preload /assets/apply.js",
      "preload /assets/a.js",
      "pause",
      "preload /assets/b.js",
      "preload /assets/c.js",
      "pause",
      "preload /assets/d.js",
      "preload /assets/e.js",
      "pause",
    ]);
  });

  it("starts at once in a tab that is not shown", async () => {
    const { events } = await boot(result, { hidden: true });
    expect(events.at(-1)).toBe("import /assets/entry.client.js with root,routes/apply");
  });

  it("keeps the manifest but its lists of imports, the other module script and the script's nonce", () => {
    expect(result).toContain(
      'window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client.js","imports":[]},"routes":{"root":{"id":"root","module":"/assets/root.js","css":[]}}};',
    );
    expect(result).toContain('<script type="module" nonce="n">import "/assets/enhance.js";</script>');
    expect(result.match(/<script type="module" nonce="n">/g)).toHaveLength(2);
  });

  it("writes a manifest it cannot read as it came", () => {
    const odd = page.replace('"routes": {', '"routes": {,');
    expect(scriptsAfterPaint(odd)).toContain('"routes": {,"root"');
  });

  it("rewrites a page drawn for a request, whose tags carry the request's nonce", () => {
    const drawn = page
      .replace(/"\/>/g, '" nonce="n"/>')
      .replace('<script type="module" nonce="n">;', '<script nonce="n" type="module" async="">;');
    const rewritten = scriptsAfterPaint(drawn);
    expect(rewritten).not.toMatch(/<link rel="modulepreload"/);
    expect(rewritten).toContain('<script nonce="n" type="module" async="">');
    expect(rewritten).toContain('const preloads=["/assets/entry.client.js","/assets/root.js","/assets/apply.js"];');
  });

  describe("an island page", () => {
    const islands = [
      "<html><body><main>",
      '<div data-island="calculator"></div><script type="module" src="/assets/hydrate-calculators.js"></script>',
      '<div data-island="contact"></div><script type="module" src="/assets/hydrate-contact.js"></script>',
      '</main><script type="module" nonce="n">recordLandingPage();</script></body></html>',
    ].join("");
    const rewritten = scriptsAfterPaint(islands);

    it("asks for its island scripts once the page has painted, from one module script at the end", () => {
      expect(rewritten).not.toContain("src=");
      expect(rewritten).toMatch(
        /<script type="module" nonce="n">let started=false;const start=\(\)=>\{[^<]*const preloads=\["\/assets\/hydrate-calculators.js","\/assets\/hydrate-contact.js"\];for\(const src of preloads\)import\(src\);[^<]*first-contentful-paint[^<]*<\/script><\/body>/,
      );
      expect(rewritten).toContain('<div data-island="calculator"></div><div data-island="contact"></div>');
    });

    it("writes no nonce on a prerendered page (its scripts are allowed by their hash)", () => {
      const prerendered = scriptsAfterPaint(islands.replace(' nonce="n"', ""));
      expect(prerendered).toContain('<script type="module">let started=false;');
      expect(prerendered).not.toContain("nonce=");
    });
  });

  it.each([
    [
      "a page with no React Router scripts and no island script",
      '<html><script type="module">import "/assets/island.js";</script></html>',
    ],
    ["a script of another shape", page.replace('import("/assets/entry.client.js");', "start();")],
    ["a script without route imports", page.replace(/import \* as route\d from "[^"]+";/g, "")],
  ])("leaves %s as it was", (_name, html) => {
    expect(scriptsAfterPaint(html)).toBe(html);
  });
});
