// Every icon of the public pages is drawn once per page, in a sprite of <symbol>s (a constant string made by
// `npm run icons`), and each use refers to it: about 80 bytes and two elements a use instead of a whole
// drawing rendered by React on every request, which kept the dashboard's pages under 100 KB and took a
// tenth of the CPU from every render (docs/performance.md). Admin-only screens may still draw lucide's
// components directly.
import { ICON_SYMBOLS, type IconName } from "~/ui/icon-sprite.generated";

export type { IconName };

/** The drawings, once at the top of every page (root layout). */
export function IconSprite() {
  return <svg className="icon-sprite" aria-hidden="true" dangerouslySetInnerHTML={{ __html: ICON_SYMBOLS }} />;
}

/**
 * One decorative use of an icon: 16 px square unless `size` says otherwise (the default is set in
 * app/ui/icon.css, to keep each use short on long lists).
 */
export function Icon({ name, size, className }: { name: IconName; size?: number; className?: string }) {
  return (
    <svg className={className ? `icon ${className}` : "icon"} width={size} height={size} aria-hidden="true">
      <use href={`#icon-${name}`} />
    </svg>
  );
}
