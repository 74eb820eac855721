import { useId } from "react";

const WIDTH = 720;
const HEIGHT = 220;
const AXIS = 44;

const dayLabel = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
const label = (date: string) => dayLabel.format(new Date(`${date}T12:00:00Z`));

/**
 * Daily Page Views as an SVG bar chart (decorative for screen readers) with the same figures in a
 * table they read instead; the chart scales to its container without changing the layout.
 */
export function DailyViewsChart({ days }: { days: Array<{ date: string; views: number }> }) {
  const captionId = useId();
  const max = Math.max(1, ...days.map((day) => day.views));
  const slot = (WIDTH - AXIS) / Math.max(1, days.length);
  const bar = Math.min(48, Math.max(2, slot * 0.7));
  const every = Math.ceil(days.length / 6); // at most six date labels, readable on a phone
  return (
    <figure className="daily-chart" aria-labelledby={captionId}>
      <figcaption id={captionId} className="visually-hidden">
        Daily page views
      </figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="daily-chart__svg" aria-hidden="true" focusable="false">
        <line x1={AXIS} y1={HEIGHT - 24} x2={WIDTH} y2={HEIGHT - 24} className="daily-chart__axis" />
        <text x={AXIS - 6} y={14} textAnchor="end" className="daily-chart__tick">
          {max}
        </text>
        <text x={AXIS - 6} y={HEIGHT - 24} textAnchor="end" className="daily-chart__tick">
          0
        </text>
        {days.map((day, index) => {
          const height = ((HEIGHT - 40) * day.views) / max;
          const x = AXIS + index * slot + (slot - bar) / 2;
          return (
            <g key={day.date}>
              <rect x={x} y={HEIGHT - 24 - height} width={bar} height={height} rx={2} className="daily-chart__bar">
                <title>{`${label(day.date)}: ${day.views} views`}</title>
              </rect>
              {index % every === 0 ? (
                <text x={x + bar / 2} y={HEIGHT - 6} textAnchor="middle" className="daily-chart__tick">
                  {label(day.date)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <table className="visually-hidden">
        <caption>Daily page views</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Page views</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.date}>
              <td>{label(day.date)}</td>
              <td>{day.views}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
