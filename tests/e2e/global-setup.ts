// Starts the production build under `wrangler dev`, each server on a free port with its own temporary
// state (--persist-to), migrated: one seeded for the e2e tests, which write, and two for the judges
// (tests/e2e/judges.spec.ts), which crawl every page and must never meet a page another test is
// deleting: one with the demo content, one empty (every empty state); one for "Sign Out Everywhere";
// one on localhost for device passkeys; one for the shop order; one grown to 100 artworks; one with
// Turnstile configured; and one that sends e-mail to a local MailChannels fake. The returned function stops all.
import { addInboxStates } from "../support/judges/inbox-states";
import { ensureBuild, serveSeededBuild } from "../../scripts/lib/served-build";
import { freePort } from "../../scripts/lib/wrangler-dev";
import { LEGACY_HOST, seedLegacyArtwork, startLegacyHost } from "./legacy-host";
import { startSiteverify } from "./siteverify";
import { E2E_MAIL_KEY, startMailChannels } from "./mailchannels-server";
import { TURNSTILE_TEST } from "../support/turnstile";
import { addArtworks } from "../support/more-artworks";

export default async function globalSetup() {
  ensureBuild();
  // The old site's image host, and one post still on it, for the migration tool.
  const legacyPort = await freePort();
  const legacyHost = await startLegacyHost(legacyPort);
  // Turnstile's siteverify, for the server that has Turnstile configured.
  const siteverifyPort = await freePort();
  const siteverify = await startSiteverify(siteverifyPort);
  // MailChannels, for the server that sends e-mail (the mailing list's tests read the links it carries).
  const mailPort = await freePort();
  const mail = await startMailChannels(mailPort);
  const started = await Promise.allSettled([
    serveSeededBuild({
      name: "e2e",
      prepare: (persistTo) => seedLegacyArtwork(persistTo, `http://${LEGACY_HOST}:${legacyPort}`),
      // Public pages are cached as shipped: each write purges what it changed.
      vars: { LEGACY_IMAGE_HOSTS: LEGACY_HOST },
    }),
    // The shipped configuration, nothing turned off.
    serveSeededBuild({ name: "judges", prepare: addInboxStates }),
    serveSeededBuild({ name: "judges-empty", demo: false }),
    // "Sign Out Everywhere" ends every session on its server: on the shared one it would sign out
    // the other tests running meanwhile.
    serveSeededBuild({ name: "sessions", demo: false }),
    // Device passkeys: on localhost (WebAuthn refuses an IP address), and alone, since its test spends
    // the strangers' budget of wrong shared passkeys.
    serveSeededBuild({ name: "passkeys", demo: false, localhost: true }),
    // The shop order: moves are relative to the neighbours, which another test's new artwork would change.
    serveSeededBuild({ name: "shop-order", demo: false }),
    // The demo content grown to 100 artworks, for the phone dashboard's length (tests/e2e/phone-dashboard.spec.ts).
    serveSeededBuild({ name: "grown", prepare: (persistTo) => addArtworks(persistTo, 87) }),
    // Turnstile configured with Cloudflare's always-pass test keys (tests/e2e/turnstile.spec.ts).
    serveSeededBuild({
      name: "turnstile",
      demo: false,
      vars: {
        TURNSTILE_SITE_KEY: TURNSTILE_TEST.siteKeyPasses,
        TURNSTILE_SECRET_KEY: TURNSTILE_TEST.secretPasses,
        TURNSTILE_VERIFY_URL: `http://127.0.0.1:${siteverifyPort}/siteverify`,
      },
    }),
    // E-mail sent, to the local MailChannels fake (tests/e2e/mailing-list.spec.ts).
    serveSeededBuild({
      name: "mail",
      demo: false,
      vars: { MAILCHANNELS_API_KEY: E2E_MAIL_KEY, MAILCHANNELS_URL: `http://127.0.0.1:${mailPort}/tx/v1/send` },
    }),
  ]);
  const servers = started.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  const stop = async () => {
    await Promise.all(servers.map((server) => server.stop()));
    legacyHost.close();
    siteverify.close();
    mail.close();
  };
  const failed = started.find((result) => result.status === "rejected");
  if (failed) {
    await stop();
    throw failed.reason;
  }
  process.env.E2E_BASE_URL = servers[0]!.baseURL;
  // Where that server keeps its local D1 and R2, for a test that checks what an upload left in storage.
  process.env.E2E_PERSIST_DIR = servers[0]!.persistTo;
  process.env.E2E_JUDGES_URL = servers[1]!.baseURL;
  process.env.E2E_JUDGES_EMPTY_URL = servers[2]!.baseURL;
  process.env.E2E_SESSIONS_URL = servers[3]!.baseURL;
  process.env.E2E_PASSKEYS_URL = servers[4]!.baseURL;
  process.env.E2E_SHOP_ORDER_URL = servers[5]!.baseURL;
  process.env.E2E_GROWN_URL = servers[6]!.baseURL;
  process.env.E2E_TURNSTILE_URL = servers[7]!.baseURL;
  process.env.E2E_SITEVERIFY_URL = `http://127.0.0.1:${siteverifyPort}`;
  process.env.E2E_MAIL_URL = servers[8]!.baseURL;
  process.env.E2E_MAILCHANNELS_URL = `http://127.0.0.1:${mailPort}`;
  return stop;
}
