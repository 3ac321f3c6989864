/** A module bundled to a string for an inline <script> (see vite.config.ts). */
declare module "*?inline-module" {
  const source: string;
  export default source;
}

/** The URL of a module bundled as its own file, an island's script (see vite.config.ts). */
declare module "*?island-module" {
  const url: string;
  export default url;
}
