// A commission request's reference photo, for the signed-in artist alone (its bytes are under R2's
// private folder, which /images/* never serves); kept by no cache.
import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin } from "~/admin/guard.server";
import { getRequestPhoto } from "~/commissions/requests.server";
import { servePrivateImage } from "~/images/storage.server";
import { NOT_STORED } from "~/platform/cache-control";
import { db } from "~/platform/db.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, context);
  // Signed out, whatever the id: to the sign-in, which says nothing of whether the photo exists.
  if (!admin.signedIn) return redirect("/dashboard", { headers: { "Cache-Control": NOT_STORED } });
  const photo = await getRequestPhoto(db(context.cloudflare.env), params.id ?? "");
  if (!photo) return new Response("Not found", { status: 404, headers: { "Cache-Control": NOT_STORED } });
  return servePrivateImage(context.cloudflare.env.IMAGES, photo.key, request);
}
