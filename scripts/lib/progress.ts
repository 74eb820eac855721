// The one line of progress the long commands show (`npm run export`, `npm run import`): on a terminal
// only, rewritten in place (`\r`, then clear the line), at most ten times a second, and cleared before
// anything else is printed. Anywhere else (a pipe, CI, the tests) it writes nothing at all, so the output
// is the summary and the errors alone, as before.
import { formatNumber } from "~/ui/numbers";

/** Where the line goes: process.stderr, or a stand-in in the tests. */
export type ProgressStream = { isTTY?: boolean; columns?: number; write(text: string): unknown };

export type Progress = {
  /** Whether a line is shown at all (a terminal): work done only for the line can be skipped otherwise. */
  readonly active: boolean;
  /** Shows `text` in place of the line before, or, within the interval, once it has passed (the newest wins). */
  update(text: string): void;
  /** Shows `text` at once: a new step, or one before a wait that blocks the process. */
  show(text: string): void;
  /** Removes the line (and a pending update), so what is printed next starts on a clean line. */
  clear(): void;
};

/** Carriage return, then erase the whole line (ECMA-48 EL 2). */
export const CLEAR_LINE = "\r\x1b[2K";
/** At most ten lines a second; `PROGRESS_EVERY_MS=0` draws every one (the tests read each step). */
export const EVERY_MS = Number(process.env.PROGRESS_EVERY_MS || 100);

const SILENT: Progress = { active: false, update() {}, show() {}, clear() {} };

/** A progress line on `stream` when it is a terminal; a progress that does nothing otherwise. */
export function progressLine(
  stream: ProgressStream = process.stderr,
  { everyMs = EVERY_MS }: { everyMs?: number } = {},
): Progress {
  if (!stream.isTTY) return SILENT;
  let shown = false;
  let drawnAt = -Infinity;
  let pending: string | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    pending = undefined;
  };
  const draw = (text: string) => {
    cancel();
    // One row: a line that wrapped would leave its first row behind at every redraw.
    const width = Math.max(20, (stream.columns || 80) - 1);
    stream.write(CLEAR_LINE + (text.length > width ? `${text.slice(0, width - 1)}…` : text));
    shown = true;
    drawnAt = Date.now();
  };
  return {
    active: true,
    update(text) {
      const wait = drawnAt + everyMs - Date.now();
      if (wait <= 0) return draw(text);
      pending = text;
      // Unreferenced: a pending line never keeps the command running.
      timer ??= setTimeout(() => draw(pending!), wait).unref();
    },
    show: draw,
    clear() {
      cancel();
      if (shown) stream.write(CLEAR_LINE);
      shown = false;
    },
  };
}

/** `12.3 MB`, or `12.3 of 98.1 MB` with a total. */
export function megabytes(bytes: number, total?: number): string {
  const mb = (n: number) => (n / 1e6).toFixed(1);
  return total === undefined ? `${mb(bytes)} MB` : `${mb(bytes)} of ${mb(total)} MB`;
}

/** `40 of 1,000`. */
export const countOf = (done: number, total: number) => `${formatNumber(done)} of ${formatNumber(total)}`;
