// A form the server rendered can be typed into before the page's code arrives. When the code takes it
// over, effects that would move the focus (to a field the server refused, into a dialog) or reset the
// form must leave a visitor who is typing alone: the keys still coming land where they are aimed.
import { useCallback, useRef, type RefObject } from "react";

const TEXT_FIELD =
  "textarea, input:not([type=hidden], [type=checkbox], [type=radio], [type=submit], [type=button], [type=file])";

/**
 * A check to call at the start of the component's effect, every run: true when focus is already in a text field of the form
 * `ref`'s element is (or is in) then (someone typed in before the code came), false on every later call.
 */
export function useTypedBeforeCode(ref: RefObject<HTMLElement | null>): () => boolean {
  const first = useRef(true);
  return useCallback(() => {
    if (!first.current) return false;
    first.current = false;
    const active = document.activeElement;
    const form = ref.current?.closest("form") ?? ref.current;
    return !!active && active.matches(TEXT_FIELD) && !!form?.contains(active);
  }, [ref]);
}
