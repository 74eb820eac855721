import type { D1Migration } from "cloudflare:test";

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
      /** A local database standing in for a lagging read replica (vitest.config.ts). */
      LAGGING_REPLICA: D1Database;
      FUZZ_RUNS: string;
      FUZZ_SEED: string;
    }
  }
}
