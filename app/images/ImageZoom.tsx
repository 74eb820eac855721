// An image shown full size over the page, to look closely at the brushwork: the original as uploaded
// (the display copy stands in while it loads), zoomed by pinching, the wheel, double-click or the buttons,
// and moved by dragging or the arrow keys. A modal dialog: Escape or Close ends it, and the page puts focus
// back where it was. Loaded only when a visitor opens it (ArtworkGallery), never with the page.
import {
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
  type SyntheticEvent,
  type WheelEvent,
} from "react";
import { createPortal } from "react-dom";
import { Icon } from "~/ui/Icon";

const MIN_SCALE = 1;
const MAX_SCALE = 8;
const STEP = 1.5;

type View = { scale: number; x: number; y: number };
const FIT: View = { scale: 1, x: 0, y: 0 };

const clamp = (scale: number) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));

/** `view` zoomed to `scale` keeping the point `at` (from the stage's centre) where it is on the screen. */
function zoomTo(view: View, scale: number, at = { x: 0, y: 0 }): View {
  const next = clamp(scale);
  if (next === MIN_SCALE) return FIT;
  const ratio = next / view.scale;
  return { scale: next, x: at.x - (at.x - view.x) * ratio, y: at.y - (at.y - view.y) * ratio };
}

export default function ImageZoom({
  original,
  placeholder,
  alt,
  onClose,
}: {
  original: string;
  /** A smaller copy already loaded, shown until the original has arrived. */
  placeholder: string;
  alt: string;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  const [view, setView] = useState<View>(FIT);
  const [loaded, setLoaded] = useState(false);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const gesture = useRef<{ distance: number; view: View } | null>(null);

  useEffect(() => {
    dialog.current?.showModal();
    close.current?.focus();
    const image = new Image();
    image.onload = () => setLoaded(true);
    image.src = original;
  }, [original]);

  /** A point on the screen, from the stage's centre. */
  const fromCentre = (clientX: number, clientY: number) => {
    const box = stage.current!.getBoundingClientRect();
    return { x: clientX - (box.left + box.width / 2), y: clientY - (box.top + box.height / 2) };
  };

  const onWheel = (event: WheelEvent) => {
    const at = fromCentre(event.clientX, event.clientY);
    setView((current) => zoomTo(current, current.scale * Math.exp(-event.deltaY * 0.002), at));
  };

  const onPointerDown = (event: PointerEvent) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.current.size === 2) {
      const [a, b] = [...pointers.current.values()] as [{ x: number; y: number }, { x: number; y: number }];
      gesture.current = { distance: Math.hypot(a.x - b.x, a.y - b.y), view };
    }
  };

  const onPointerMove = (event: PointerEvent) => {
    const before = pointers.current.get(event.pointerId);
    if (!before) return;
    const now = { x: event.clientX, y: event.clientY };
    pointers.current.set(event.pointerId, now);
    if (pointers.current.size === 2 && gesture.current) {
      // Pinch: the scale follows the fingers' spread, about the point between them.
      const [a, b] = [...pointers.current.values()] as [{ x: number; y: number }, { x: number; y: number }];
      const spread = Math.hypot(a.x - b.x, a.y - b.y) / (gesture.current.distance || 1);
      const at = fromCentre((a.x + b.x) / 2, (a.y + b.y) / 2);
      setView(zoomTo(gesture.current.view, gesture.current.view.scale * spread, at));
    } else if (pointers.current.size === 1) {
      // Drag: moves a zoomed image; a fitted one has nowhere to go.
      setView((current) =>
        current.scale === MIN_SCALE
          ? current
          : { ...current, x: current.x + now.x - before.x, y: current.y + now.y - before.y },
      );
    }
  };

  const onPointerEnd = (event: PointerEvent) => {
    pointers.current.delete(event.pointerId);
    if (pointers.current.size < 2) gesture.current = null;
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const PAN = 60;
    const moves: Record<string, (current: View) => View> = {
      "+": (current) => zoomTo(current, current.scale * STEP),
      "=": (current) => zoomTo(current, current.scale * STEP),
      "-": (current) => zoomTo(current, current.scale / STEP),
      "0": () => FIT,
      ArrowLeft: (current) => ({ ...current, x: current.x + PAN }),
      ArrowRight: (current) => ({ ...current, x: current.x - PAN }),
      ArrowUp: (current) => ({ ...current, y: current.y + PAN }),
      ArrowDown: (current) => ({ ...current, y: current.y - PAN }),
    };
    const move = moves[event.key];
    if (!move || (view.scale === MIN_SCALE && event.key.startsWith("Arrow"))) return;
    event.preventDefault();
    setView(move);
  };

  const percent = Math.round(view.scale * 100);
  // On the body, not inside the carousel: its swipes and arrow keys must not move the slides behind.
  return createPortal(
    // A modal dialog is interactive; these only keep its events from its React parents.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={dialog}
      className="zoom"
      aria-label={`${alt}, full size`}
      onClose={onClose}
      onKeyDown={(event) => {
        event.stopPropagation();
        onKeyDown(event);
      }}
      onPointerDown={stop}
      onTouchStart={stop}
      onMouseDown={stop}
      onClick={stop}
    >
      <div className="zoom__toolbar">
        <p className="zoom__level" aria-live="polite">
          {loaded ? `${percent}%` : "Loading full size..."}
        </p>
        <button
          type="button"
          className="zoom__button"
          onClick={() => setView((current) => zoomTo(current, current.scale / STEP))}
          disabled={view.scale === MIN_SCALE}
          aria-label="Zoom out"
        >
          <Icon name="minus" size={20} />
        </button>
        <button
          type="button"
          className="zoom__button"
          onClick={() => setView((current) => zoomTo(current, current.scale * STEP))}
          disabled={view.scale === MAX_SCALE}
          aria-label="Zoom in"
        >
          <Icon name="plus" size={20} />
        </button>
        {/* Close takes the focus when it opens: Escape's twin, and what most want next. */}
        <button ref={close} type="button" className="zoom__button" onClick={() => dialog.current?.close()}>
          <Icon name="x" size={20} /> Close
        </button>
      </div>
      <div
        ref={stage}
        className="zoom__stage"
        onWheel={onWheel}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        onDoubleClick={(event) =>
          setView((current) =>
            current.scale > MIN_SCALE ? FIT : zoomTo(current, 2.5, fromCentre(event.clientX, event.clientY)),
          )
        }
      >
        <img
          className="zoom__image"
          src={loaded ? original : placeholder}
          alt={alt}
          draggable={false}
          style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})` }}
        />
      </div>
    </dialog>,
    document.body,
  );
}

/** React events bubble from a portal to its React parents (the carousel's slide): not these. */
const stop = (event: SyntheticEvent) => event.stopPropagation();
