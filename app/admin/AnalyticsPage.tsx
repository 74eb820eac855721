import { Link, useLocation, useRevalidator } from "@remix-run/react";
import { RotateCw } from "lucide-react";
import { AdminPage } from "~/admin/AdminPage";
import { AnalyticsReport } from "~/analytics/AnalyticsReport";
import type { AnalyticsPageReport } from "~/admin/analytics-page.server";
import { SignInForm, type SignedOut } from "~/admin/SignInForm";
import { ANALYTICS_RANGES, RANGE_LABELS, type AnalyticsRange } from "~/analytics/figures";
import { usePendingLocation } from "~/ui/use-pending-location";

/** No report when it could not be read: `error` says why, and Retry reads it again. */
export type AnalyticsPageData =
  | SignedOut
  | {
      signedIn: true;
      range: AnalyticsRange;
      report: AnalyticsPageReport["report"] | null;
      artworks: AnalyticsPageReport["artworks"];
      error: string | null;
    };

export function AnalyticsPage({ data }: { data: AnalyticsPageData }) {
  const revalidator = useRevalidator();
  const { search } = useLocation();
  const loading = usePendingLocation("/analytics") !== null;
  // After signing in, back here with the same range.
  if (!data.signedIn) return <SignInForm next={`/analytics${search}`} sharedPasskeyOff={data.sharedPasskeyOff} />;

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
            <AnalyticsReport data={data.report} artworks={data.artworks} droppedDays={data.report.droppedDays} />
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
