import { useEffect } from "react";
import { Link, useRevalidator } from "@remix-run/react";
import { ANNOUNCE_PATH } from "~/mailing-list/path";
import type { AnnouncementProgress } from "~/mailing-list/announcement-queries.server";
import { formatNumber } from "~/ui/numbers";

/**
 * "1,240 of 3,000 sent, 2 failed": how far an announcement has gone. One restored from a backup has no record
 * of its deliveries here, only how many it was queued for.
 */
export function progressText(progress: AnnouncementProgress): string {
  if (progress.recipients === 0 && progress.queuedFor > 0) {
    return `Queued for ${formatNumber(progress.queuedFor)}; how each e-mail went is not recorded here`;
  }
  const parts = [`${formatNumber(progress.sent)} of ${formatNumber(progress.recipients)} sent`];
  if (progress.failed > 0) parts.push(`${formatNumber(progress.failed)} failed`);
  if (progress.skipped > 0)
    parts.push(`${formatNumber(progress.skipped)} left the list or changed what they hear about`);
  return parts.join(", ");
}

const when = (iso: string) =>
  new Date(iso).toLocaleString("en-GB", {
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "Europe/London",
  });

/** How often a page showing an announcement still sending asks again (with JavaScript). */
const REFRESH_MS = 3000;

/** While any announcement is still sending, the page's data is read again every few seconds. */
export function useRefreshWhileSending(sending: boolean) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!sending) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle" && document.visibilityState === "visible") revalidator.revalidate();
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [sending, revalidator]);
}

/**
 * One line: "Announcement of 28 Nov, 18:40: 1,240 of 3,000 sent, 2 failed", linking to Announce. Not a live
 * region: read again every few seconds while it sends, it would interrupt a screen reader each time.
 */
export function AnnouncementLine({ progress, className }: { progress: AnnouncementProgress; className: string }) {
  useRefreshWhileSending(progress.waiting > 0);
  return (
    <p className={className}>
      <Link to={ANNOUNCE_PATH}>Announcement of {when(progress.createdAt)}</Link>: {progressText(progress)}
      {progress.waiting > 0 ? " (sending)" : ""}
    </p>
  );
}

/** The latest announcements, newest first, each with what it held and how far it has gone. */
export function AnnouncementsSent({ announcements }: { announcements: AnnouncementProgress[] }) {
  const sending = announcements.some((each) => each.waiting > 0);
  useRefreshWhileSending(sending);
  if (announcements.length === 0) return <p className="sales__empty">No announcement sent yet.</p>;
  return (
    <>
      <ul className="sales__list">
        {announcements.map((each) => (
          <li key={each.id} className="card-panel sales__sale">
            <h3 className="sales__title">{when(each.createdAt)}</h3>
            <p className="announce__sent-line">{each.line}</p>
            <p>
              {[
                each.artworks ? `${each.artworks} ${each.artworks === 1 ? "artwork" : "artworks"}` : null,
                each.events ? `${each.events} ${each.events === 1 ? "event" : "events"}` : null,
              ]
                .filter(Boolean)
                .join(", ")}
            </p>
            <p>
              <strong>{progressText(each)}</strong>
              {each.waiting > 0 ? ` · ${formatNumber(each.waiting)} still to send` : ""}
            </p>
          </li>
        ))}
      </ul>
      {/* Without JavaScript the page does not refresh itself. */}
      {sending ? (
        <noscript>
          <p>
            <a href={ANNOUNCE_PATH}>Refresh to see how far it has gone</a>
          </p>
        </noscript>
      ) : null}
    </>
  );
}
