import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useLocation, useRevalidator } from "@remix-run/react";
import { RotateCw } from "lucide-react";
import { AnalyticsUnavailable } from "~/analytics/report.server";
import { getAnalyticsPage } from "~/admin/analytics-page.server";
import { requireAdmin } from "~/admin/guard.server";
import { AdminPage } from "~/admin/AdminPage";
import { AnalyticsReport } from "~/analytics/AnalyticsReport";
import { SignInForm } from "~/admin/SignInForm";
import { ANALYTICS_RANGES, parseRange, RANGE_LABELS } from "~/analytics/figures";
import { pageTitle } from "~/ui/seo";
import dashboardStyles from "~/styles/dashboard.css?url";
import styles from "~/styles/analytics.css?url";
import { usePendingLocation } from "~/ui/use-pending-location";

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
  if (!admin.signedIn) return { signedIn: false as const };
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
  const data = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const { search } = useLocation();
  const loading = usePendingLocation("/analytics") !== null;
  // After signing in, back here with the same range.
  if (!data.signedIn) return <SignInForm next={`/analytics${search}`} />;

  return (
    <AdminPage title="Analytics" className="analytics">
      <nav className="analytics__ranges" aria-label="Time range">
        {ANALYTICS_RANGES.map((range) => (
          <Link
            key={range}
            to={`?range=${range}`}
            preventScrollReset
            className={`button ${range === data.range ? "button--primary" : "button--ghost"}`}
            aria-current={range === data.range ? "page" : undefined}
          >
            {RANGE_LABELS[range]}
          </Link>
        ))}
      </nav>
      <div className="analytics__body" aria-busy={loading || undefined}>
        {loading ? (
          <p className="analytics__loading" role="status">
            <span className="spinner" aria-hidden="true" /> Loading analytics...
          </p>
        ) : null}
        {data.error ? (
          <div className="card-panel analytics__error" role="alert">
            <h2>Analytics Error</h2>
            <p>{data.error}</p>
            {/* Retry reloads the page's data (spec: Retry reloads); without JavaScript it is a link. */}
            <a
              href={`/analytics?range=${data.range}`}
              className="button button--primary"
              onClick={(e) => {
                e.preventDefault();
                revalidator.revalidate();
              }}
            >
              <RotateCw size={16} aria-hidden="true" /> Retry
            </a>
          </div>
        ) : data.report ? (
          <div className={loading ? "analytics__stale" : undefined}>
            <AnalyticsReport data={data.report} artworks={data.artworks} />
            <p className="field__note">
              Source: {data.report.source}. No cookies are used; visitors are counted by a daily changing hash, never by
              their IP address.
            </p>
          </div>
        ) : null}
      </div>
    </AdminPage>
  );
}
