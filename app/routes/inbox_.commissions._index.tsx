import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ADMIN_APP_LINKS } from "~/admin/app-links";
import { CommissionRequestsPage } from "~/admin/CommissionRequestsPage";
import { requireAdmin } from "~/admin/guard.server";
import { signedOut } from "~/admin/sign-in.server";
import { requestsPage } from "~/commissions/requests.server";
import { db } from "~/platform/db.server";
import { pageParam } from "~/platform/paging";
import { pageTitle } from "~/ui/seo";
import styles from "~/commissions/requests.css?url";

export const links: LinksFunction = () => [...ADMIN_APP_LINKS, { rel: "stylesheet", href: styles }];

export const meta: MetaFunction = () => [
  { title: pageTitle("Commission requests") },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, context);
  if (!admin.signedIn) return signedOut(context);
  const page = pageParam(new URL(request.url).searchParams, "page");
  return { signedIn: true as const, ...(await requestsPage(db(context.cloudflare.env), page)) };
}

export default function CommissionRequests() {
  return <CommissionRequestsPage data={useLoaderData<typeof loader>()} />;
}
