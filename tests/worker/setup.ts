import { applyD1Migrations, env } from "cloudflare:test";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { db } from "~/platform/db.server";
import { recordPurge } from "~/public-cache/purge.server";
import { SITE_TAG } from "~/public-cache/tags";
import { outbound } from "../support/outbound";
import { fakeMailChannels } from "../support/mailchannels";

// Storage is isolated per test file; applying is idempotent, so every file starts from the real schema.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

// Outbound HTTP (tests/support/outbound.ts): answered by each test's handlers; anything else fails.
beforeAll(() => outbound.listen());
afterEach(() => outbound.reset());
// MailChannels accepts every e-mail unless a test says otherwise (a test's own fake answers first).
beforeEach(() => {
  fakeMailChannels();
});
afterAll(() => outbound.close());

// Public pages are cached as shipped. Tests set up their data by writing to D1 directly, which is a
// change made outside the site: each test starts as if the admin had pressed "Refresh Public Pages".
// Within a test, changes go through the site's write paths, which purge what they change.
beforeEach(() => recordPurge(db(env), [SITE_TAG]));

// The site-wide budget of wrong passkeys is shared by every request to one database, as in production;
// a test that tries many wrong ones must not pause sign-in for the next (sign-in-budget.test.ts spends it).
beforeEach(() => env.DB.prepare("delete from sign_in_failures").run());
