/** A module bundled to a string for an inline <script> (see vite.config.ts). */
declare module "*?inline-module" {
  const source: string;
  export default source;
}
