// Starts the production build under `wrangler dev` on a free port with its own temporary state
// (--persist-to), migrated and seeded, for the whole e2e run; the returned function stops it.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrateLocal } from "../../scripts/local-setup";
import { ensureBuild, freePort, startServedBuild } from "../../scripts/lib/served-build";
import { seed } from "../../scripts/seed";
import { LEGACY_HOST, seedLegacyPost, startLegacyHost } from "./legacy-host";

export default async function globalSetup() {
  ensureBuild();
  const persistTo = mkdtempSync(join(tmpdir(), "artist-e2e-"));
  migrateLocal(persistTo);
  await seed({ persistTo });
  // The old site's image host, and one post still on it, for the migration tool.
  const legacyPort = await freePort();
  const legacyHost = await startLegacyHost(legacyPort);
  await seedLegacyPost(persistTo, `http://${LEGACY_HOST}:${legacyPort}`);

  const cleanUp = () => {
    legacyHost.close();
    rmSync(persistTo, { recursive: true, force: true });
  };
  let served;
  try {
    served = await startServedBuild({
      persistTo,
      vars: {
        LEGACY_IMAGE_HOSTS: LEGACY_HOST,
        // Each test reads what it has just written, as a visitor too; the cache has its own worker test.
        PUBLIC_CACHE_SECONDS: "0",
      },
    });
  } catch (error) {
    cleanUp();
    throw error;
  }
  process.env.E2E_BASE_URL = served.baseURL;
  return async () => {
    await served.stop();
    cleanUp();
  };
}
