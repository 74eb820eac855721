import { Form, useActionData, useNavigation } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import { CategoryPicker } from "~/artworks/CategoryPicker";
import { FieldLabel } from "~/forms/FieldLabel";
import { PasskeyField } from "~/forms/PasskeyField";
import { FormField } from "~/forms/FormField";
import { CheckboxField } from "~/forms/CheckboxField";
import { FormMessages } from "~/forms/FormMessages";
import { CurrentImages } from "~/images/CurrentImages";
import { ImagePicker } from "~/images/ImagePicker";
import { RemoveToggle } from "~/forms/RemoveToggle";
import { DEFAULT_CATEGORY } from "~/artworks/categories";
import type { FormResult } from "~/forms/result";
import type { ArtworkInput } from "~/artworks/form";
import { useImageForm } from "~/images/use-image-form";
import { useAnswerCount } from "~/forms/use-answer-count";
import { SUBMISSION_FIELD, VERSION_FIELD } from "~/forms/submission";
import { UploadProgress } from "~/images/UploadProgress";
import { ARTWORK_TEXT_FIELDS } from "~/artworks/limits";
import { OptionsField } from "~/artworks/OptionsField";
import { OPTION_FIELDS, optionRow } from "~/artworks/option-rows";
import { rowsFromLists } from "~/forms/row-changes";
import { ShareFields, type CharityChoice } from "~/charities/ShareFields";
import { shareText } from "~/charities/share";

const AVAILABILITY_OPTIONS: { value: ArtworkInput["available"]; label: string }[] = [
  { value: "yes", label: "Available for Purchase" },
  { value: "no", label: "Sold" },
];

/**
 * Create and edit artwork form (spec §2, §5). With JavaScript the chosen images are sent with
 * browser-made display and thumbnail copies; without it the form posts the originals as they are.
 * `askPasskey` adds the spec's Passkey field for a visitor who arrives signed out.
 */
export function ArtworkForm({
  artwork,
  existingImages = [],
  linkedEvents,
  submission,
  version,
  askPasskey,
  submitLabel,
  busyLabel,
  imagesRequired = false,
  charities,
  newShare,
  children,
}: {
  artwork?: ArtworkInput;
  /** The charities a sale may support. */
  charities: CharityChoice[];
  /** A new artwork's charity and share: the default charity's, with its usual share. */
  newShare?: Pick<ArtworkInput, "charity" | "share">;
  existingImages?: { stored: string; src: string }[];
  /** The artwork's events (edit only), each removable. */
  linkedEvents?: { value: string; name: string }[];
  /** A create form's submission id (app/forms/submission.server.ts): sent twice, it stores once. */
  submission?: string;
  /** An edit form's version (the artwork's updated_at as loaded): sent twice, the second is refused. */
  version?: string;
  askPasskey: boolean;
  submitLabel: string;
  busyLabel: string;
  imagesRequired?: boolean;
  /** More submit buttons inside the same form (Delete Post), sharing its Passkey field. */
  children?: ReactNode;
}) {
  const result = useActionData<FormResult>();
  const navigation = useNavigation();
  const [removed, setRemoved] = useState(0);
  const { onSubmit, preparing, pickerKey, formRef } = useImageForm(result, () => setRemoved(0));
  // Each answer counted, so the option rows are drawn from the newest one.
  const answers = useAnswerCount(result);
  const busy = preparing || (navigation.state === "submitting" && navigation.formData?.get("intent") === "save");
  const failure = result && !result.ok ? result : undefined;
  const values = failure?.values ?? {};
  const errors = failure?.errors ?? {};

  const value = (name: keyof ArtworkInput, fallback: string) => values[name] ?? fallback;
  return (
    <Form method="post" encType="multipart/form-data" className="form" ref={formRef} onSubmit={onSubmit}>
      {/* The form's first button, the one Enter presses: a save, never an option's Move or Remove. */}
      <button type="submit" name="intent" value="save" hidden disabled={busy} />
      {submission ? <input type="hidden" name={SUBMISSION_FIELD} value={submission} /> : null}
      {version !== undefined ? <input type="hidden" name={VERSION_FIELD} value={version} /> : null}
      {askPasskey ? <PasskeyField error={errors.passkey} /> : null}
      <FormField
        label="Title"
        name="title"
        maxLength={ARTWORK_TEXT_FIELDS.title.max}
        defaultValue={value("title", artwork?.title ?? "")}
        error={errors.title}
      />
      <FormField
        label="Description"
        name="description"
        multiline
        rows={6}
        maxLength={ARTWORK_TEXT_FIELDS.description.max}
        defaultValue={value("description", artwork?.description ?? "")}
        error={errors.description}
      />
      <FormField
        label="Medium"
        name="medium"
        maxLength={ARTWORK_TEXT_FIELDS.medium.max}
        defaultValue={value("medium", artwork?.medium ?? "")}
        error={errors.medium}
      />
      <CategoryPicker
        initial={failure?.lists?.categories ?? artwork?.categories ?? [DEFAULT_CATEGORY]}
        error={errors.categories}
      />
      <FormField
        label="Size"
        name="size"
        maxLength={ARTWORK_TEXT_FIELDS.size.max}
        defaultValue={value("size", artwork?.size ?? "")}
        error={errors.size}
      />
      <FormField
        label="Year"
        name="year"
        required={false}
        maxLength={ARTWORK_TEXT_FIELDS.year.max}
        autoComplete="off"
        defaultValue={value("year", artwork?.year ?? "")}
        error={errors.year}
        note="When it was made, for example 2024 or c. 2019. Leave blank to leave it out."
      />
      <FormField
        label="Price"
        name="price"
        required={false}
        maxLength={ARTWORK_TEXT_FIELDS.price.max}
        autoComplete="off"
        defaultValue={value("price", artwork?.price ?? "")}
        error={errors.price}
        note="For example 150, 200-300 or Contact for pricing. Leave blank to show 'Contact for pricing'. A print with sizes and editions below shows their prices instead."
      />
      {/* Only a hand-made request can send another value; it still learns why it was refused. */}
      <FormField
        label="Availability Status"
        name="available"
        required={false}
        options={AVAILABILITY_OPTIONS}
        defaultValue={value("available", artwork?.available ?? "yes")}
        error={errors.available}
      />
      <OptionsField
        // Drawn anew from each answer (a refusal's rows, a saved artwork's options with their ids).
        key={`${answers}:${artwork?.options.map((option) => option.id).join() ?? ""}`}
        initial={rowsFromLists(OPTION_FIELDS, failure?.lists) ?? artwork?.options.map(optionRow) ?? []}
        errors={errors}
      />
      <ShareFields
        charities={charities}
        charity={value("charity", (artwork ?? newShare)?.charity ?? "")}
        share={value("share", sharedText((artwork ?? newShare)?.share ?? null))}
        errors={errors}
      />
      <CheckboxField
        label="Draft"
        name="draft"
        defaultChecked={failure ? values.draft === "on" : (artwork?.draft ?? false)}
        note="A draft is yours alone: no page, list or search engine shows it until you untick this and save. You can preview it from the dashboard."
        error={errors.draft}
      />
      <CheckboxField
        label="Featured"
        name="featured"
        defaultChecked={failure ? values.featured === "on" : (artwork?.featured ?? false)}
        note="Featured works come first in the home page's artwork section."
        error={errors.featured}
      />

      <CurrentImages
        legend="Current images"
        images={existingImages}
        altOf={(index) => `${artwork?.title ?? "Artwork"}, ${index + 1} of ${existingImages.length}`}
        removeLabelOf={(index) => `Remove image ${index + 1}`}
        onToggle={(on) => setRemoved((count) => count + (on ? 1 : -1))}
      />

      <ImagePicker
        key={pickerKey}
        label={existingImages.length > 0 ? "Add images" : "Images"}
        required={imagesRequired}
        existingCount={existingImages.length - removed}
        error={errors.images}
      />

      {linkedEvents ? (
        <fieldset className="field">
          <FieldLabel legend required={false}>
            Events
          </FieldLabel>
          {linkedEvents.length > 0 ? (
            <ul className="linked-events">
              {linkedEvents.map((event) => (
                <li key={event.value} className="linked-events__item">
                  <span>{event.name}</span>
                  <RemoveToggle name="removeEvent" value={event.value} label={`Remove event ${event.name}`} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="field__note">This artwork is not linked to any events.</p>
          )}
        </fieldset>
      ) : null}

      <FormMessages error={failure?.formError} success={result?.ok ? result.notice : undefined} />
      <div className="button-row">
        {/* First submit button: the one Enter presses. */}
        <button type="submit" name="intent" value="save" className="button button--primary" disabled={busy}>
          {busy ? busyLabel : submitLabel}
        </button>
        {children}
      </div>
      <UploadProgress />
    </Form>
  );
}

const sharedText = (share: ArtworkInput["share"]) => (share ? shareText(share) : "");
