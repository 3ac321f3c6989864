import { readFileSync } from "node:fs";
import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { type BuildOptions, build as esbuild } from "esbuild";
import { defineConfig, type Plugin } from "vite";

const SUFFIX = "?inline-module";
const ISLAND_SUFFIX = "?island-module";

/** How every script for the browser that Vite itself does not build is bundled. */
const BROWSER_MODULE = {
  bundle: true,
  minify: true,
  format: "esm",
  target: "es2020",
  write: false,
  metafile: true,
  tsconfig: "tsconfig.json",
} satisfies BuildOptions;

/** Bundles one browser module, minified, as the text of a single ES module. */
async function bundle(file: string) {
  const result = await esbuild({ ...BROWSER_MODULE, entryPoints: [file] });
  return { code: result.outputFiles?.[0]?.text.trim() ?? "", inputs: Object.keys(result.metafile?.inputs ?? {}) };
}

/** Resolves `./x.ts<suffix>` to the file's id with the suffix kept, for the plugin's load(). */
function resolveWithSuffix(suffix: string): NonNullable<Plugin["resolveId"]> {
  return async function (this, id, importer) {
    if (!id.endsWith(suffix)) return null;
    const resolved = await this.resolve(id.slice(0, -suffix.length), importer);
    return resolved ? resolved.id + suffix : null;
  };
}

/**
 * `import source from "./x.ts?inline-module"` gives the server the module bundled and
 * minified as a string, to write into the page as an inline script (CSP: nonce or hash).
 * The browser bundle gets an empty string: the script is already in the HTML.
 */
function inlineModule(): Plugin {
  return {
    name: "inline-module",
    enforce: "pre",
    resolveId: resolveWithSuffix(SUFFIX),
    async load(id, options) {
      if (!id.endsWith(SUFFIX)) return null;
      if (!options?.ssr) return "export default '';";
      const { code, inputs } = await bundle(id.slice(0, -SUFFIX.length));
      for (const input of inputs) this.addWatchFile(input);
      return `export default ${JSON.stringify(code)};`;
    },
  };
}

/**
 * `import src from "./x.tsx?island-module"` gives the URL of x.tsx built as an entry of
 * Vite's client build: the script of an island, a part of a page that hydrates while the
 * rest ships no React (docs/decisions/058). As an entry of the same build as the hydrated
 * pages, it shares their chunks: React DOM is one file whichever page fetched it first
 * (decision 142). The client build names the file (`import.meta.ROLLUP_FILE_URL_*`, made
 * a root-relative URL below); the server build, which runs after it, takes the same name.
 * The dev server serves the source module itself.
 */
function islandModule(): Plugin {
  let serving = false;
  let root = process.cwd();
  let base = "/";
  const references = new Set<string>();
  return {
    name: "island-module",
    enforce: "pre",
    configResolved(config) {
      serving = config.command === "serve";
      root = config.root;
      base = config.base;
    },
    resolveId: resolveWithSuffix(ISLAND_SUFFIX),
    load(id) {
      if (!id.endsWith(ISLAND_SUFFIX)) return null;
      const file = id.slice(0, -ISLAND_SUFFIX.length);
      if (serving) return `export default ${JSON.stringify(`/${path.relative(root, file)}`)};`;
      if (this.environment.name === "client") {
        const reference = this.emitFile({ type: "chunk", id: file });
        references.add(reference);
        return `export default import.meta.ROLLUP_FILE_URL_${reference};`;
      }
      // The server build (build/server) runs after the client build (build/client), which
      // named the file in its manifest.
      const clientDir = path.resolve(root, this.environment.config.build.outDir, "../client");
      const manifest = JSON.parse(readFileSync(path.join(clientDir, ".vite/manifest.json"), "utf8"));
      const fileName: string | undefined = manifest[path.relative(root, file)]?.file;
      if (!fileName) this.error(`island-module: the client build has no file for ${file}`);
      return `export default ${JSON.stringify(base + fileName)};`;
    },
    resolveFileUrl({ referenceId, fileName }) {
      return references.has(referenceId) ? JSON.stringify(base + fileName) : null;
    },
  };
}

export default defineConfig({
  plugins: [inlineModule(), islandModule(), tailwindcss(), reactRouter()],
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  build: { assetsInlineLimit: 0 },
});
