// Worker tests: run inside workerd with the real local D1, R2 and Analytics Engine bindings from
// wrangler.toml, migrations applied by tests/worker/setup.ts. Whole requests go through server.ts and
// the production build, which tests/worker/global-setup.ts rebuilds first when it is older than the sources.
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";

const migrations = await readD1Migrations("./migrations");

export default defineConfig({
  plugins: [
    tsconfigPaths(),
    cloudflareTest({
      main: "./server.ts",
      wrangler: { configPath: "./wrangler.toml" },
      miniflare: {
        // Test values for every variable and secret, so the tests never depend on a local .dev.vars.
        // A second local database standing in for a read replica that lags behind the primary
        // (tests/worker/d1-sessions.test.ts): locally D1 has no replicas.
        d1Databases: ["LAGGING_REPLICA"],
        bindings: {
          TEST_MIGRATIONS: migrations,
          ADMIN_PASSKEY: "test-passkey-0123456789",
          SESSION_SECRET: "test-session-secret-0123456789abcdef",
          SITE_URL: "https://art.example",
          ENQUIRY_RECIPIENTS: "enquiries-one@example.com,enquiries-two@example.com",
          CONTACT_RECIPIENT: "contact@example.com",
          MAIL_FROM: "Website <no-reply@example.com>",
          // Set, so whole requests send e-mail as in production, to the MailChannels fake (tests/worker/setup.ts).
          MAILCHANNELS_API_KEY: "test-mail-key",
          CF_ACCOUNT_ID: "",
          CF_API_TOKEN: "",
          // Property tests (tests/worker/fuzz-*): cases per action and the seed that makes a run reproducible.
          FUZZ_RUNS: process.env.FUZZ_RUNS ?? "50",
          FUZZ_SEED: process.env.FUZZ_SEED ?? "20261121",
        },
      },
    }),
  ],
  test: {
    include: ["tests/worker/**/*.test.ts"],
    globalSetup: ["./tests/worker/global-setup.ts"],
    setupFiles: ["./tests/worker/setup.ts"],
    // A sender that goes away mid-upload (tests/worker/cut-off-uploads.test.ts): workerd reports the
    // body's read error as unhandled at the moment it rejects, though the app catches it (it logs
    // "Reading an artwork form failed" and deletes what it stored). Only that exact error is let through.
    onUnhandledError: (error) => error.message !== "Can't read from request stream because client disconnected.",
    deps: {
      optimizer: {
        ssr: {
          enabled: true,
          // Remix's server packages are CommonJS with a require cycle and fail unless pre-bundled. The
          // rest are here for time: every test file starts a fresh isolate that loads each module from
          // Vite one by one, and lucide-react alone is 4,806 modules. Pre-bundled, each package is one
          // (the worker suite's setup fell from 205 s to 75 s).
          include: [
            "@remix-run/cloudflare",
            "@remix-run/server-runtime",
            "cookie",
            "set-cookie-parser",
            "ua-parser-js",
            "lucide-react",
            "react",
            "react/jsx-runtime",
            "react-dom/server",
            "@remix-run/react",
            "react-image-gallery",
            "drizzle-orm",
            "drizzle-orm/d1",
            "drizzle-orm/sqlite-core",
            "zod",
            "msw",
            "isbot",
            "@remix-run/multipart-parser",
            "@remix-run/form-data-parser",
            "fast-check",
          ],
        },
      },
    },
  },
});
