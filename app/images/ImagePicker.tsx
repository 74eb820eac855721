import { useEffect, useId, useRef, useState } from "react";
import { FieldLabel } from "~/forms/FieldLabel";
import { IMAGE_MAX_BYTES, IMAGES_PER_ARTWORK_MAX, TOO_MANY_IMAGES } from "~/images/limits";
import { formatFileSize, formatMegabytes } from "~/images/megabytes";

// The types the server accepts; listing them (rather than image/*) also makes iPhones send JPEG, not HEIC.
export const ACCEPTED_IMAGE_TYPES = "image/jpeg,image/png,image/webp,image/gif,image/avif";

type Chosen = { name: string; size: number; url: string; problem?: string };

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
  const [chosen, setChosen] = useState<Chosen[]>([]);

  // Preview URLs hold the files in memory until released.
  useEffect(() => () => chosen.forEach((file) => URL.revokeObjectURL(file.url)), [chosen]);

  const onChange = (files: FileList | null) => {
    setChosen(
      Array.from(files ?? []).map((file) => ({
        name: file.name,
        size: file.size,
        url: URL.createObjectURL(file),
        problem:
          file.size > IMAGE_MAX_BYTES
            ? `Larger than ${formatMegabytes(IMAGE_MAX_BYTES)}: please choose a smaller image.`
            : ACCEPTED_IMAGE_TYPES.split(",").includes(file.type)
              ? undefined
              : "Not a JPEG, PNG, WebP, GIF or AVIF image.",
      })),
    );
  };
  // Files chosen before the page's code arrived fired their change before React listened: show them now.
  useEffect(() => {
    if (input.current?.files?.length) onChange(input.current.files);
  }, []);
  const tooMany = existingCount + chosen.length > max;
  const describedBy = [`${id}-hint`, error ? `${id}-error` : null, tooMany ? `${id}-count` : null]
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
        onChange={(e) => onChange(e.currentTarget.files)}
      />
      <p id={`${id}-hint`} className="field__note">
        {note ??
          (max > 1
            ? `JPEG, PNG, WebP, GIF or AVIF, up to ${formatMegabytes(IMAGE_MAX_BYTES)} each and ${max} per artwork.`
            : `One JPEG, PNG, WebP, GIF or AVIF image, up to ${formatMegabytes(IMAGE_MAX_BYTES)}.`)}
      </p>
      {chosen.length > 0 ? (
        <ul className="image-grid" aria-label="Chosen images">
          {chosen.map((file) => (
            <li key={file.url} className="image-grid__item">
              <img src={file.url} alt="" width={160} height={120} className="image-grid__image" />
              <span className="image-grid__caption">
                {file.name} <span className="image-grid__size">({formatFileSize(file.size)})</span>
              </span>
              {file.problem ? <span className="field__error">{file.problem}</span> : null}
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
