import { Form, useActionData, useNavigation } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import { PasskeyField } from "~/forms/PasskeyField";
import { FormField } from "~/forms/FormField";
import { CheckboxField } from "~/forms/CheckboxField";
import { FormMessages } from "~/forms/FormMessages";
import { EVENT_IMAGES_MAX, EVENT_LOCATION_MAX, EVENT_ONE_IMAGE } from "~/events/limits";
import { CurrentImages } from "~/images/CurrentImages";
import { ImagePicker } from "~/images/ImagePicker";
import { useImageForm } from "~/images/use-image-form";
import { SUBMISSION_FIELD } from "~/forms/submission";
import { UploadProgress } from "~/images/UploadProgress";
import type { FormResult } from "~/forms/result";

type EventValues = { name: string; description: string; date: string; location: string | null; draft: boolean };

/**
 * Create and edit event form, with its one optional image (sent with browser-made copies, as an artwork's).
 * `askPasskey` adds the spec's Passkey field for a visitor who arrives
 * signed out; a correct passkey there signs them in.
 */
export function EventForm({
  event,
  image,
  submission,
  askPasskey,
  submitLabel,
  busyLabel,
  notice,
  children,
}: {
  event?: EventValues;
  /** Its current image (edit only): the stored reference, and a small src to show. */
  image?: { stored: string; src: string } | null;
  /** A create form's submission id (app/forms/submission.server.ts): sent twice, it stores once. */
  submission?: string;
  askPasskey: boolean;
  submitLabel: string;
  busyLabel: string;
  notice?: string;
  /** More submit buttons inside the same form (e.g. Delete Event), sharing its Passkey field. */
  children?: ReactNode;
}) {
  const result = useActionData<FormResult>();
  const navigation = useNavigation();
  const [removing, setRemoving] = useState(false);
  const { onSubmit, preparing, pickerKey, formRef } = useImageForm(result, () => setRemoving(false));
  const busy = preparing || (navigation.state === "submitting" && navigation.formData?.get("intent") === "save");
  const failure = result && !result.ok ? result : undefined;
  const values = failure?.values ?? {};
  const errors = failure?.errors ?? {};

  const success = result?.ok ? result.notice : notice;
  return (
    <Form method="post" encType="multipart/form-data" className="form" ref={formRef} onSubmit={onSubmit}>
      {submission ? <input type="hidden" name={SUBMISSION_FIELD} value={submission} /> : null}
      {askPasskey ? <PasskeyField error={errors.passkey} /> : null}
      <FormField label="Event Name" name="name" defaultValue={values.name ?? event?.name ?? ""} error={errors.name} />
      <FormField
        label="Description"
        name="description"
        multiline
        rows={5}
        defaultValue={values.description ?? event?.description ?? ""}
        error={errors.description}
      />
      <FormField
        label="Event Date"
        name="date"
        type="date"
        defaultValue={values.date ?? event?.date ?? ""}
        error={errors.date}
      />
      <FormField
        label="Location"
        name="location"
        required={false}
        maxLength={EVENT_LOCATION_MAX}
        autoComplete="off"
        defaultValue={values.location ?? event?.location ?? ""}
        error={errors.location}
      />
      <CurrentImages
        legend="Current image"
        images={image ? [image] : []}
        altOf={() => event?.name ?? "The event"}
        removeLabelOf={() => "Remove image"}
        onToggle={setRemoving}
      />
      <ImagePicker
        key={pickerKey}
        label={image && !removing ? "Replace image" : "Image"}
        required={false}
        max={EVENT_IMAGES_MAX}
        tooManyText={EVENT_ONE_IMAGE}
        error={errors.images}
      />
      <CheckboxField
        label="Draft"
        name="draft"
        defaultChecked={failure ? values.draft === "on" : (event?.draft ?? false)}
        note="A draft is yours alone: it stays off the Events page and the home page until you untick this and save."
        error={errors.draft}
      />
      <FormMessages error={failure?.formError} success={success} />
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
