import { useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";

/**
 * Move up / Move down in the shop order: a small form that posts without JavaScript (the Shop Order page
 * comes back in the new order) and, with it, moves the row in place. A row that React moves in the list
 * loses focus, so focus goes back to the button that was pressed (or its partner, once the row has
 * reached an end).
 */
export function ShopOrderButtons({
  id,
  title,
  canMoveUp,
  canMoveDown,
}: {
  id: string;
  title: string;
  canMoveUp: boolean;
  canMoveDown: boolean;
}) {
  const fetcher = useFetcher<{ ok: boolean; formError?: string }>();
  const up = useRef<HTMLButtonElement>(null);
  const down = useRef<HTMLButtonElement>(null);
  const pressed = useRef<"up" | "down" | null>(null);
  const moving = fetcher.state !== "idle";

  useEffect(() => {
    if (moving || !pressed.current) return;
    const wanted = pressed.current === "up" ? up.current : down.current;
    const partner = pressed.current === "up" ? down.current : up.current;
    pressed.current = null;
    if (document.activeElement && document.activeElement !== document.body) return;
    (wanted && !wanted.disabled ? wanted : partner)?.focus();
  }, [moving, canMoveUp, canMoveDown]);

  return (
    <fetcher.Form
      method="post"
      className="shop-order"
      onSubmit={(event) => {
        const submitter = (event.nativeEvent as SubmitEvent).submitter;
        pressed.current = submitter?.getAttribute("value") === "down" ? "down" : "up";
      }}
    >
      <input type="hidden" name="id" value={id} />
      {(["up", "down"] as const).map((direction) => (
        <button
          key={direction}
          ref={direction === "up" ? up : down}
          type="submit"
          name="direction"
          value={direction}
          className="button button--ghost"
          disabled={!(direction === "up" ? canMoveUp : canMoveDown) || moving}
          aria-label={`Move ${direction}: ${title}`}
        >
          Move {direction}
        </button>
      ))}
      {fetcher.data && !fetcher.data.ok ? (
        <p className="field__error" role="alert">
          {fetcher.data.formError}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
