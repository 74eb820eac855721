// Prepares local state for `npm start`, `npm run dev` and the end-to-end tests: a .dev.vars file,
// migrated local D1, and demo content when the database is empty.
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { adminPasskeySchema } from "../app/platform/env.server";
import { seed } from "./seed";

import { ROOT } from "./lib/root";

export function ensureDevVars(): void {
  const target = `${ROOT}.dev.vars`;
  if (!existsSync(target)) {
    copyFileSync(`${ROOT}.dev.vars.example`, target);
    console.log("Created .dev.vars from .dev.vars.example (local-only secrets).");
  }
  // The Worker refuses a short passkey on every request; say so before serving rather than after.
  const passkey = /^ADMIN_PASSKEY=(.*)$/m.exec(readFileSync(target, "utf8"))?.[1] ?? "";
  const checked = adminPasskeySchema.safeParse(passkey);
  if (!checked.success) {
    throw new Error(
      `ADMIN_PASSKEY in .dev.vars is refused: ${checked.error.issues[0]!.message}. Change it and start again.`,
    );
  }
}

export function migrateLocal(persistTo?: string): void {
  const args = ["wrangler", "d1", "migrations", "apply", "DB", "--local"];
  if (persistTo) args.push("--persist-to", persistTo);
  const result = spawnSync("npx", args, {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true" },
  });
  if (result.status !== 0) throw new Error(`wrangler d1 migrations apply failed (exit ${result.status}).`);
}

export async function prepareLocal(options: { persistTo?: string } = {}): Promise<void> {
  ensureDevVars();
  migrateLocal(options.persistTo);
  await seed({ ifEmpty: true, persistTo: options.persistTo });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const index = process.argv.indexOf("--persist-to");
  await prepareLocal({ persistTo: index > 0 ? process.argv[index + 1] : undefined });
}
