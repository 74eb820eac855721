import { SCROLL_INDICATOR_THRESHOLD } from "~/ui/nav";
import { useScrolledPast } from "~/ui/use-scrolled-past";
import { Icon } from "~/ui/Icon";

/** "Scroll" hint under the home header, visible while the page is scrolled less than 100 px. */
export function ScrollIndicator({ target }: { target: string }) {
  const hidden = useScrolledPast(SCROLL_INDICATOR_THRESHOLD);
  return (
    <a
      href={target}
      className={`scroll-indicator${hidden ? " is-hidden" : ""}`}
      aria-hidden={hidden}
      tabIndex={hidden ? -1 : 0}
    >
      <span>Scroll</span>
      <Icon name="chevron-down" size={20} />
    </a>
  );
}
