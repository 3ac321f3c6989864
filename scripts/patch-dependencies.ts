// Run by `npm install` (postinstall): mends installed dependencies where the release
// we pin is slower than it need be, each by a text replacement checked here and by
// `tests/integration/dependency-patches.test.ts` (docs/decisions/255). Idempotent; a dependency
// whose text is neither the old nor the mended form is reported and left alone, and the
// test then fails, so an upgrade is looked at rather than silently slowed.

import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

const require = createRequire(import.meta.url);

export interface Patch {
  name: string;
  file: string;
  from: string;
  to: string;
}

export const PATCHES: Patch[] = [
  {
    // PGlite's protocol reader copies every field of every row into a new ArrayBuffer
    // (`bytes`) before decoding it as text; decoding a view of the message instead
    // does the same work without the copy: a quarter off a large read (the CSV export).
    name: "PGlite: decode a row's text fields without copying them",
    file: path.join(path.dirname(require.resolve("@electric-sql/pglite")), "chunk-Y6PULSM7.js"),
    from: "string(t){return r(this,le).decode(this.bytes(t))}",
    to: "string(t){let n=r(this,x),s=r(this,le).decode(new Uint8Array(n.buffer,n.byteOffset+r(this,w),t));return d(this,w,r(this,w)+t),s}",
  },
  {
    // PGlite builds each row as an object through `Object.fromEntries` of a mapped array:
    // two arrays a field, thirty fields a lead, each garbage at once. A loop that sets
    // each column on the row does the same (the last of two same-named columns wins, a
    // column named `__proto__` is an own field as fromEntries makes it): a tenth of a
    // large read's time (the CSV export), and less for the collector.
    name: "PGlite: build each row object without arrays of entries",
    file: path.join(path.dirname(require.resolve("@electric-sql/pglite")), "chunk-Y6PULSM7.js"),
    from: 'n?.rowMode==="array"?a.rows.push(E.fields.map((I,C)=>se(I,a.fields[C].dataTypeID,m))):a.rows.push(Object.fromEntries(E.fields.map((I,C)=>[a.fields[C].name,se(I,a.fields[C].dataTypeID,m)])));break',
    to: 'if(n?.rowMode==="array")a.rows.push(E.fields.map((I,C)=>se(I,a.fields[C].dataTypeID,m)));else{let o={},F=E.fields,A=a.fields;for(let C=0;C<F.length;C++){let k=A[C].name,v=se(F[C],A[C].dataTypeID,m);k==="__proto__"?Object.defineProperty(o,k,{value:v,writable:!0,enumerable:!0,configurable:!0}):o[k]=v}a.rows.push(o)}break',
  },
];

/** "patched", "already patched", or "not found" (the dependency's text has changed). */
export function applyPatch({ file, from, to }: Patch): "patched" | "already patched" | "not found" {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return "not found";
  }
  if (text.includes(to)) return "already patched";
  if (text.split(from).length !== 2) return "not found";
  writeFileSync(file, text.replace(from, to));
  return "patched";
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const patch of PATCHES) {
    const outcome = applyPatch(patch);
    if (outcome === "not found")
      console.warn(`patch-dependencies: ${patch.name}: not applied, the installed text has changed`);
  }
}
