import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin } from "~/admin/guard.server";
import { backupArchive, backupFileName, readManifest } from "~/backup/export.server";
import { NOT_STORED } from "~/platform/cache-control";

// Resource route: "Download a backup" on the dashboard. The whole site as one zip (see app/backup).
export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, context);
  if (!admin.signedIn) return redirect("/dashboard", { headers: { "Cache-Control": NOT_STORED } });
  const archive = backupArchive(context.cloudflare.env, await readManifest(context.cloudflare.env));
  // Its length is known before the first byte, so the browser shows the download's progress.
  return new Response(archive.stream.pipeThrough(new FixedLengthStream(archive.length)), {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${backupFileName(archive.manifest)}"`,
      "Content-Length": String(archive.length),
      "Cache-Control": NOT_STORED,
    },
  });
}
