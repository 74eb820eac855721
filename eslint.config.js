// ESLint: TypeScript's recommended rules, React's rules of hooks and the JSX accessibility rules.
// Formatting is Prettier's (`npm run lint` runs both); zero warnings are allowed.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

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
    // Playwright reads a fixture's dependencies from its destructured first parameter, even when empty.
    files: ["tests/e2e/**/*.ts"],
    rules: { "no-empty-pattern": "off" },
  },
);
