import { defineConfig } from "drizzle-kit";

// `npm run db:generate` writes SQL migrations here; `wrangler d1 migrations apply` runs them.
export default defineConfig({
  dialect: "sqlite",
  // Each feature keeps its tables in its own schema.ts.
  schema: "./app/*/schema.ts",
  out: "./migrations",
});
