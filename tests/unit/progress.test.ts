// The long commands' progress line (scripts/lib/progress.ts): on a terminal, one line rewritten in place
// at most every 100 ms and cleared before anything else is printed; anywhere else, nothing at all.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CLEAR_LINE, countOf, megabytes, progressLine } from "../../scripts/lib/progress";
import { formatNumber } from "~/ui/numbers";

/** A stream that records what is written to it, a terminal or not. */
function stream(isTTY: boolean, columns = 100) {
  const written: string[] = [];
  return { isTTY, columns, written, write: (text: string) => written.push(text) };
}

beforeEach(() => vi.useFakeTimers({ now: 0 }));
afterEach(() => vi.useRealTimers());

describe("the progress line on a terminal", () => {
  it("rewrites one line in place, and clears it before what is printed next", () => {
    const terminal = stream(true);
    const progress = progressLine(terminal);
    expect(progress.active).toBe(true);
    progress.show("Reading the site…");
    vi.advanceTimersByTime(100);
    progress.update("Writing a.zip: 0.1 of 8.4 MB");
    progress.clear();
    expect(terminal.written).toEqual([
      `${CLEAR_LINE}Reading the site…`,
      `${CLEAR_LINE}Writing a.zip: 0.1 of 8.4 MB`,
      CLEAR_LINE,
    ]);
    // Cleared once: a second clear, with nothing shown, writes nothing.
    progress.clear();
    expect(terminal.written).toHaveLength(3);
  });

  it("draws at most once every 100 ms, the newest line once the interval has passed", () => {
    const terminal = stream(true);
    const progress = progressLine(terminal);
    progress.update("images 1 of 9");
    for (let n = 2; n <= 5; n++) {
      vi.advanceTimersByTime(20);
      progress.update(`images ${n} of 9`);
    }
    expect(terminal.written).toEqual([`${CLEAR_LINE}images 1 of 9`]);
    vi.advanceTimersByTime(20);
    expect(terminal.written).toEqual([`${CLEAR_LINE}images 1 of 9`, `${CLEAR_LINE}images 5 of 9`]);
    // Quiet for longer than the interval: the next one is drawn at once.
    vi.advanceTimersByTime(500);
    progress.update("images 6 of 9");
    expect(terminal.written.at(-1)).toBe(`${CLEAR_LINE}images 6 of 9`);
    expect(terminal.written).toHaveLength(3);
  });

  it("shows a new step at once, and a clear drops an update still waiting", () => {
    const terminal = stream(true);
    const progress = progressLine(terminal);
    progress.update("images 1 of 9");
    progress.show("Writing 24 records…");
    progress.update("images 2 of 9");
    progress.clear();
    vi.advanceTimersByTime(1000);
    expect(terminal.written).toEqual([`${CLEAR_LINE}images 1 of 9`, `${CLEAR_LINE}Writing 24 records…`, CLEAR_LINE]);
  });

  it("keeps to one row of the terminal, so a redraw never leaves a wrapped row behind", () => {
    const terminal = stream(true, 30);
    progressLine(terminal).show("Writing /a/rather/long/path/site-backup.zip: 23 records");
    const [line] = terminal.written;
    expect(line).toBe(`${CLEAR_LINE}Writing /a/rather/long/path/…`);
    expect(line!.length - CLEAR_LINE.length).toBe(29);
    // A terminal that does not say its width (0, as under script(1)) is taken as 80 columns.
    const unsized = stream(true, 0);
    progressLine(unsized).show("x".repeat(100));
    expect(unsized.written[0]).toBe(`${CLEAR_LINE}${"x".repeat(78)}…`);
  });
});

describe("anywhere but a terminal", () => {
  it("writes nothing at all", () => {
    const pipe = stream(false);
    const progress = progressLine(pipe);
    expect(progress.active).toBe(false);
    progress.show("Reading the site…");
    progress.update("images 1 of 9");
    vi.advanceTimersByTime(1000);
    progress.clear();
    expect(pipe.written).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe("the figures", () => {
  it("reads as counts, counts of a total, and megabytes", () => {
    expect(formatNumber(1234)).toBe("1,234");
    expect(countOf(40, 1000)).toBe("40 of 1,000");
    expect(megabytes(123_456)).toBe("0.1 MB");
    expect(megabytes(12_345_678, 98_100_000)).toBe("12.3 of 98.1 MB");
  });
});
