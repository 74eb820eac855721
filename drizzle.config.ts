import { defineConfig } from "drizzle-kit";

// `npm run db:generate` writes SQL migrations here; `wrangler d1 migrations apply` runs them.
export default defineConfig({
  dialect: "sqlite",
  schema: "./app/db/schema.ts",
  out: "./migrations",
});
