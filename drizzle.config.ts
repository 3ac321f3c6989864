import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: "./server/platform/db/schema.ts",
  out: "./drizzle",
  casing: "snake_case",
});
