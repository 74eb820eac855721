// Budget: JavaScript <= 100 KB gzip per public page (`npm run bench`). Measured gain: /post/:id
// 109.4 -> 99.1 KB gzip against a build without it (docs/performance.md, run J).
// The artwork page's carousel with its code (react-image-gallery, two thirds of the page's own
// JavaScript) fetched only when the visitor reaches for it. The server renders the whole carousel;
// the browser keeps that HTML as it is (a static box: React leaves the inner HTML of an element it
// hydrates with dangerouslySetInnerHTML untouched) until the visitor points at it, focuses it, touches
// it, or one of its images fails. Then the code comes and the working carousel takes the static
// box's place, with the same markup. The last click that arrives before is held and made again on
// the same control, and focus that was on a control stays on it (keys pressed and swipes made while
// the code comes are not replayed). Shown by a client-side navigation (no server HTML to keep), or
// for another artwork (the page keys its component by artwork), the code is fetched at once. If it
// cannot be fetched (offline, or a deploy replaced it), a held click reloads the page.
import { memo, useCallback, useEffect, useRef, useState, type ComponentProps } from "react";
import { ArtworkGallery as ArtworkGalleryOnServer } from "~/artworks/ArtworkGallery";
import { useHydrated } from "~/ui/use-hydrated";

type GalleryProps = ComponentProps<typeof ArtworkGalleryOnServer>;
type Gallery = typeof ArtworkGalleryOnServer;

let loaded: Gallery | null = import.meta.env.SSR ? ArtworkGalleryOnServer : null;
let loading: Promise<Gallery> | null = null;
function loadGallery(): Promise<Gallery> {
  loading ??= import("~/artworks/ArtworkGallery").then(
    (module) => (loaded = module.ArtworkGallery),
    (error: unknown) => {
      loading = null; // the next reach tries again
      throw error;
    },
  );
  return loading;
}

const INTENT = ["pointerover", "focusin", "touchstart"] as const;
/** Whatever ends a press: released, or taken over by the browser (a scroll, a drag). */
const PRESS_ENDS = ["pointerup", "pointercancel", "dragstart"] as const;
/** How long after a press ends its click may come (a phone sends it in a later task); then the swap goes ahead. */
const PRESS_CLICK_WAIT_MS = 300;
const CONTROLS = "button, a";

export const ArtworkGalleryOnDemand = memo(function ArtworkGalleryOnDemand(props: GalleryProps) {
  // False while hydrating the server's HTML, true when mounted by a client-side navigation.
  const [mountedAfterHydration] = useState(useHydrated());
  const [Live, setLive] = useState<Gallery | null>(() => loaded);
  const box = useRef<HTMLDivElement>(null);
  // What the visitor did to the static carousel, by the control's place among its controls.
  const held = useRef<{ click: number | null; focus: number | null }>({ click: null, focus: null });

  useEffect(() => {
    if (Live) return;
    const element = box.current;
    if (!element) return;
    let cancelled = false;
    // A press under way on the static carousel (the code often arrives between a finger's touchstart and
    // its click): swapping now would take the pressed control away, and the browser would send the click
    // nowhere. The swap waits for the press's click (held, then made again on the live control), or for a
    // press that ends without one (a swipe).
    let pressing = false;
    let arrived: Gallery | null = null;
    let afterPress: ReturnType<typeof setTimeout> | undefined;
    const swap = () => {
      if (!cancelled && arrived && !pressing) setLive(() => arrived);
    };
    const goLive = () =>
      void loadGallery().then(
        (gallery) => {
          arrived = gallery;
          swap();
        },
        () => {
          if (held.current.click !== null) window.location.reload();
        },
      );
    const onPressStart = (event: PointerEvent) => {
      // Only a primary press ends in a click; another (a context menu) may never send its end here.
      if (!event.isPrimary || event.button !== 0) return;
      pressing = true;
      clearTimeout(afterPress);
    };
    const onPressEnd = () => {
      if (!pressing) return;
      pressing = false;
      // The click follows the press's end, on a phone in a task of its own; without one, swap anyway.
      afterPress = setTimeout(swap, PRESS_CLICK_WAIT_MS);
    };
    if (mountedAfterHydration) goLive();
    // An image that failed before this ran: the carousel shows 'Image not available' in its place.
    if ([...element.querySelectorAll("img")].some((img) => img.complete && img.naturalWidth === 0)) goLive();
    const placeOf = (target: EventTarget | null) => {
      const control = target instanceof Element ? target.closest(CONTROLS) : null;
      return control && element.contains(control) ? [...element.querySelectorAll(CONTROLS)].indexOf(control) : null;
    };
    const onIntent = (event: Event) => {
      if (event.type === "focusin") held.current.focus = placeOf(event.target);
      goLive();
    };
    // Focus leaving the carousel forgets it; the swap removing the focused control does not (the
    // control is gone from the page by the time this looks).
    const onFocusOut = (event: FocusEvent) => {
      const { target, relatedTarget } = event;
      if (relatedTarget instanceof Node && element.contains(relatedTarget)) return;
      queueMicrotask(() => {
        if (target instanceof Node && target.isConnected) held.current.focus = null;
      });
    };
    // On the window, in the capture phase: React also listens at its root in the capture phase, and
    // stops a click on HTML it has not hydrated; only the window's capture runs before it.
    const onClick = (event: MouseEvent) => {
      const place = placeOf(event.target);
      if (place === null) return;
      event.preventDefault();
      event.stopPropagation();
      held.current.click = place;
      pressing = false;
      goLive();
    };
    for (const type of INTENT) element.addEventListener(type, onIntent, { passive: true });
    element.addEventListener("pointerdown", onPressStart, { passive: true });
    element.addEventListener("focusout", onFocusOut);
    element.addEventListener("error", goLive, true);
    window.addEventListener("click", onClick, true);
    for (const type of PRESS_ENDS) window.addEventListener(type, onPressEnd, true);
    return () => {
      cancelled = true;
      clearTimeout(afterPress);
      for (const type of INTENT) element.removeEventListener(type, onIntent);
      element.removeEventListener("pointerdown", onPressStart);
      element.removeEventListener("focusout", onFocusOut);
      element.removeEventListener("error", goLive, true);
      window.removeEventListener("click", onClick, true);
      for (const type of PRESS_ENDS) window.removeEventListener(type, onPressEnd, true);
    };
  }, [Live, mountedAfterHydration]);

  const onReady = useCallback(() => {
    const { click, focus } = held.current;
    held.current = { click: null, focus: null };
    const controls = box.current?.querySelectorAll<HTMLElement>(CONTROLS);
    // Only when the swap took the focus with it: a visitor who has moved on keeps their place.
    const lost = !document.activeElement || document.activeElement === document.body;
    if (focus !== null && lost) controls?.[focus]?.focus();
    if (click !== null) controls?.[click]?.click();
  }, []);

  if (Live) {
    return (
      <div key="live" ref={box} className="post-gallery-box">
        <Live {...props} onReady={onReady} />
      </div>
    );
  }
  if (mountedAfterHydration) {
    return (
      <div key="static" ref={box} className="post-gallery-box">
        <FirstImage {...props} />
      </div>
    );
  }
  return (
    <div
      key="static"
      ref={box}
      className="post-gallery-box"
      dangerouslySetInnerHTML={{ __html: "" }}
      suppressHydrationWarning
    />
  );
});

/** While the code comes after a client-side navigation: the first image where the carousel will be. */
function FirstImage({ title, images }: GalleryProps) {
  const first = images[0];
  if (!first) return null;
  return (
    <div className="post-gallery post-gallery--single">
      <img
        className="image-gallery-image"
        src={first.src}
        srcSet={first.srcSet}
        alt={title}
        width={1200}
        height={900}
      />
    </div>
  );
}
