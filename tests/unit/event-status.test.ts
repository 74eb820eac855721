import { describe, expect, it } from "vitest";
import { EVENT_STATUS_LABELS, eventStatus } from "~/events/status";

describe("event status", () => {
  it("gives each event a status by day", () => {
    expect(eventStatus("2026-11-20", "2026-11-21")).toBe("past");
    expect(eventStatus("2026-11-21", "2026-11-21")).toBe("today");
    expect(eventStatus("2026-11-22", "2026-11-21")).toBe("upcoming");
  });

  it("names each status as the cards show it", () => {
    expect(EVENT_STATUS_LABELS).toEqual({ upcoming: "Upcoming", today: "Today", past: "Past Event" });
  });
});
