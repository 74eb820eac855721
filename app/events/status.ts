// An event's status on the cards: Upcoming, Today or Past, by its calendar day against today's in the
// site's time zone (`todayIn` in app/ui/dates.ts), so "Today" is today in Leeds whatever the server's zone.
export type EventStatus = "upcoming" | "today" | "past";

export const EVENT_STATUS_LABELS: Record<EventStatus, string> = {
  upcoming: "Upcoming",
  today: "Today",
  past: "Past Event",
};

/** `date` and `today` are YYYY-MM-DD days, so they compare as strings. */
export function eventStatus(date: string, today: string): EventStatus {
  if (date > today) return "upcoming";
  if (date === today) return "today";
  return "past";
}
