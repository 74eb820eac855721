import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin } from "~/admin/guard.server";
import { backupResponse } from "~/backup/export.server";
import { NOT_STORED } from "~/platform/cache-control";

// Resource route: "Download a backup" on the dashboard. The whole site as one zip (see app/backup).
export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, context);
  if (!admin.signedIn) return redirect("/dashboard", { headers: { "Cache-Control": NOT_STORED } });
  return backupResponse(context.cloudflare.env);
}
