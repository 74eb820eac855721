// Every icon of the public pages is a <use> of one sprite file of <symbol>s (made by `npm run icons`), which
// the browser fetches once and keeps for a year: about 110 bytes and two elements a use instead of a whole
// drawing rendered by React on every request (a tenth of a render's CPU), and no drawing in the page or its
// JavaScript (docs/performance.md). Admin-only screens may still draw lucide's components directly.
import spriteUrl from "~/ui/icons.generated.svg?url";
import type { IconName } from "~/ui/icon-names.generated";

export type { IconName };

/**
 * One decorative use of an icon: 16 px square unless `size` says otherwise (the default is set in
 * app/ui/icon.css, to keep each use short on long lists).
 */
export function Icon({ name, size, className }: { name: IconName; size?: number; className?: string }) {
  return (
    <svg className={className ? `icon ${className}` : "icon"} width={size} height={size} aria-hidden="true">
      <use href={`${spriteUrl}#icon-${name}`} />
    </svg>
  );
}
