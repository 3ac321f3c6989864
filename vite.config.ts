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
 * `import src from "./x.tsx?island-module"` gives the URL of the module bundled on its
 * own (React included) as a hashed file in build/client/assets: the script of an island,
 * a part of a page that hydrates while the rest ships no React (docs/decisions/058).
 * What it imports lazily (`import()`) becomes chunks of their own beside it, fetched
 * when needed. Both builds bundle the same input to the same bytes, so the server's URL
 * names the file the client build wrote. The dev server serves the source module itself.
 */
function islandModule(): Plugin {
  let serving = false;
  let root = process.cwd();
  return {
    name: "island-module",
    enforce: "pre",
    configResolved(config) {
      serving = config.command === "serve";
      root = config.root;
    },
    resolveId: resolveWithSuffix(ISLAND_SUFFIX),
    async load(id, options) {
      if (!id.endsWith(ISLAND_SUFFIX)) return null;
      const file = id.slice(0, -ISLAND_SUFFIX.length);
      if (serving) return `export default ${JSON.stringify(`/${path.relative(root, file)}`)};`;
      const result = await esbuild({
        ...BROWSER_MODULE,
        entryPoints: [file],
        splitting: true,
        outdir: path.join(root, "assets"),
        entryNames: "[name]-[hash]",
        chunkNames: "[name]-[hash]",
        define: { "process.env.NODE_ENV": '"production"' },
      });
      for (const input of Object.keys(result.metafile.inputs)) this.addWatchFile(input);
      const [entry] = Object.entries(result.metafile.outputs).filter(([, output]) => output.entryPoint);
      if (!entry) throw new Error(`island-module: no entry file for ${file}`);
      if (!options?.ssr) {
        for (const output of result.outputFiles) {
          this.emitFile({ type: "asset", fileName: `assets/${path.basename(output.path)}`, source: output.text });
        }
      }
      return `export default ${JSON.stringify(`/assets/${path.basename(entry[0])}`)};`;
    },
  };
}

export default defineConfig({
  plugins: [inlineModule(), islandModule(), tailwindcss(), reactRouter()],
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  build: { assetsInlineLimit: 0 },
});
