// Where the project is, for commands run from anywhere. Light on purpose: `npm run export` loads it.
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The project's folder, with a trailing slash. */
export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const WRANGLER_TOML = join(ROOT, "wrangler.toml");
