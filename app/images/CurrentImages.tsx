import { FieldLabel } from "~/forms/FieldLabel";
import { RemoveToggle } from "~/forms/RemoveToggle";

/**
 * The images a record shows now, on its edit form: each small, with a Remove switch (`removeImage`,
 * its stored reference) that asks first. Nothing when there are none.
 */
export function CurrentImages({
  legend,
  images,
  altOf,
  removeLabelOf,
  onToggle,
}: {
  legend: string;
  images: { stored: string; src: string }[];
  altOf: (index: number) => string;
  removeLabelOf: (index: number) => string;
  onToggle: (removing: boolean) => void;
}) {
  if (images.length === 0) return null;
  return (
    <fieldset className="field">
      <FieldLabel legend required={false}>
        {legend}
      </FieldLabel>
      <ul className="image-grid">
        {images.map((image, index) => (
          <li key={image.stored} className="image-grid__item">
            <img src={image.src} alt={altOf(index)} width={160} height={120} className="image-grid__image" />
            <RemoveToggle
              name="removeImage"
              value={image.stored}
              label={removeLabelOf(index)}
              confirmText="Remove this image?"
              onToggle={onToggle}
            />
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
