// What the e2e server (E2E_BASE_URL) holds in local R2 and D1, for tests that must show what a save
// left behind (tests/support/local-state.ts reads it).
import { localD1Rows, storedImageKeys } from "../support/local-state";

function persistDir(): string {
  const persistTo = process.env.E2E_PERSIST_DIR;
  if (!persistTo) throw new Error("E2E_PERSIST_DIR is not set: run the e2e tests through `npm run test:e2e`.");
  return persistTo;
}

/** The R2 keys that hold `stem` (a test's own file names). */
export const imageKeysWith = (stem: string) => storedImageKeys(persistDir()).filter((key) => key.includes(stem));

/** The rows `sql` selects from the e2e server's D1. */
export const localRows = (sql: string, ...params: string[]) => localD1Rows(persistDir(), sql, ...params);

/** The artworks titled `title`. */
export const artworksTitled = (title: string) => localRows("select id from posts where title = ?", title);
