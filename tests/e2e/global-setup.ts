// Starts the production build under `wrangler dev` on a free port with its own temporary state
// (--persist-to), migrated and seeded, for the whole e2e run; the returned function stops it.
import { ensureBuild, freePort, serveSeededBuild } from "../../scripts/lib/served-build";
import { LEGACY_HOST, seedLegacyPost, startLegacyHost } from "./legacy-host";

export default async function globalSetup() {
  ensureBuild();
  // The old site's image host, and one post still on it, for the migration tool.
  const legacyPort = await freePort();
  const legacyHost = await startLegacyHost(legacyPort);
  let served;
  try {
    served = await serveSeededBuild({
      name: "e2e",
      prepare: (persistTo) => seedLegacyPost(persistTo, `http://${LEGACY_HOST}:${legacyPort}`),
      vars: {
        LEGACY_IMAGE_HOSTS: LEGACY_HOST,
        // Each test reads what it has just written, as a visitor too; the cache has its own worker test.
        PUBLIC_CACHE_SECONDS: "0",
      },
    });
  } catch (error) {
    legacyHost.close();
    throw error;
  }
  process.env.E2E_BASE_URL = served.baseURL;
  return async () => {
    await served.stop();
    legacyHost.close();
  };
}
