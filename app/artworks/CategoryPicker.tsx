import { useEffect, useRef, useState } from "react";
import { FieldLabel } from "~/forms/FieldLabel";
import { CATEGORIES, CATEGORY_LABELS } from "~/artworks/categories";

/**
 * The artwork's categories as checkboxes (spec §5): at least one stays ticked, so the last one cannot
 * be unticked. Without JavaScript the boxes work natively and the server enforces the rule.
 */
export function CategoryPicker({ initial, error }: { initial: string[]; error?: string }) {
  const [ticked, setTicked] = useState<string[]>(initial);
  const [refused, setRefused] = useState(false);
  const group = useRef<HTMLFieldSetElement>(null);

  // Boxes ticked before the page's code arrived are what the form will send: start from them.
  useEffect(() => {
    const boxes = group.current?.querySelectorAll<HTMLInputElement>('input[name="categories"]:checked') ?? [];
    const onScreen = Array.from(boxes, (box) => box.value);
    if (onScreen.length > 0) setTicked(onScreen);
  }, []);

  const toggle = (category: string, on: boolean) => {
    if (!on && ticked.length === 1) {
      setRefused(true);
      return;
    }
    setRefused(false);
    setTicked((current) => (on ? [...current, category] : current.filter((c) => c !== category)));
  };

  return (
    <fieldset
      ref={group}
      className="field choice-group"
      aria-describedby={error ? "categories-error" : "categories-hint"}
    >
      <FieldLabel legend required>
        Categories
      </FieldLabel>
      <div className="choice-group__options">
        {CATEGORIES.map((category) => (
          <label key={category} className="choice">
            <input
              type="checkbox"
              name="categories"
              value={category}
              checked={ticked.includes(category)}
              onChange={(e) => toggle(category, e.currentTarget.checked)}
            />
            <span>{CATEGORY_LABELS[category]}</span>
          </label>
        ))}
      </div>
      <p id="categories-hint" className="field__note" aria-live="polite">
        {refused ? "At least one category is needed: tick another before unticking this one." : "Tick one or more."}
      </p>
      {error ? (
        <p id="categories-error" className="field__error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
