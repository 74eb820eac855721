import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/admin/guard.server";
import { ADMIN_APP_LINKS } from "~/admin/app-links";
import { signedOut } from "~/admin/sign-in.server";
import { CollectorsPage } from "~/admin/CollectorsPage";
import { db } from "~/platform/db.server";
import { pageTitle } from "~/ui/seo";
import { listCollectors } from "~/sales/collectors.server";
import salesStyles from "~/sales/sales.css?url";

export const links: LinksFunction = () => [...ADMIN_APP_LINKS, { rel: "stylesheet", href: salesStyles }];

export const meta: MetaFunction = () => [
  { title: pageTitle("Collectors") },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, context);
  if (!admin.signedIn) return signedOut(context);
  const params = new URL(request.url).searchParams;
  const query = (params.get("q") ?? "").slice(0, 100);
  const collectors = await listCollectors(db(context.cloudflare.env), query);
  return { signedIn: true as const, collectors, query, deleted: params.get("deleted") === "1" };
}

export default function Collectors() {
  return <CollectorsPage data={useLoaderData<typeof loader>()} />;
}
