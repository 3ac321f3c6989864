import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { build as esbuild } from "esbuild";
import { defineConfig, type Plugin } from "vite";

const SUFFIX = "?inline-module";

/**
 * `import source from "./x.ts?inline-module"` gives the server the module bundled and
 * minified as a string, to write into the page as an inline script (CSP: nonce or hash).
 * The browser bundle gets an empty string: the script is already in the HTML.
 */
function inlineModule(): Plugin {
  return {
    name: "inline-module",
    enforce: "pre",
    async resolveId(id, importer) {
      if (!id.endsWith(SUFFIX)) return null;
      const resolved = await this.resolve(id.slice(0, -SUFFIX.length), importer);
      return resolved ? resolved.id + SUFFIX : null;
    },
    async load(id, options) {
      if (!id.endsWith(SUFFIX)) return null;
      if (!options?.ssr) return "export default '';";
      const file = id.slice(0, -SUFFIX.length);
      const result = await esbuild({
        entryPoints: [file],
        bundle: true,
        minify: true,
        format: "esm",
        target: "es2020",
        write: false,
        tsconfig: "tsconfig.json",
      });
      for (const input of Object.keys(result.metafile?.inputs ?? {})) this.addWatchFile(input);
      return `export default ${JSON.stringify(result.outputFiles[0]?.text.trim() ?? "")};`;
    },
  };
}

export default defineConfig({
  plugins: [inlineModule(), tailwindcss(), reactRouter()],
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  build: { assetsInlineLimit: 0 },
});
