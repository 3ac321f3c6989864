import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyPatch, PATCHES } from "../../scripts/patch-dependencies";
import type { DatabaseHandle } from "../../server/platform/db/client";
import { rowsOf } from "../../server/platform/db/rows";
import { openTestDatabase } from "../support/database";

// `npm install` mends the dependencies listed in scripts/patch-dependencies.ts
// (docs/decisions/255). Each mend is in the installed tree (an upgrade that changed the
// text fails here, not silently), applying one is idempotent, and PGlite still reads
// every kind of text a lead holds exactly as written.

describe("the dependencies' patches", () => {
  it.each(PATCHES)("$name: applied in the installed tree", (patch) => {
    const text = readFileSync(patch.file, "utf8");
    expect(text).toContain(patch.to);
    expect(text).not.toContain(patch.from);
  });

  it("patches once, then finds it done; a changed text is reported and left as it was", () => {
    const folder = mkdtempSync(path.join(tmpdir(), "patch-"));
    try {
      const file = path.join(folder, "dependency.js");
      const patch = { name: "example", file, from: "a(){return 1}", to: "a(){return 2}" };
      writeFileSync(file, "x;a(){return 1};y");
      expect(applyPatch(patch)).toBe("patched");
      expect(readFileSync(file, "utf8")).toBe("x;a(){return 2};y");
      expect(applyPatch(patch)).toBe("already patched");
      writeFileSync(file, "x;a(){return 3};y");
      expect(applyPatch(patch)).toBe("not found");
      expect(readFileSync(file, "utf8")).toBe("x;a(){return 3};y");
      expect(applyPatch({ ...patch, file: path.join(folder, "missing.js") })).toBe("not found");
      copyFileSync(file, `${file}.twice`);
      writeFileSync(`${file}.twice`, "a(){return 1};a(){return 1}");
      expect(applyPatch({ ...patch, file: `${file}.twice` })).toBe("not found");
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe("PGlite reads text as written, through the patched reader", () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase("pglite");
  });
  afterAll(async () => {
    await database.close();
  });

  const texts = [
    "",
    "a",
    "Zoë Ó’Brien-Łukasz",
    "£50,000 for the kitchen 🏠, then the roof",
    "a\nb\r\nc\t\"quoted\" 'single'",
    "x".repeat(70_000),
    "€".repeat(10_000),
  ];

  it("each text, a null and a number beside them, row after row", async () => {
    const rows = await rowsOf<{ n: number; text: string | null; none: string | null }>(
      database.db,
      sql`select n, t.text, null::text as none
          from unnest(array[${sql.join(
            texts.map((text) => sql`${text}`),
            sql`, `,
          )}]::text[]) with ordinality as t(text, n) order by n`,
    );
    expect(rows.map((r) => r.text)).toEqual(texts);
    expect(rows.map((r) => Number(r.n))).toEqual(texts.map((_, i) => i + 1));
    expect(rows.every((r) => r.none === null)).toBe(true);
  });

  it("builds each row as Object.fromEntries did: column order, a repeated name, __proto__, nulls", async () => {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const result = await client.query<Record<string, unknown>>(
      `select 1 as a, 'two' as b, null::text as c, 3 as a, 'own' as "__proto__" from generate_series(1, 3)`,
    );
    for (const row of result.rows) {
      expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
      expect(Object.keys(row)).toEqual(["a", "b", "c", "__proto__"]);
      expect(row).toEqual(
        Object.fromEntries([
          ["a", 3],
          ["b", "two"],
          ["c", null],
          ["__proto__", "own"],
        ]),
      );
    }
    const arrays = await client.query<unknown[]>(`select 1 as a, 'two' as b, null::text as c`, [], {
      rowMode: "array",
    });
    expect(arrays.rows).toEqual([[1, "two", null]]);
  });
});
