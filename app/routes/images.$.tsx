import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { serveImage } from "~/images/storage.server";

// Resource route: /images/posts/123_name.jpg streams the R2 object posts/123_name.jpg.
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return serveImage(context.cloudflare.env.IMAGES, params["*"] ?? "", request);
}
