import { Form, useActionData, useNavigation } from "@remix-run/react";
import { CheckboxField } from "~/forms/CheckboxField";
import { FormField } from "~/forms/FormField";
import { FormMessages } from "~/forms/FormMessages";
import type { FormResult } from "~/forms/result";
import { SUBMISSION_FIELD } from "~/forms/submission";
import { ImagePicker } from "~/images/ImagePicker";
import { UploadProgress } from "~/images/UploadProgress";
import { useImageForm } from "~/images/use-image-form";
import { formatDateTime } from "~/ui/dates";
import { progressPath, progressPhotoPath } from "~/commissions/path";
import { formatMegabytes } from "~/images/megabytes";
import { CAPTION_MAX, PHOTO_MAX_BYTES, PROGRESS_PHOTOS_MAX, TOO_MANY_PROGRESS_PHOTOS } from "~/commissions/limits";

/** A shared photo as the artist's page lists it. */
export type SharedPhoto = { id: string; caption: string; createdAt: string };

/**
 * The work under way, shared with the client: photos from her phone and a caption, with the client told
 * by e-mail when the box is ticked; the photos shared so far, and the client's private link.
 */
export function ProgressForm({
  token,
  photos,
  submission,
}: {
  token: string | null;
  photos: SharedPhoto[];
  submission: string;
}) {
  const result = useActionData<FormResult>();
  const navigation = useNavigation();
  const { onSubmit, preparing, pickerKey, formRef } = useImageForm(result);
  const busy = preparing || (navigation.state === "submitting" && navigation.formData?.get("intent") === "save");
  // The page's answers are marked with the form that was sent: this one's say "save".
  const failure = result && !result.ok && result.values.intent === "save" ? result : undefined;
  return (
    <section aria-labelledby="progress-title">
      <h2 id="progress-title" className="requests__heading">
        Progress shared with the client
      </h2>
      {token ? (
        <p>
          <a href={progressPath(token)}>The client&rsquo;s page</a>: what they see at their private link.
        </p>
      ) : (
        <p className="requests__note">Share a first photo to make the client&rsquo;s private link.</p>
      )}
      {token && photos.length ? (
        <ul className="requests__photos" aria-label="Shared photos">
          {photos.map((photo) => (
            <li key={photo.id}>
              <img
                src={progressPhotoPath(token, photo.id)}
                alt={photo.caption || "Progress"}
                width={320}
                height={240}
                loading="lazy"
                className="requests__photo"
              />
              <span className="requests__caption">
                {photo.caption ? `${photo.caption} · ` : ""}
                {formatDateTime(photo.createdAt)}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <Form method="post" encType="multipart/form-data" className="form" ref={formRef} onSubmit={onSubmit}>
        <input type="hidden" name={SUBMISSION_FIELD} value={submission} />
        <ImagePicker
          key={pickerKey}
          label="Photos of the painting"
          required
          max={PROGRESS_PHOTOS_MAX}
          tooManyText={TOO_MANY_PROGRESS_PHOTOS}
          note={`Up to ${PROGRESS_PHOTOS_MAX} at a time, ${formatMegabytes(PHOTO_MAX_BYTES)} each. Only the client, with their link, sees them.`}
          error={failure?.errors.images}
        />
        <FormField
          label="Caption"
          name="caption"
          required={false}
          maxLength={CAPTION_MAX}
          defaultValue={failure?.values.caption ?? ""}
          error={failure?.errors.caption}
        />
        <CheckboxField
          label="E-mail the client the link"
          name="tell"
          defaultChecked={failure ? failure.values.tell === "on" : true}
          note="Sent as a reply to their request, with the private link to these photos."
        />
        <FormMessages error={failure?.formError} success={result?.ok ? result.notice : undefined} />
        <button type="submit" name="intent" value="save" className="button button--primary" disabled={busy}>
          {busy ? "Sharing..." : "Share progress"}
        </button>
        <UploadProgress />
      </Form>
    </section>
  );
}
