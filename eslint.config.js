// ESLint: TypeScript's recommended rules, React's rules of hooks, the JSX accessibility rules and the
// layers of app/ (docs/layers.md).
// Formatting is Prettier's (`npm run lint` runs both); zero warnings are allowed.
import js from "@eslint/js";
import boundaries from "eslint-plugin-boundaries";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

// The floors of app/, top first (docs/layers.md): a file may import its own folder, any folder on a lower
// floor, and the folders SIDEWAYS names for it. Anything else points up or across and fails the lint.
const FLOORS = [
  ["app"], // app/routes, root.tsx, entry.*.tsx (server.ts and load-context.ts sit above, outside app/)
  ["admin", "site", "legacy", "backup", "document"], // pages that combine features; the document's speed tricks
  ["artworks", "events", "testimonials", "messages", "sales", "charities", "mailing-list", "commissions"], // the content features; the sales desk
  ["images", "public-cache", "analytics", "rates"], // services the features use
  ["forms", "ui"], // what every page shares
  ["platform"], // the Worker's ground: env, D1, security, ids
];
const SIDEWAYS = {
  artworks: ["charities"], // an artwork names the charity its sale supports
  events: ["artworks"], // deleting an event takes it out of the artworks that list it
  messages: ["artworks"], // an enquiry names its artwork
  sales: ["artworks", "messages", "charities"], // a sale counts its artwork sold, starts from an enquiry, pledges
  "mailing-list": ["artworks", "events", "messages"], // announces new work and events, by the site's mailer
  commissions: ["messages"], // a request is a message: stored, e-mailed, held and answered as every message is
  images: ["public-cache"], // an image write purges the pages that show it
  rates: ["public-cache"], // new rates purge the pages that show prices
  backup: ["site"], // a backup carries the site's settings (the portrait)
  admin: ["site"], // the Inbox's reply adds the artist's payment instructions, a site setting
};

const layerPolicies = FLOORS.flatMap((floor, index) =>
  floor.map((folder) => ({
    from: { element: { type: folder } },
    allow: {
      to: {
        element: { types: { anyOf: [folder, ...FLOORS.slice(index + 1).flat(), ...(SIDEWAYS[folder] ?? [])] } },
      },
    },
  })),
);

export default tseslint.config(
  {
    ignores: [
      "build/",
      ".wrangler/",
      "test-results/",
      "playwright-report/",
      "worker-configuration.d.ts",
      "seed/images/",
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  // React code lives in app/; elsewhere `use` is a Playwright fixture's callback, not a hook.
  { files: ["app/**/*.{ts,tsx}"], ...reactHooks.configs.flat.recommended },
  { files: ["app/**/*.tsx"], ...jsxA11y.flatConfigs.recommended },
  {
    rules: {
      // `_`-prefixed names are deliberately unused (a parameter a signature needs, a skipped tuple item).
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      // Only for imports of the build, which exists only after `npm run build`; the reason is required.
      "@typescript-eslint/ban-ts-comment": ["error", { "ts-ignore": "allow-with-description" }],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { boundaries },
    settings: {
      "import/resolver": { typescript: { project: "./tsconfig.json" } },
      // The first folder that matches names a file's element, so `app` comes last: it holds routes/,
      // root.tsx and entry.*.tsx, and a new folder of app/ stands there, on the top floor, until it is
      // given a floor (nothing below may import it before).
      "boundaries/elements": [
        ...FLOORS.slice(1)
          .flat()
          .map((folder) => ({ type: folder, pattern: `app/${folder}` })),
        { type: "app", pattern: "app" },
      ],
    },
    rules: {
      // Nothing in app/ imports the Worker around it (server.ts, load-context.ts), scripts or tests.
      "boundaries/no-unknown-dependencies": "error",
      // Only the framework's public, documented API: its UNSAFE_ exports and the private wire format of
      // its single fetch (turbo-stream, the router underneath) change in patch releases without a word.
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "turbo-stream",
              message: "Remix's single-fetch wire format is private: answer plain JSON from a resource route.",
            },
            {
              name: "@remix-run/router",
              message: "Use the public re-exports of @remix-run/react or @remix-run/cloudflare.",
            },
          ],
          patterns: [
            { group: ["turbo-stream/*", "@remix-run/router/*"], message: "Private framework internals." },
            {
              regex: ".*",
              importNamePattern: "^UNSAFE_",
              message: "UNSAFE_ exports are not the framework's public API.",
            },
          ],
        },
      ],
      "boundaries/dependencies": [
        "error",
        {
          default: "disallow",
          message: "{{from.type}} may not import {{to.type}}: imports point down the floors of docs/layers.md",
          policies: layerPolicies,
        },
      ],
    },
  },
  {
    // Playwright reads a fixture's dependencies from its destructured first parameter, even when empty.
    files: ["tests/e2e/**/*.ts"],
    rules: { "no-empty-pattern": "off" },
  },
);
