import { afterEach, describe, expect, it, vi } from "vitest";
import { withinOneClockWindow } from "../support/addresses";

afterEach(() => vi.restoreAllMocks());

describe("a test run that must stay within one clock window (a limiter's minute, a UTC day)", () => {
  it("runs once when it stays within its window", async () => {
    vi.spyOn(Date, "now").mockReturnValue(Date.UTC(2026, 10, 25, 12));
    const run = vi.fn(async () => "counted");
    expect(await withinOneClockWindow(24 * 60 * 60 * 1000, run)).toBe("counted");
    expect(run).toHaveBeenCalledTimes(1);
  });

  it("runs again when the first run crossed midnight, and keeps the second outcome", async () => {
    const clock = vi.spyOn(Date, "now").mockReturnValue(Date.UTC(2026, 10, 25, 23, 59, 59));
    let runs = 0;
    const outcome = await withinOneClockWindow(24 * 60 * 60 * 1000, async () => {
      runs++;
      if (runs === 1) clock.mockReturnValue(Date.UTC(2026, 10, 26, 0, 0, 1));
      return runs;
    });
    expect(outcome).toBe(2);
  });
});
