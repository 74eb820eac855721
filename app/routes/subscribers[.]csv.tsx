import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin } from "~/admin/guard.server";
import { NOT_STORED } from "~/platform/cache-control";
import { db } from "~/platform/db.server";
import { todayIn } from "~/ui/dates";
import { subscribersCsv } from "~/mailing-list/subscribers.server";

// Resource route: "Download as CSV" on the Mailing list page.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, context);
  if (!admin.signedIn) return redirect("/dashboard", { headers: { "Cache-Control": NOT_STORED } });
  return new Response(await subscribersCsv(db(context.cloudflare.env)), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="subscribers-${todayIn()}.csv"`,
      "Cache-Control": NOT_STORED,
    },
  });
}
