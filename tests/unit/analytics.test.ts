import { describe, expect, it } from "vitest";
import { deviceOf, sourceOf } from "~/analytics/record.server";
import { formatDuration, parseRange, rangeBounds, summarise, type AnalyticsRows } from "~/analytics/figures";

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const IPAD =
  "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const MAC =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15";
const WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";
const ANDROID_PHONE =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36";

describe("ranges", () => {
  it("defaults to 7 days and accepts only the four ranges", () => {
    expect(parseRange(null)).toBe("7d");
    expect(parseRange("90d")).toBe("90d");
    expect(parseRange("365d")).toBe("7d");
  });

  it("Today starts at midnight in London, in summer (BST) and in winter (GMT)", () => {
    const summer = rangeBounds("1d", new Date("2026-07-01T00:30:00Z")); // 01:30 in London
    expect(summer.dates).toEqual(["2026-07-01"]);
    expect(summer.start.toISOString()).toBe("2026-06-30T23:00:00.000Z");
    expect(summer.end.toISOString()).toBe("2026-07-01T23:00:00.000Z");
    const winter = rangeBounds("1d", new Date("2026-11-21T23:59:00Z"));
    expect(winter.dates).toEqual(["2026-11-21"]);
    expect(winter.start.toISOString()).toBe("2026-11-21T00:00:00.000Z");
  });

  it("7 days are today and the six before, across the change of the clocks", () => {
    const { dates, start, end } = rangeBounds("7d", new Date("2026-10-27T12:00:00Z"));
    expect(dates).toEqual([
      "2026-10-21",
      "2026-10-22",
      "2026-10-23",
      "2026-10-24",
      "2026-10-25",
      "2026-10-26",
      "2026-10-27",
    ]);
    expect(start.toISOString()).toBe("2026-10-20T23:00:00.000Z"); // still BST on the 21st
    expect(end.toISOString()).toBe("2026-10-28T00:00:00.000Z"); // GMT by the 28th
  });
});

describe("where a visit came from", () => {
  it("names utm_source first, then the referrer's site, and counts no referrer or our own site as Direct", () => {
    expect(sourceOf("ig", "https://www.google.com/", "art.example")).toBe("Instagram");
    expect(sourceOf("Spring-Newsletter", undefined, "art.example")).toBe("spring-newsletter");
    expect(sourceOf(undefined, "https://www.google.co.uk/search?q=x", "art.example")).toBe("Google");
    expect(sourceOf(undefined, "https://l.instagram.com/?u=x", "art.example")).toBe("Instagram");
    expect(sourceOf(undefined, "https://lm.facebook.com/l.php", "art.example")).toBe("Facebook");
    expect(sourceOf(undefined, "https://t.co/abc", "art.example")).toBe("X (Twitter)");
    expect(sourceOf(undefined, "https://uk.pinterest.com/pin/1", "art.example")).toBe("Pinterest");
    expect(sourceOf(undefined, "https://www.leedsartfair.org/artists", "art.example")).toBe("leedsartfair.org");
    expect(sourceOf(undefined, "https://art.example/gallery", "art.example")).toBe("Direct");
    expect(sourceOf(undefined, "", "art.example")).toBe("Direct");
    expect(sourceOf(undefined, "not a url", "art.example")).toBe("Direct");
  });
});

describe("device types", () => {
  it("reads phones and tablets from the User-Agent, with the screen width as tiebreak", () => {
    expect(deviceOf(IPHONE, 390)).toBe("Mobile");
    expect(deviceOf(ANDROID_PHONE)).toBe("Mobile");
    expect(deviceOf(IPAD, 820)).toBe("Tablet");
    expect(deviceOf(MAC, 820)).toBe("Tablet"); // an iPad asking for the desktop site
    expect(deviceOf(MAC, 1512)).toBe("Desktop");
    expect(deviceOf(WINDOWS, 1920)).toBe("Desktop");
    expect(deviceOf("", 375)).toBe("Mobile");
    expect(deviceOf("", undefined)).toBe("Desktop");
  });
});

describe("summarise", () => {
  const dates = ["2026-11-20", "2026-11-21"];
  const rows: AnalyticsRows = {
    hourly: [
      { hour: "2026-11-20T10", views: 3 },
      { hour: "2026-11-21T09", views: 1 },
    ],
    pages: [
      { path: "/gallery", views: 2 },
      { path: "/", views: 1 },
      { path: "/post/a", views: 1 },
    ],
    visits: [
      {
        visitId: "v1",
        views: 3,
        first: "2026-11-20T10:00:00Z",
        last: "2026-11-20T10:02:30Z",
        device: "Mobile",
        source: "Instagram",
      },
      {
        visitId: "v2",
        views: 1,
        first: "2026-11-21T09:00:00Z",
        last: "2026-11-21T09:00:00Z",
        device: "Desktop",
        source: "Direct",
      },
      // A visit with only a named event (no page view in range) is not a visit.
      {
        visitId: "v3",
        views: 0,
        first: "2026-11-21T09:10:00Z",
        last: "2026-11-21T09:10:00Z",
        device: "Mobile",
        source: "Direct",
      },
    ],
    uniqueVisitors: 2,
    artworks: [{ artworkId: "a", views: 4, enquiries: 1 }],
  };

  it("gives the spec's shape with the README's definitions", () => {
    const data = summarise(rows, dates);
    expect(data.overview).toEqual({ totalPageViews: 4, uniqueVisitors: 2, bounceRate: 50, avgSessionDuration: 75 });
    expect(data.topPages[0]).toEqual({ path: "/gallery", views: 2, percentage: 50 });
    expect(data.deviceTypes).toEqual([
      { device: "Desktop", count: 1, percentage: 50 },
      { device: "Mobile", count: 1, percentage: 50 },
    ]);
    expect(data.trafficSources.map((s) => s.source)).toEqual(["Direct", "Instagram"]);
    expect(data.dailyViews).toEqual([
      { date: "2026-11-20", views: 3 },
      { date: "2026-11-21", views: 1 },
    ]);
    expect(data.artworks).toEqual([{ artworkId: "a", views: 4, enquiries: 1, conversionRate: 25 }]);
  });

  it("a range without data gives zeros and every day, not an error", () => {
    const empty = summarise({ hourly: [], pages: [], visits: [], uniqueVisitors: 0, artworks: [] }, dates);
    expect(empty.overview).toEqual({ totalPageViews: 0, uniqueVisitors: 0, bounceRate: 0, avgSessionDuration: 0 });
    expect(empty.dailyViews).toEqual([
      { date: "2026-11-20", views: 0 },
      { date: "2026-11-21", views: 0 },
    ]);
  });

  it("shows a session as m:ss", () => {
    expect(formatDuration(75)).toBe("1:15");
    expect(formatDuration(0)).toBe("0:00");
    expect(formatDuration(3605)).toBe("60:05");
  });
});
