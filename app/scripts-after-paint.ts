/**
 * React Router's `<Scripts>` asks for every module of a page at once, from the head: a
 * `modulepreload` link for each and a module script whose static imports fetch them.
 * On a slow phone those downloads share the line with the stylesheet and hold back the
 * first paint of a page whose HTML already works without them (the forms post, D18).
 *
 * `scriptsAfterPaint` rewrites a rendered page so that the same modules are asked for
 * once the page has painted: the preload links are added then, and the route modules
 * are imported dynamically before React's entry starts, as `<Scripts>` would. A page
 * without React Router's scripts has its island scripts asked for then too. A page whose
 * script is not in the expected shape comes back unchanged, so an upgrade can cost
 * speed, never work.
 * Decision 138.
 */

const PRELOAD_LINK = /<link rel="modulepreload" href="([^"]+)"[^>]*\/>/g;
const MODULE_SCRIPT = /(<script\b[^>]*\btype="module"[^>]*>)([\s\S]*?)(<\/script>)/g;
// Spaces and tabs only around a line, never `\s`: `^\s*` under the m flag runs again from
// every line of a run of blank lines (decision 261).
const ROUTE_IMPORT = /^[ \t]*import \* as (route\d+) from "([^"]+)";[ \t]*$/gm;
const ROUTE_MODULES = /^[ \t]*window\.__reactRouterRouteModules = (\{[^\n]*\});[ \t]*$/m;
const ENTRY_IMPORT = /^[ \t]*import\("([^"]+)"\);[ \t]*$/m;
const ISLAND_SCRIPT = /<script type="module" src="(\/[^"]+\.js)"><\/script>/g;
const NONCE = /<script\b[^>]*\bnonce="([^"]+)"/;
const MANIFEST = /^([ \t]*window\.__reactRouterManifest = )(\{[\s\S]*?\});[ \t]*$/m;

/**
 * The script that starts React once the browser reports the page's first contentful
 * paint. A tab opened behind another paints nothing until shown, so it starts at once,
 * as does a browser that cannot report paints; five seconds is the last resort.
 *
 * The modules are then run one at a time, each in a task of its own, the browser free
 * between them (`scheduler.yield`, or a zero timeout): run together they held the main
 * thread for 100 ms and more on a slow phone, while someone may already be choosing an
 * answer. Running a module first runs what it imports, so the order only sets the size
 * of each task; React's entry, which hydrates, comes last.
 */
/**
 * Preload links added in one task: each starts a fetch, which on a slow phone took from a
 * few milliseconds to ten, so the forms' forty in one task held the main thread for 50 ms
 * and more (decision 511).
 */
const PRELOADS_PER_TASK = 2;

function bootScript(preloads: string[], routes: [name: string, url: string][], routeModules: string, entry: string) {
  const names = routes.map(([name]) => name).join(",");
  const imports = routes.map(([, url]) => `import(${JSON.stringify(url)})`).join(",");
  return [
    "let started=false;",
    "const pause=()=>window.scheduler?.yield?window.scheduler.yield():new Promise(done=>setTimeout(done,0));",
    "const start=async()=>{if(started)return;started=true;",
    `const preloads=${JSON.stringify(preloads)};`,
    `for(const [i,href] of preloads.entries()){const link=document.createElement("link");link.rel="modulepreload";link.href=href;document.head.append(link);if(i%${PRELOADS_PER_TASK}===${PRELOADS_PER_TASK - 1})await pause();}`,
    `for(const href of preloads){if(href!==${JSON.stringify(entry)}){await import(href);await pause();}}`,
    `const [${names}]=await Promise.all([${imports}]);`,
    `window.__reactRouterRouteModules=${routeModules};await pause();await import(${JSON.stringify(entry)});};`,
    START_AFTER_PAINT,
  ].join("");
}

/** Calls `start` once the page has painted (or at once: a tab not shown, no paint timing; five seconds at last). */
const START_AFTER_PAINT = [
  'if(document.visibilityState==="hidden"||!window.PerformanceObserver?.supportedEntryTypes?.includes("paint"))start();',
  'else{new PerformanceObserver((list,observer)=>{if(list.getEntriesByName("first-contentful-paint").length>0){observer.disconnect();start();}}).observe({type:"paint",buffered:true});setTimeout(start,5000);}',
].join("");

/**
 * An island page's scripts (decision 142), asked for once the page has painted, as a
 * hydrated page's are: fetched from the start, they lengthened a phone's wait for the
 * first paint of a page whose HTML already works without them.
 */
function islandBootScript(sources: string[]) {
  return [
    "let started=false;",
    `const start=()=>{if(started)return;started=true;const preloads=${JSON.stringify(sources)};for(const src of preloads)import(src);};`,
    START_AFTER_PAINT,
  ].join("");
}

function islandScriptsAfterPaint(html: string): string {
  const sources = [...new Set([...html.matchAll(ISLAND_SCRIPT)].map((match) => match[1] as string))];
  if (sources.length === 0 || !html.includes("</body>")) return html;
  // The page's nonce, on a page drawn for a request (a prerendered page's is allowed by its hash).
  const nonce = NONCE.exec(html)?.[1];
  const open = nonce === undefined ? '<script type="module">' : `<script type="module" nonce="${nonce}">`;
  return html.replace(ISLAND_SCRIPT, "").replace("</body>", `${open}${islandBootScript(sources)}</script></body>`);
}

/**
 * The manifest without the lists of each route's imports, which the browser reads only to
 * add preload links (the boot script carries them once) and, written in, came to some
 * 0.8 KB (gzip) of a form's first-load script. Written as it came if it does not read.
 */
function manifestWithoutImports(json: string): string {
  try {
    const manifest = JSON.parse(json) as {
      entry: { imports?: string[] };
      routes: Record<string, { imports?: string[] }>;
    };
    // React Router's <Scripts> adds the entry's to the routes' on hydration: an empty list, not none.
    manifest.entry.imports = [];
    for (const route of Object.values(manifest.routes)) delete route.imports;
    return JSON.stringify(manifest);
  } catch {
    return json;
  }
}

export function scriptsAfterPaint(html: string): string {
  const preloads = [...html.matchAll(PRELOAD_LINK)].map((match) => match[1] as string);
  let rewritten = false;
  const page = html.replace(MODULE_SCRIPT, (whole, open: string, body: string, close: string) => {
    const routeModules = ROUTE_MODULES.exec(body)?.[1];
    const entry = ENTRY_IMPORT.exec(body)?.[1];
    const routes = [...body.matchAll(ROUTE_IMPORT)].map((match) => [match[1], match[2]] as [string, string]);
    if (rewritten || !routeModules || !entry || routes.length === 0) return whole;
    rewritten = true;
    const rest = body
      .replace(ROUTE_IMPORT, "")
      .replace(ROUTE_MODULES, "")
      .replace(ENTRY_IMPORT, "")
      .replace(MANIFEST, (_line, assign: string, json: string) => `${assign}${manifestWithoutImports(json)};`);
    return `${open}${rest.trim()}\n${bootScript(preloads, routes, routeModules, entry)}${close}`;
  });
  return rewritten ? page.replace(PRELOAD_LINK, "") : islandScriptsAfterPaint(html);
}
