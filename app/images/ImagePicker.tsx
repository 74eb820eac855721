import { useEffect, useId, useRef } from "react";
import { FieldLabel } from "~/forms/FieldLabel";
import { IMAGE_MAX_BYTES, IMAGES_PER_ARTWORK_MAX, TOO_MANY_IMAGES } from "~/images/limits";
import { formatFileSize, formatMegabytes } from "~/images/megabytes";
import {
  ACCEPTED_IMAGE_TYPES,
  fileProblemId,
  fileProblemIds,
  useChosenFiles,
  type FileRules,
} from "~/images/use-chosen-files";

const RULES: FileRules = {
  maxBytes: IMAGE_MAX_BYTES,
  tooLarge: () => `Larger than ${formatMegabytes(IMAGE_MAX_BYTES)}: please choose a smaller image.`,
  notAnImage: () => "Not a JPEG, PNG, WebP, GIF or AVIF image.",
};

/**
 * The image file picker with a preview of each chosen file and the upload rules checked at once
 * (the server checks them again, by the files' bytes).
 */
export function ImagePicker({
  label,
  required,
  existingCount = 0,
  max = IMAGES_PER_ARTWORK_MAX,
  tooManyText = TOO_MANY_IMAGES,
  note,
  error,
}: {
  label: string;
  required: boolean;
  /** Images the artwork keeps, counted against the per-artwork cap. */
  existingCount?: number;
  /** How many images the form may hold (an artwork's cap by default; an event has one), and what says so. */
  max?: number;
  tooManyText?: string;
  /** What the hint under the picker says, when not an artwork's or an event's rules. */
  note?: string;
  error?: string;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const { chosen, show } = useChosenFiles(RULES);
  // Files chosen before the page's code arrived fired their change before React listened: show them now.
  useEffect(() => {
    if (input.current?.files?.length) show(input.current.files);
  }, [show]);
  const tooMany = existingCount + chosen.length > max;
  const describedBy = [
    `${id}-hint`,
    ...fileProblemIds(id, chosen),
    error ? `${id}-error` : null,
    tooMany ? `${id}-count` : null,
  ]
    .filter(Boolean)
    .join(" ");

  return (
    <div className="field">
      <FieldLabel htmlFor={id} required={required}>
        {label}
      </FieldLabel>
      <input
        ref={input}
        id={id}
        type="file"
        name="images"
        accept={ACCEPTED_IMAGE_TYPES}
        multiple={max > 1}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`field__control image-picker__input${error ? " field__control--invalid" : ""}`}
        onChange={(e) => show(e.currentTarget.files)}
      />
      <p id={`${id}-hint`} className="field__note">
        {note ??
          (max > 1
            ? `JPEG, PNG, WebP, GIF or AVIF, up to ${formatMegabytes(IMAGE_MAX_BYTES)} each and ${max} per artwork.`
            : `One JPEG, PNG, WebP, GIF or AVIF image, up to ${formatMegabytes(IMAGE_MAX_BYTES)}.`)}
      </p>
      {chosen.length > 0 ? (
        <ul className="image-grid" aria-label="Chosen images">
          {chosen.map(({ file, url, problem }, index) => (
            <li key={url} className="image-grid__item">
              <img src={url} alt="" width={160} height={120} className="image-grid__image" />
              <span className="image-grid__caption">
                {file.name} <span className="image-grid__size">({formatFileSize(file.size)})</span>
              </span>
              {problem ? (
                <span id={fileProblemId(id, index)} className="field__error">
                  {problem}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {tooMany ? (
        <p id={`${id}-count`} className="field__error">
          {tooManyText}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
