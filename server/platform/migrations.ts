import { fileURLToPath } from "node:url";

/**
 * The SQL migrations, in the order drizzle-kit wrote them. Two folders below the
 * project's root, as the built server is below the build's (`node/server/index.mjs`,
 * scripts/build.ts): the one relative address finds `drizzle/` from the source and the
 * build alike, so this module stays at this depth.
 */
export const migrationsFolder = fileURLToPath(new URL("../../drizzle", import.meta.url));
