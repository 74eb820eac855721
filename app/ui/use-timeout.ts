import { useEffect, useRef } from "react";

/** Success overlays and the share toast stay this long (spec §9). */
export const FEEDBACK_MS = 3000;

/** Calls `onDone` once, `ms` after `active` becomes true; cancelled if it turns false or the component unmounts. */
export function useTimeout(active: boolean, onDone: () => void, ms: number = FEEDBACK_MS): void {
  const callback = useRef(onDone);
  // Kept current after each render (not during it), before the timer's effect below runs.
  useEffect(() => {
    callback.current = onDone;
  });
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => callback.current(), ms);
    return () => clearTimeout(timer);
  }, [active, ms]);
}
