// The Worker `npm run export` runs (scripts/export.ts): the dashboard's download without the dashboard.
// The archive is made where the site runs, in the Workers runtime, by the same code, and only its
// bytes reach the command. Served on 127.0.0.1 for as long as the export takes, where any local program
// could ask: the archive (every message, with `--remote` production's) is only at a path holding a random
// token that the command alone knows (EXPORT_TOKEN, in a configuration file only its user can read).
import { backupResponse, type BackupBindings } from "~/backup/export.server";
import { archivePath, EXPORT_TOKEN } from "./export-path";

export type ExportBindings = BackupBindings & { EXPORT_TOKEN?: string };

export default {
  async fetch(request: Request, env: ExportBindings) {
    const { pathname } = new URL(request.url);
    // `/` only says the Worker is up: wrangler dev's start is awaited there.
    if (pathname === "/") return new Response("The export Worker is up.");
    const token = env.EXPORT_TOKEN ?? "";
    if (!EXPORT_TOKEN.test(token) || pathname !== archivePath(token))
      return new Response("Not found.", { status: 404 });
    try {
      return await backupResponse(env);
    } catch (error) {
      // The command prints this line: D1's or R2's own words, not an error page.
      return new Response((error as Error).message, { status: 500 });
    }
  },
} satisfies ExportedHandler<ExportBindings>;
