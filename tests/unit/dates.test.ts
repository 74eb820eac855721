import { describe, expect, it } from "vitest";
import { addDays, formatEventDate, todayIn } from "~/ui/dates";

describe("event dates", () => {
  it("takes today in London, not in the server's zone", () => {
    // 23:30 UTC on 30 June is already 1 July in British Summer Time.
    expect(todayIn("Europe/London", new Date("2026-06-30T23:30:00Z"))).toBe("2026-07-01");
    expect(todayIn("Europe/London", new Date("2026-12-31T23:30:00Z"))).toBe("2026-12-31");
  });

  it("formats and shifts calendar dates", () => {
    expect(formatEventDate("2026-12-05")).toBe("Saturday 5 December 2026");
    expect(addDays("2026-12-30", 3)).toBe("2027-01-02");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
  });
});
