import { CATEGORIES, CATEGORY_LABELS, type Category } from "~/artworks/categories";

/** What a subscriber hears about (the subscribe page and the preferences page): new work, its kinds, events. */
export function PreferenceFields({
  newWork,
  events,
  categories,
  error,
}: {
  newWork: boolean;
  events: boolean;
  categories: readonly string[];
  error?: string;
}) {
  return (
    <fieldset className="field choice-group preferences" aria-describedby={error ? "preferences-error" : undefined}>
      <legend className="field__label">What would you like to hear about?</legend>
      <label className="choice choice--single">
        <input type="checkbox" name="newWork" defaultChecked={newWork} aria-invalid={error ? true : undefined} />
        <span>New work in the shop</span>
      </label>
      <fieldset className="preferences__kinds" aria-describedby="preferences-kinds-note">
        <legend className="preferences__kinds-legend">Only these kinds of work</legend>
        <p id="preferences-kinds-note" className="field__note">
          Leave them all unticked to hear about every kind.
        </p>
        <div className="choice-group__options">
          {CATEGORIES.map((category: Category) => (
            <label key={category} className="choice">
              <input
                type="checkbox"
                name="categories"
                value={category}
                defaultChecked={categories.includes(category)}
              />
              <span>{CATEGORY_LABELS[category]}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <label className="choice choice--single">
        <input type="checkbox" name="events" defaultChecked={events} aria-invalid={error ? true : undefined} />
        <span>Events: exhibitions, open studios and fairs</span>
      </label>
      {error ? (
        <p id="preferences-error" className="field__error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
