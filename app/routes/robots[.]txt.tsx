import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { absoluteUrl } from "~/ui/seo";

// Admin screens are behind a session anyway; keeping crawlers out spares them a sign-in form.
const PRIVATE_PATHS = [
  "/dashboard",
  "/createPost",
  "/edit/",
  "/create-event",
  "/events/edit/",
  "/analytics",
  "/storage-test",
  "/migration-tool",
  "/api/",
];

export function loader({ context }: LoaderFunctionArgs) {
  const body = [
    "User-agent: *",
    "Allow: /",
    ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${absoluteUrl(context.env.SITE_URL, "/sitemap.xml")}`,
    "",
  ].join("\n");
  return new Response(body, {
    // Cached like a public page (app/public-cache).
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}
