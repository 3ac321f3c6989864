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
  '  window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client.js"}};',
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

  it("adds the same preloads once the page has painted, then the routes, then the entry", () => {
    expect(result).toContain('for(const href of ["/assets/entry.client.js","/assets/root.js","/assets/apply.js"])');
    expect(result).toContain(
      'Promise.all([import("/assets/root.js"),import("/assets/apply.js")]).then(([route0,route1])',
    );
    expect(result).toContain(
      'window.__reactRouterRouteModules={"root":route0,"routes/apply":route1};return import("/assets/entry.client.js")',
    );
    expect(result).toContain(
      'list.getEntriesByName("first-contentful-paint").length>0){observer.disconnect();start();}',
    );
    expect(result).toContain('document.visibilityState==="hidden"');
  });

  it("keeps the manifest, the other module script and the script's nonce", () => {
    expect(result).toContain('window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client.js"}};');
    expect(result).toContain('<script type="module" nonce="n">import "/assets/enhance.js";</script>');
    expect(result.match(/<script type="module" nonce="n">/g)).toHaveLength(2);
  });

  it("rewrites a page drawn for a request, whose tags carry the request's nonce", () => {
    const drawn = page
      .replace(/"\/>/g, '" nonce="n"/>')
      .replace('<script type="module" nonce="n">;', '<script nonce="n" type="module" async="">;');
    const rewritten = scriptsAfterPaint(drawn);
    expect(rewritten).not.toMatch(/<link rel="modulepreload"/);
    expect(rewritten).toContain('<script nonce="n" type="module" async="">');
    expect(rewritten).toContain('for(const href of ["/assets/entry.client.js","/assets/root.js","/assets/apply.js"])');
  });

  it.each([
    [
      "an island page (no React Router scripts)",
      '<html><script type="module">import "/assets/island.js";</script></html>',
    ],
    ["a script of another shape", page.replace('import("/assets/entry.client.js");', "start();")],
    ["a script without route imports", page.replace(/import \* as route\d from "[^"]+";/g, "")],
  ])("leaves %s as it was", (_name, html) => {
    expect(scriptsAfterPaint(html)).toBe(html);
  });
});
