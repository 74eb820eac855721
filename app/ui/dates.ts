// Calendar dates are YYYY-MM-DD strings compared as days in the site's time zone (the artist is in
// the UK), so an event "Today" is today in Leeds, whatever the server's clock zone (the status itself
// is app/events/status.ts).
export const SITE_TIME_ZONE = "Europe/London";

// Building an Intl.DateTimeFormat costs far more than formatting with one (a page of 50 events
// spent most of its render time constructing them), so each is made once and reused.
const dayFormats = new Map<string, Intl.DateTimeFormat>();

export function todayIn(timeZone: string = SITE_TIME_ZONE, now: Date = new Date()): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    // en-CA formats as YYYY-MM-DD.
    format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    dayFormats.set(timeZone, format);
  }
  return format.format(now);
}

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/**
 * "Saturday 5 December 2026" for a YYYY-MM-DD date. Written out rather than asked of Intl: ICU
 * versions differ on commas, and a list of events spent a tenth of its render in formatToParts.
 */
export function formatEventDate(date: string): string {
  const parsed = new Date(`${date}T12:00:00Z`);
  if (Number.isNaN(parsed.getTime())) return date;
  const [weekday, day, month, year] = [
    WEEKDAYS[parsed.getUTCDay()],
    parsed.getUTCDate(),
    MONTHS[parsed.getUTCMonth()],
    parsed.getUTCFullYear(),
  ];
  return `${weekday} ${day} ${month} ${year}`;
}

export function addDays(date: string, days: number): string {
  const parsed = new Date(`${date}T12:00:00Z`);
  parsed.setUTCDate(parsed.getUTCDate() + days);
  return parsed.toISOString().slice(0, 10);
}

const dateTimeFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: SITE_TIME_ZONE,
});

/** "23 Nov 2026, 09:15" in the artist's time zone, for a moment in ISO form. */
export function formatDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}
