// Saving an event from its create or edit form: its one optional image goes to R2 as it arrives, the row
// to D1 once the image is stored (app/images/writes.server.ts rolls it back when the row is not saved),
// and an image the event no longer shows leaves R2 only after the row no longer points at it. Then the
// pages listing events are purged.
import { eventSchema } from "~/events/form";
import { EVENT_IMAGES_MAX, EVENT_ONE_IMAGE } from "~/events/limits";
import {
  deleteEventRow,
  getEvent,
  insertEvent,
  updateEventRow,
  type Event,
  type EventImage,
} from "~/events/queries.server";
import { parseForm } from "~/forms/parse.server";
import { submissionIdOf } from "~/forms/submission.server";
import { formFailure } from "~/forms/result.server";
import { receiveImageForm, type Refusal } from "~/images/image-form.server";
import type { UploadedImage } from "~/images/references";
import { deleteImageObjects } from "~/images/storage.server";
import type { ImageBindings } from "~/images/writes.server";
import { db } from "~/platform/db.server";
import type { PublicCache } from "~/public-cache/purge.server";
import { ARTWORKS_TAG, EVENTS_TAG, imageTag } from "~/public-cache/tags";

type Env = ImageBindings & { DB: D1Database };

/** The form's text fields and its one image stored, or the refusal of an upload that kept nothing. */
const receiveEventForm = (request: Request, env: Env, headers?: HeadersInit) =>
  receiveImageForm(request, env, "There was an error uploading the image.", headers, {
    max: EVENT_IMAGES_MAX,
    tooMany: EVENT_ONE_IMAGE,
    folder: "events",
  });

export const EVENT_EDITED_ELSEWHERE =
  "This event's image was changed elsewhere while you were saving, so your changes were not saved. Please check it and save again.";

const imageOf = (uploaded: UploadedImage): EventImage => ({ image: uploaded.key, imageCopies: uploaded.copies });

/**
 * Creates an event from the create form of an authorised sender (`headers` go on every answer): its id,
 * or the form's refusal (a broken rule, or storage that failed).
 */
export async function createEventFromForm(
  request: Request,
  env: Env,
  publicCache: PublicCache,
  headers?: HeadersInit,
): Promise<{ id: string } | Refusal> {
  const received = await receiveEventForm(request, env, headers);
  if ("refusal" in received) return received;
  const { fields, upload } = received;
  const parsed = parseForm(fields, eventSchema);
  if (!parsed.ok) {
    await upload.writes.discard();
    return { refusal: formFailure(400, { kept: parsed, headers }) };
  }
  const [uploaded] = upload.images;
  try {
    const id = submissionIdOf(fields);
    // Sent again after its answer was lost: the first sending stored it; this one's image goes again.
    const created = await upload.writes.commit(
      () => insertEvent(db(env), id, { ...parsed.data, ...(uploaded ? imageOf(uploaded) : {}) }),
      (inserted) => inserted,
    );
    if (created) await publicCache.purge([EVENTS_TAG]);
    return { id };
  } catch (error) {
    console.error("Creating an event failed:", error);
    return {
      refusal: formFailure(503, { kept: parsed, formError: "There was an error creating the event.", headers }),
    };
  }
}

/**
 * Applies the edit form of an authorised sender to event `id`: a save (its fields; a new image replaces
 * the old one, and "Remove image" takes it away) or, with intent=delete, a deletion. "missing" when there
 * is no such event.
 */
export async function editEventFromForm(
  request: Request,
  env: Env,
  publicCache: PublicCache,
  id: string,
  headers?: HeadersInit,
): Promise<{ outcome: "saved" | "deleted" | "missing" } | Refusal> {
  const received = await receiveEventForm(request, env, headers);
  if ("refusal" in received) return received;
  const { fields, upload } = received;
  const database = db(env);

  if (fields.get("intent") === "delete") {
    await upload.writes.discard();
    try {
      const deleted = await deleteEventRow(database, id);
      if (!deleted) return { outcome: "missing" };
      // The artworks' lists of events changed too (the sitemap dates each artwork's last change).
      await publicCache.purge([EVENTS_TAG, ARTWORKS_TAG, ...(await deleteEventImage(env.IMAGES, deleted))]);
      return { outcome: "deleted" };
    } catch (error) {
      console.error("Deleting an event failed:", error);
      return { refusal: formFailure(503, { formError: "There was an error deleting the event.", headers }) };
    }
  }

  const parsed = parseForm(fields, eventSchema);
  if (!parsed.ok) {
    await upload.writes.discard();
    return { refusal: formFailure(400, { kept: parsed, headers }) };
  }
  const failed = () => ({
    refusal: formFailure(503, { kept: parsed, formError: "There was an error updating the event.", headers }),
  });
  let event: Event | undefined;
  try {
    event = await getEvent(database, id);
  } catch (error) {
    console.error("Reading an event for an edit failed:", error);
    await upload.writes.discard();
    return failed();
  }
  if (!event) {
    await upload.writes.discard();
    return { outcome: "missing" };
  }
  const [uploaded] = upload.images;
  const removing =
    event.image !== null && (uploaded !== undefined || fields.getAll("removeImage").includes(event.image));
  const image = uploaded ? imageOf(uploaded) : removing ? { image: null, imageCopies: null } : {};
  let outcome: Awaited<ReturnType<typeof updateEventRow>>;
  try {
    outcome = await upload.writes.commit(
      () => updateEventRow(database, event, { ...parsed.data, ...image }),
      (result) => result === "saved",
    );
  } catch (error) {
    console.error("Updating an event failed:", error);
    return failed();
  }
  if (outcome === "changed") {
    return { refusal: formFailure(409, { kept: parsed, formError: EVENT_EDITED_ELSEWHERE, headers }) };
  }
  if (outcome === "missing") return { outcome };
  await publicCache.purge([EVENTS_TAG, ...(removing ? await deleteEventImage(env.IMAGES, event) : [])]);
  return { outcome: "saved" };
}

/** Deletes an event's image and its copies from R2 (after the row no longer shows it); the tags to purge. */
async function deleteEventImage(bucket: R2Bucket, event: Pick<Event, "image" | "imageCopies">): Promise<string[]> {
  if (!event.image) return [];
  const keys = [event.image, ...Object.values(event.imageCopies ?? {}).map((copy) => copy.key)];
  await deleteImageObjects(bucket, keys);
  return keys.map(imageTag);
}
