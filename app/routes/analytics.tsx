import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AnalyticsUnavailable } from "~/analytics/report.server";
import { getAnalyticsPage } from "~/admin/analytics-page.server";
import { requireAdmin } from "~/admin/guard.server";
import { signedOut } from "~/admin/sign-in.server";
import { AnalyticsPage } from "~/admin/AnalyticsPage";
import { parseRange } from "~/analytics/figures";
import { pageTitle } from "~/ui/seo";
import dashboardStyles from "~/admin/dashboard.css?url";
import styles from "~/admin/analytics.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: dashboardStyles },
  { rel: "stylesheet", href: styles },
];

export const meta: MetaFunction = () => [
  { title: pageTitle("Analytics") },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, context);
  if (!admin.signedIn) return signedOut(context);
  const range = parseRange(new URL(request.url).searchParams.get("range"));
  try {
    const { report, artworks } = await getAnalyticsPage(range, context.env, context.cloudflare.env);
    return { signedIn: true as const, range, report, artworks, error: null };
  } catch (error) {
    console.error("Reading analytics failed:", error);
    const message =
      error instanceof AnalyticsUnavailable ? error.message : "The page views could not be read. Please try again.";
    return { signedIn: true as const, range, report: null, artworks: [], error: message };
  }
}

export default function Analytics() {
  return <AnalyticsPage data={useLoaderData<typeof loader>()} />;
}
