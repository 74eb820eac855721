// Icons that repeat on every row of a list (two on each of 25 artwork cards, two on each of 50 event
// cards) are drawn once per page, in a sprite, and each row refers to them: about 120 bytes a use
// instead of 400 to 900 for the whole drawing, which keeps a full dashboard page under 100 KB.
import { CalendarDays, Eye, MapPin, Pencil, Trash2 } from "lucide-react";

const LIST_ICONS = {
  "calendar-days": CalendarDays,
  eye: Eye,
  "map-pin": MapPin,
  pencil: Pencil,
  trash: Trash2,
} as const;

export type ListIconName = keyof typeof LIST_ICONS;

/** The drawings, once at the top of every page (root layout). */
export function ListIconSprite() {
  return (
    <svg className="icon-sprite" aria-hidden="true" focusable="false">
      {Object.entries(LIST_ICONS).map(([name, Icon]) => (
        <symbol key={name} id={`icon-${name}`} viewBox="0 0 24 24">
          <Icon size={24} />
        </symbol>
      ))}
    </svg>
  );
}

/** One decorative use of a list icon, 16 px square (its size is set in app.css, to keep each use short). */
export function ListIcon({ name }: { name: ListIconName }) {
  return (
    <svg className="list-icon" aria-hidden="true">
      <use href={`#icon-${name}`} />
    </svg>
  );
}
