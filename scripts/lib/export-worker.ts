// The Worker `npm run export` runs (scripts/export.ts): the dashboard's download without the dashboard.
// The archive is made where the site runs, in the Workers runtime, by the same code, and only its
// bytes reach the command. Served on 127.0.0.1 alone, for as long as the export takes.
import { backupResponse, type BackupBindings } from "~/backup/export.server";

export default {
  async fetch(request: Request, env: BackupBindings) {
    // `/` only says the Worker is up: wrangler dev's start is awaited there. Any other path is the archive.
    if (new URL(request.url).pathname === "/") return new Response("The export Worker is up.");
    try {
      return await backupResponse(env);
    } catch (error) {
      // The command prints this line: D1's or R2's own words, not an error page.
      return new Response((error as Error).message, { status: 500 });
    }
  },
} satisfies ExportedHandler<BackupBindings>;
