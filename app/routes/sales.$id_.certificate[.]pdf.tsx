import { data, redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin } from "~/admin/guard.server";
import { NOT_STORED } from "~/platform/cache-control";
import { db } from "~/platform/db.server";
import { certificateFile } from "~/sales/certificate-file.server";

// Resource route: "Certificate (PDF)" on a sale's page and a collector's.
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, context);
  if (!admin.signedIn) return redirect("/dashboard", { headers: { "Cache-Control": NOT_STORED } });
  const file = await certificateFile(
    db(context.cloudflare.env),
    context.cloudflare.env,
    context.env.SITE_URL,
    params.id ?? "",
  );
  if (!file) throw data("No standing sale has this certificate.", { status: 404 });
  return new Response(file.bytes, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${file.filename}"`,
      "Cache-Control": NOT_STORED,
    },
  });
}
