import { useState } from "react";

/**
 * A "Remove" switch for something the form will take away when it is saved (an image, a linked
 * event). It is a checkbox, so it works without JavaScript; with it, `confirmText` is asked first
 * (spec §5: 'Remove this image?') and the item shows what will happen.
 */
export function RemoveToggle({
  name,
  value,
  label,
  confirmText,
  onToggle,
}: {
  name: string;
  value: string;
  /** Names the item for screen readers, e.g. "Remove image 2". */
  label: string;
  confirmText?: string;
  onToggle?: (removing: boolean) => void;
}) {
  const [removing, setRemoving] = useState(false);
  return (
    <label className={`remove-toggle${removing ? " remove-toggle--on" : ""}`}>
      <input
        type="checkbox"
        name={name}
        value={value}
        checked={removing}
        aria-label={label}
        onChange={(e) => {
          const on = e.currentTarget.checked;
          if (on && confirmText && !confirm(confirmText)) return;
          setRemoving(on);
          onToggle?.(on);
        }}
      />
      <span aria-hidden="true">{removing ? "Removed on save (undo)" : "Remove"}</span>
    </label>
  );
}
