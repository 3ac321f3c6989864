import { z } from "zod";

// zod, as every schema here is built with it. Without this, zod compiles each object
// schema's parser with `new Function` the first time it parses, after probing whether it
// may: the site's Content-Security-Policy forbids eval, so in the browser the probe is a
// CSP violation reported on every page that parses an object (Lighthouse's "issues in
// the browser's Issues panel"). Parsing without the compiled path is fast enough for a
// form's answers. Set before any schema is built: an object schema reads it when made.
z.config({ jitless: true });

export { z };
