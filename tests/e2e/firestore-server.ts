// The old site's Firestore and Google's token endpoint, faked on a local port (tests/support/firestore.ts
// served over HTTP), for the e2e tests that run `npm run import -- --firestore` as the migration guide
// does: the project holds the JSON export's sample, two documents a page.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { freePort } from "../../scripts/lib/wrangler-dev";
import { fakeFirestore } from "../support/firestore";
import { serveHandlers } from "../support/serve-handlers";

export const FIRESTORE_PROJECT = "amara-art";
export const FIRESTORE_SAMPLE = "tests/fixtures/firestore-export.json";

/** Serves the fake and writes its service account's key into `dir`; `args` are the import's Firestore options. */
export async function serveFakeFirestore(dir: string) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const sample = JSON.parse(readFileSync(FIRESTORE_SAMPLE, "utf8"));
  const fake = await fakeFirestore(FIRESTORE_PROJECT, sample, {
    firestoreUrl: `${base}/v1`,
    tokenUrl: `${base}/token`,
  });
  const server = await serveHandlers(fake.handlers, port);
  const key = join(dir, "service-account.json");
  writeFileSync(key, JSON.stringify({ type: "service_account", project_id: FIRESTORE_PROJECT, ...fake.account }));
  return {
    args: ["--firestore", FIRESTORE_PROJECT, "--credentials", key, "--firestore-url", `${base}/v1`],
    close: () => server.close(),
  };
}
