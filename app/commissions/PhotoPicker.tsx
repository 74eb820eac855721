import { useEffect, useId, useRef } from "react";
import { FieldLabel } from "~/forms/FieldLabel";
import { formatFileSize, formatMegabytes } from "~/images/megabytes";
import { NOT_AN_IMAGE } from "~/images/limits";
import {
  ACCEPTED_IMAGE_TYPES,
  fileProblemId,
  fileProblemIds,
  useChosenFiles,
  type ChosenFile,
  type FileRules,
} from "~/images/use-chosen-files";
import { PHOTO_MAX_BYTES, PHOTO_TOO_LARGE, PHOTOS_MAX, TOO_MANY_PHOTOS } from "~/commissions/limits";

const RULES: FileRules = {
  maxBytes: PHOTO_MAX_BYTES,
  tooLarge: (file) => PHOTO_TOO_LARGE(`“${file.name}”`),
  notAnImage: (file) => NOT_AN_IMAGE(file.name),
};

/** A photo the site keeps from an earlier sending of the form: its id and how it is named. */
export type KeptPhoto = { id: string; label: string };

/**
 * The reference photos: those kept from an earlier sending (a box each, ticked: untick to leave one out),
 * and a file picker. With JavaScript each chosen photo shows with its size and a Remove button, checked
 * at once against the rules (the server checks them again, by the bytes).
 */
export function PhotoPicker({ kept, error }: { kept: KeptPhoto[]; error?: string }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const { chosen, show } = useChosenFiles(RULES);
  // Files chosen before the page's code arrived fired their change before React listened: show them now.
  useEffect(() => {
    if (input.current?.files?.length) show(input.current.files);
  }, [show]);

  const remove = (leaving: ChosenFile) => {
    const field = input.current;
    if (!field) return;
    const rest = new DataTransfer();
    for (const photo of chosen) if (photo !== leaving) rest.items.add(photo.file);
    field.files = rest.files;
    show(field.files);
    field.focus();
  };

  const tooMany = kept.length + chosen.length > PHOTOS_MAX;
  const describedBy = [
    `${id}-note`,
    ...fileProblemIds(id, chosen),
    error ? `${id}-error` : null,
    tooMany ? `${id}-count` : null,
  ]
    .filter(Boolean)
    .join(" ");
  return (
    <fieldset className="field">
      <FieldLabel legend required={false}>
        Reference photos
      </FieldLabel>
      <p id={`${id}-note`} className="field__note">
        Up to {PHOTOS_MAX} photos to paint from: JPEG, PNG, WebP, GIF or AVIF, up to {formatMegabytes(PHOTO_MAX_BYTES)}{" "}
        each. Only the artist sees them; they are deleted when the commission is over.
      </p>
      {kept.length > 0 ? (
        <ul className="request__kept" aria-label="Photos already sent">
          {kept.map((photo) => (
            <li key={photo.id}>
              <label className="choice">
                <input type="checkbox" name="photo" value={photo.id} defaultChecked />
                <span>Keep {photo.label}</span>
              </label>
            </li>
          ))}
        </ul>
      ) : null}
      <label htmlFor={id} className="field__label">
        {kept.length > 0 ? "Add photos" : "Choose photos"}
      </label>
      <input
        ref={input}
        id={id}
        type="file"
        name="photos"
        accept={ACCEPTED_IMAGE_TYPES}
        multiple
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`field__control request__picker${error ? " field__control--invalid" : ""}`}
        onChange={(event) => show(event.currentTarget.files)}
      />
      {chosen.length > 0 ? (
        <ul className="request__chosen" aria-label="Chosen photos">
          {chosen.map((photo, index) => (
            <li key={photo.url} className="request__photo">
              <img src={photo.url} alt="" width={96} height={72} className="request__thumb" />
              <span className="request__name">
                {photo.file.name} <span className="request__size">({formatFileSize(photo.file.size)})</span>
                {photo.problem ? (
                  <span id={fileProblemId(id, index)} className="field__error">
                    {photo.problem}
                  </span>
                ) : null}
              </span>
              <button
                type="button"
                className="button button--ghost"
                aria-label={`Remove ${photo.file.name}`}
                onClick={() => remove(photo)}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {tooMany ? (
        <p id={`${id}-count`} className="field__error">
          {TOO_MANY_PHOTOS}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
