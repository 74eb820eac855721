import { Link } from "@remix-run/react";
import { DailyViewsChart } from "~/analytics/DailyViewsChart";
import { formatDuration, type AnalyticsData } from "~/analytics/figures";
import type { DroppedDay } from "~/analytics/report.server";
import { formatNumber } from "~/ui/numbers";

/** An artwork's figures with its title and page; both null once the artwork is deleted. */
export type ArtworkStats = AnalyticsData["artworks"][number] & { title: string | null; path: string | null };

const dayLabel = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });

/**
 * The days whose views past PAGE_VIEWS_PER_DAY were not stored, in words beside the chart they are
 * missing from: a low bar there is not a quiet day.
 */
function DroppedDays({ days }: { days: DroppedDay[] }) {
  if (days.length === 0) return null;
  return (
    <ul className="analytics__dropped">
      {days.map(({ day, dropped, bound }) => (
        <li key={day}>
          On <time dateTime={day}>{dayLabel.format(new Date(`${day}T12:00:00Z`))}</time>,{" "}
          {`${formatNumber(dropped)} ${dropped === 1 ? "view" : "views"} past the daily bound of ${formatNumber(bound)} ${dropped === 1 ? "was" : "were"} not recorded.`}
        </li>
      ))}
    </ul>
  );
}

function Share({ label, count, percentage }: { label: string; count: number; percentage: number }) {
  return (
    <li className="share">
      <div className="share__text">
        <span>{label}</span>
        <span className="share__figure">
          {formatNumber(count)} <span className="share__percent">({percentage}%)</span>
        </span>
      </div>
      <div className="share__track" aria-hidden="true">
        <div className="share__bar" style={{ width: `${percentage}%` }} />
      </div>
    </li>
  );
}

function Panel({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="card-panel analytics__panel" aria-label={title}>
      <h2 className="analytics__panel-title">{title}</h2>
      {children}
    </section>
  );
}

type ShareItem = { label: string; count: number; percentage: number };

/** A ranked list with a bar for each item's share of the whole. */
function SharePanel({ title, items, ordered = false }: { title: string; items: ShareItem[]; ordered?: boolean }) {
  const List = ordered ? "ol" : "ul";
  return (
    <Panel title={title}>
      {items.length === 0 ? (
        <p className="empty-state">No visits in this period yet.</p>
      ) : (
        <List className="share-list">
          {items.map((item) => (
            <Share key={item.label} {...item} />
          ))}
        </List>
      )}
    </Panel>
  );
}

/** The figures of one range: overview cards, top pages, devices, sources, daily views and artworks. */
export function AnalyticsReport({
  data,
  artworks,
  droppedDays = [],
}: {
  data: AnalyticsData;
  artworks: ArtworkStats[];
  droppedDays?: DroppedDay[];
}) {
  const { overview } = data;
  const cards = [
    ["Page Views", formatNumber(overview.totalPageViews)],
    ["Unique Visitors", formatNumber(overview.uniqueVisitors)],
    ["Bounce Rate", `${overview.bounceRate}%`],
    ["Avg. Session", formatDuration(overview.avgSessionDuration)],
  ] as const;
  return (
    <div className="analytics__report">
      <ul className="analytics__cards" aria-label="Overview">
        {cards.map(([label, value]) => (
          <li key={label} className="card-panel analytics__card">
            <span className="analytics__card-label">{label}</span>
            <span className="analytics__card-value">{value}</span>
          </li>
        ))}
      </ul>

      <Panel title="Daily Page Views">
        <DailyViewsChart days={data.dailyViews} />
        <DroppedDays days={droppedDays} />
      </Panel>

      <div className="analytics__grid">
        <SharePanel
          title="Top Pages"
          ordered
          items={data.topPages.map((p) => ({ label: p.path, count: p.views, percentage: p.percentage }))}
        />
        <SharePanel title="Device Types" items={data.deviceTypes.map((d) => ({ label: d.device, ...d }))} />
        <SharePanel title="Traffic Sources" items={data.trafficSources.map((t) => ({ label: t.source, ...t }))} />
      </div>

      <Panel title="Artworks">
        {artworks.length === 0 ? (
          <p className="empty-state">No artwork pages viewed in this period yet.</p>
        ) : (
          <div className="table-scroll">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">Artwork</th>
                  <th scope="col">Views</th>
                  <th scope="col">Enquiries</th>
                  <th scope="col">Conversion</th>
                </tr>
              </thead>
              <tbody>
                {artworks.map((artwork) => (
                  <tr key={artwork.artworkId}>
                    <td data-label="Artwork">
                      {artwork.title && artwork.path ? (
                        <Link to={artwork.path}>{artwork.title}</Link>
                      ) : (
                        `${artwork.artworkId} (deleted)`
                      )}
                    </td>
                    <td data-label="Views">{formatNumber(artwork.views)}</td>
                    <td data-label="Enquiries">{formatNumber(artwork.enquiries)}</td>
                    <td data-label="Conversion">{artwork.conversionRate}%</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Panel>
    </div>
  );
}
