// Budget: none of its own. It is what starting the scripts after the artwork (finish-document.server.ts)
// pays so that it costs no tap: a button tapped before hydration is answered once, late.
// Until React has hydrated the page, a button that only JavaScript makes work (the phone menu's
// toggle, Share, the carousel's arrows) does nothing when tapped. The page's starter script
// (PAGE_SCRIPTS_STARTER in finish-document.server.ts) keeps the last such button clicked in
// window[HELD_CLICK], out of React's sight; once hydrated, the app clicks it again, so the tap is
// answered once, late, not lost.
import { useEffect } from "react";

/** The window property the starter script and the app share: a button, undefined, or null once hydrated. */
export const HELD_CLICK = "__heldClick";

/** After hydration (the root layout's effect runs last, once every handler is attached): replays the held click. */
export function useHeldClickReplay(): void {
  useEffect(() => {
    const page = window as unknown as Record<string, unknown>;
    const held = page[HELD_CLICK];
    page[HELD_CLICK] = null;
    if (held instanceof HTMLElement && held.isConnected) held.click();
  }, []);
}
