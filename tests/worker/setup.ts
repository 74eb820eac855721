import { applyD1Migrations, env } from "cloudflare:test";
import { afterAll, afterEach, beforeAll } from "vitest";
import { outbound } from "../support/outbound";

// Storage is isolated per test file; applying is idempotent, so every file starts from the real schema.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

// Outbound HTTP (tests/support/outbound.ts): answered by each test's handlers; anything else fails.
beforeAll(() => outbound.listen());
afterEach(() => outbound.reset());
afterAll(() => outbound.close());
