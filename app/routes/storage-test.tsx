import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/admin/guard.server";
import { signedOut } from "~/admin/sign-in.server";
import { StorageTestPage } from "~/admin/StorageTestPage";
import { db } from "~/platform/db.server";
import { pageTitle } from "~/ui/seo";
import { getStorageReport } from "~/legacy/storage-report.server";
import dashboardStyles from "~/admin/dashboard.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: dashboardStyles }];

export const meta: MetaFunction = () => [
  { title: pageTitle("Storage Test") },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, context);
  if (!admin.signedIn) return signedOut(context);
  return {
    signedIn: true as const,
    ...(await getStorageReport(db(context.cloudflare.env), context.env.LEGACY_IMAGE_HOSTS)),
  };
}

export default function StorageTest() {
  return <StorageTestPage data={useLoaderData<typeof loader>()} />;
}
