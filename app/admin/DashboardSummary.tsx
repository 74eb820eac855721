import { Link } from "@remix-run/react";
import type { DashboardData } from "~/admin/dashboard.server";
import { AnnouncementLine } from "~/mailing-list/AnnouncementsSent";
import { COMMISSION_REQUESTS_PATH } from "~/commissions/path";

/**
 * What needs her first, at the top of the dashboard: each count links to its place (the Inbox, the
 * Sales page, or a section below). The Inbox's count shows also when it is 0, so an empty inbox says so.
 */
export function DashboardSummary({ data }: { data: DashboardData }) {
  const items: { to: string; count: number; text: string }[] = [
    { to: "/inbox", count: data.newMessages, text: data.newMessages === 1 ? "new message" : "new messages" },
  ];
  items.push({
    to: COMMISSION_REQUESTS_PATH,
    count: data.newRequests,
    text: data.newRequests === 1 ? "new commission request" : "new commission requests",
  });
  if (data.heldMessages > 0) {
    items.push({
      to: "/inbox?show=held",
      count: data.heldMessages,
      text: data.heldMessages === 1 ? "held message" : "held messages",
    });
  }
  items.push({
    to: "#dashboard-testimonials-title",
    count: data.pendingTestimonials,
    text: data.pendingTestimonials === 1 ? "pending testimonial" : "pending testimonials",
  });
  if (data.heldTestimonials > 0) {
    items.push({
      to: "?testimonial-list=held#dashboard-testimonials-title",
      count: data.heldTestimonials,
      text: data.heldTestimonials === 1 ? "held testimonial" : "held testimonials",
    });
  }
  items.push(
    {
      to: "#dashboard-events-title",
      count: data.upcomingEvents,
      text: data.upcomingEvents === 1 ? "upcoming event" : "upcoming events",
    },
    { to: "#collection-title", count: data.artworkCounts.available, text: "for sale" },
    // Sold works are the sales desk's: who bought them, for how much, and what is reserved.
    { to: "/sales", count: data.artworkCounts.sold, text: "sold" },
    {
      to: "#collection-title",
      count: data.artworkCounts.drafts,
      text: data.artworkCounts.drafts === 1 ? "draft" : "drafts",
    },
  );
  return (
    <nav className="section summary" aria-label="Summary">
      <ul className="summary__list">
        {items.map((item) => {
          const label = (
            <>
              <span className="summary__count">{item.count}</span>
              {` ${item.text}`}
            </>
          );
          return (
            <li key={item.text}>
              {/* A section of this page as it is (its search and pages kept), or another page. */}
              {item.to.startsWith("#") ? (
                <a href={item.to} className="summary__item">
                  {label}
                </a>
              ) : (
                <Link to={item.to} className="summary__item">
                  {label}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
      {data.announcement ? <AnnouncementLine progress={data.announcement} className="summary__note" /> : null}
    </nav>
  );
}
