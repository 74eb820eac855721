// A photo of the work under way, for whoever holds its commission's private link (and no one else): the
// token and the photo must belong together.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { progressPhotoKey } from "~/commissions/pipeline.server";
import { servePrivateImage } from "~/images/storage.server";
import { NOT_STORED } from "~/platform/cache-control";
import { db } from "~/platform/db.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const key = await progressPhotoKey(db(context.cloudflare.env), params.token ?? "", params.photo ?? "");
  if (!key) return new Response("Not found", { status: 404, headers: { "Cache-Control": NOT_STORED } });
  return servePrivateImage(context.cloudflare.env.IMAGES, key, request);
}
