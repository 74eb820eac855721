// Saving an artwork from its create or edit form: the images go to R2 as they arrive, the row to D1
// once they are all stored (app/images/writes.server.ts rolls the images back when it is not saved),
// and images the artwork no longer shows leave R2 only after the row no longer points at them, so a
// visitor never meets an artwork whose image is gone.
import {
  ARTWORK_FORM_ROWS,
  CREATE_ARTWORK_REQUIRED,
  EDIT_ARTWORK_REQUIRED,
  artworkSchema,
  type ArtworkInput,
} from "~/artworks/form";
import { rowChangeOf } from "~/forms/row-changes";
import {
  deleteArtworkRow,
  getArtwork,
  insertArtwork,
  moveArtwork,
  referencedImages,
  updateArtworkAsRead,
  updateArtworkRow,
  type Artwork,
  type ArtworkWrite,
  type ShopMove,
} from "~/artworks/queries.server";
import { IMAGES_PER_ARTWORK_MAX, TOO_MANY_IMAGES } from "~/images/limits";
import { parseForm } from "~/forms/parse.server";
import { submissionIdOf } from "~/forms/submission.server";
import { VERSION_FIELD } from "~/forms/submission";
import { formFailure, formRedrawn } from "~/forms/result.server";
import type { CopiesByImage } from "~/images/references";
import { deleteImageObjects, storageKeyOf } from "~/images/storage.server";
import type { UploadedImage } from "~/images/references";
import { receiveImageForm, type FormUpload, type Refusal } from "~/images/image-form.server";
import type { ImageBindings } from "~/images/writes.server";
import { db, type Database } from "~/platform/db.server";
import type { PublicCache } from "~/public-cache/purge.server";
import { ARTWORKS_TAG, artworkChangeTags } from "~/public-cache/tags";

export const EDITED_ELSEWHERE =
  "This artwork was changed elsewhere while you were saving, so your changes were not saved. Please check it and save again.";

type Env = ImageBindings & { DB: D1Database };

/**
 * Creates an artwork from the create form of an authorised sender (`headers` go on every answer).
 * Its id, or the form's refusal: a broken rule, a missing field or image, or storage that failed.
 */
export async function createArtworkFromForm(
  request: Request,
  env: Env,
  publicCache: PublicCache,
  headers?: HeadersInit,
): Promise<{ id: string } | Refusal> {
  const received = await receiveImageForm(request, env, "There was an error uploading images.", headers);
  if ("refusal" in received) return received;
  const { fields, upload } = received;
  const change = optionChangeOf(fields, headers);
  if (change) {
    await upload.writes.discard();
    return { refusal: change };
  }
  const parsed = parseArtworkForm(fields, CREATE_ARTWORK_REQUIRED);
  const imageProblem = imageCountProblem(upload.images.length);
  if (!parsed.ok || imageProblem) {
    await upload.writes.discard();
    return { refusal: formFailure(400, { kept: parsed, errors: { images: imageProblem }, headers }) };
  }
  try {
    const database = db(env);
    const id = submissionIdOf(fields);
    // Sent again after its answer was lost: the first sending stored it; this one's images go again.
    const created = await upload.writes.commit(
      () => insertArtwork(database, id, parsed.data, artworkImages(upload.images)),
      (inserted) => inserted,
    );
    if (created) await publicCache.purge(artworkChangeTags(id));
    return { id };
  } catch (error) {
    console.error("Creating an artwork failed:", error);
    return {
      refusal: formFailure(503, { kept: parsed, formError: "There was an error creating your post.", headers }),
    };
  }
}

/**
 * Applies the edit form of an authorised sender to artwork `id`: a save (fields, images removed and
 * added, events taken off) or, with intent=delete, a deletion. "missing" when there is no such artwork.
 */
export async function editArtworkFromForm(
  request: Request,
  env: Env,
  publicCache: PublicCache,
  id: string,
  headers?: HeadersInit,
): Promise<{ outcome: "saved" | "deleted" | "missing" } | Refusal> {
  const received = await receiveImageForm(request, env, "There was an error uploading new images.", headers);
  if ("refusal" in received) return received;
  const { fields, upload } = received;
  const database = db(env);

  if (fields.get("intent") === "delete") {
    await upload.writes.discard();
    try {
      return { outcome: (await deleteArtwork(database, env.IMAGES, publicCache, id)) ? "deleted" : "missing" };
    } catch (error) {
      console.error("Deleting an artwork failed:", error);
      return { refusal: formFailure(503, { formError: "There was an error deleting the post.", headers }) };
    }
  }

  const change = optionChangeOf(fields, headers);
  if (change) {
    await upload.writes.discard();
    return { refusal: change };
  }
  const parsed = parseArtworkForm(fields, EDIT_ARTWORK_REQUIRED);
  let artwork: Artwork | undefined;
  try {
    artwork = await getArtwork(database, id);
  } catch (error) {
    console.error("Reading an artwork for an edit failed:", error);
    await upload.writes.discard();
    return {
      refusal: formFailure(503, { kept: parsed, formError: "There was an error updating your post.", headers }),
    };
  }
  const changes = { removeImages: texts(fields, "removeImage"), removeEvents: texts(fields, "removeEvent") };
  if (!artwork) {
    await upload.writes.discard();
    return { outcome: "missing" };
  }
  const imageProblem = imageCountProblem(imageCountAfterEdit(artwork, changes.removeImages, upload.images.length));
  if (!parsed.ok || imageProblem) {
    await upload.writes.discard();
    return { refusal: formFailure(400, { kept: parsed, errors: { images: imageProblem }, headers }) };
  }
  let outcome: ArtworkWrite;
  try {
    outcome = await updateArtwork(
      database,
      env.IMAGES,
      publicCache,
      asTheFormSawIt(fields, artwork),
      parsed.data,
      changes,
      upload,
    );
  } catch (error) {
    console.error("Updating an artwork failed:", error);
    return {
      refusal: formFailure(503, { kept: parsed, formError: "There was an error updating your post.", headers }),
    };
  }
  if (outcome === "changed")
    return { refusal: formFailure(409, { kept: parsed, formError: EDITED_ELSEWHERE, headers }) };
  return { outcome };
}

/**
 * The artwork as its edit form was made from it: with the version the form carries, so a save sent again
 * after its answer was lost (its images would be added twice), or from a tab opened before another change,
 * is refused as "changed". A form without one (an older page) is checked against the artwork as read now.
 */
function asTheFormSawIt(fields: FormData, artwork: Artwork): Artwork {
  const version = fields.get(VERSION_FIELD);
  if (typeof version !== "string" || version.length > 40) return artwork;
  return { ...artwork, updatedAt: version === "" ? null : version };
}

function parseArtworkForm(fields: FormData, required: string) {
  return parseForm(fields, artworkSchema(required), { lists: ["categories"], rows: ARTWORK_FORM_ROWS });
}

/**
 * Without JavaScript an option row's buttons (add, move, remove) send the form: it comes back drawn with
 * that change, nothing saved. Undefined for a form sent to be saved.
 */
function optionChangeOf(fields: FormData, headers?: HeadersInit): Response | undefined {
  const kept = rowChangeOf(fields, ARTWORK_FORM_ROWS);
  return kept ? formRedrawn(kept, headers) : undefined;
}

const texts = (form: FormData, name: string) =>
  form.getAll(name).filter((value): value is string => typeof value === "string");

/**
 * An artwork's images after a change: the stored images it `kept` (with the copies `keptCopies`
 * records for them), then the new uploads with theirs. Images without copies are absent from the map.
 */
export function artworkImages(
  added: UploadedImage[],
  kept: string[] = [],
  keptCopies: CopiesByImage = {},
): { imageUrls: string[]; imageCopies: CopiesByImage } {
  const imageCopies: CopiesByImage = {};
  for (const stored of kept) if (keptCopies[stored]) imageCopies[stored] = keptCopies[stored];
  for (const { key, copies } of added) if (Object.keys(copies).length > 0) imageCopies[key] = copies;
  return { imageUrls: [...kept, ...added.map((image) => image.key)], imageCopies };
}

export type ArtworkChanges = { removeImages: string[]; removeEvents: string[] };

/** Spec §5 asks for at least one image; the cap keeps an artwork's page and storage bounded. */
export function imageCountProblem(count: number): string | undefined {
  if (count === 0) return "Please upload at least one image.";
  if (count > IMAGES_PER_ARTWORK_MAX) return TOO_MANY_IMAGES;
  return undefined;
}

/** How many images an artwork shows after an edit: those not ticked for removal plus the new uploads. */
function imageCountAfterEdit(artwork: Pick<Artwork, "imageUrls">, removeImages: string[], added: number): number {
  return artwork.imageUrls.filter((stored) => !removeImages.includes(stored)).length + added;
}

/**
 * Saves an edit of `artwork` as it was read. The new uploads are deleted again unless the edit is
 * saved ("missing": the artwork is gone; "changed": another save got there first); removed images
 * leave R2 once the update is saved, and then the pages showing the artwork are purged.
 */
export async function updateArtwork(
  database: Database,
  bucket: R2Bucket,
  publicCache: PublicCache,
  artwork: Artwork,
  input: ArtworkInput,
  changes: ArtworkChanges,
  upload: FormUpload,
): Promise<ArtworkWrite> {
  const kept = artwork.imageUrls.filter((stored) => !changes.removeImages.includes(stored));
  const removed = artwork.imageUrls.filter((stored) => changes.removeImages.includes(stored));
  const outcome = await upload.writes.commit(
    () =>
      updateArtworkRow(database, artwork, input, {
        ...artworkImages(upload.images, kept, artwork.imageCopies),
        events: artwork.events.filter((event) => !changes.removeEvents.includes(event)),
      }),
    (result) => result === "saved",
  );
  if (outcome === "saved") {
    const deleted = await deleteUnusedImages(database, bucket, removed, artwork.imageCopies);
    await publicCache.purge(artworkChangeTags(artwork.id, deleted));
  }
  return outcome;
}

/**
 * Moves an artwork in the shop order (a place up or down, or to a place), then purges the pages that
 * list artworks (its own page does not change). "unchanged" when it is already there, "missing" when
 * there is no such artwork.
 */
export async function moveInShopOrder(
  database: Database,
  publicCache: PublicCache,
  id: string,
  move: ShopMove,
): Promise<"moved" | "unchanged" | "missing"> {
  const outcome = await moveArtwork(database, id, move);
  if (outcome === "moved") await publicCache.purge([ARTWORKS_TAG]);
  return outcome;
}

/**
 * Marks an artwork sold ("no") or available ("yes"), the dashboard's one tap: a write like any other,
 * so an edit form opened before it is told the artwork changed, and its pages are purged.
 */
export async function setAvailability(
  database: Database,
  publicCache: PublicCache,
  id: string,
  available: Artwork["available"],
): Promise<ArtworkWrite | "has-options"> {
  const artwork = await getArtwork(database, id);
  if (!artwork) return "missing";
  // Its options say whether it is sold: each is sold one at a time (oneMoreSold).
  if (artwork.options.length > 0) return "has-options";
  if (artwork.available === available) return "saved";
  const outcome = await updateArtworkAsRead(database, artwork, { available });
  if (outcome === "saved") await publicCache.purge(artworkChangeTags(id));
  return outcome;
}

/** Deletes an artwork, then its images from R2, then purges its pages. False when there was no such artwork. */
export async function deleteArtwork(
  database: Database,
  bucket: R2Bucket,
  publicCache: PublicCache,
  id: string,
): Promise<boolean> {
  const deleted = await deleteArtworkRow(database, id);
  if (!deleted) return false;
  const images = await deleteUnusedImages(database, bucket, deleted.imageUrls, deleted.imageCopies);
  await publicCache.purge(artworkChangeTags(id, images));
  return true;
}

/**
 * Deletes the R2 objects behind `references` and their copies, except images another artwork still
 * shows, and returns their keys. Runs after the D1 change is saved, so it never fails: what it cannot
 * delete is logged.
 */
async function deleteUnusedImages(
  database: Database,
  bucket: R2Bucket,
  references: string[],
  copies: CopiesByImage,
): Promise<string[]> {
  if (references.length === 0) return [];
  let stillShown: Set<string>;
  try {
    stillShown = await referencedImages(database, references);
  } catch (error) {
    // The change is saved already: it must not be reported as failed (and tried again) for this.
    console.error("Checking which removed images another artwork shows failed; they stay in R2:", references, error);
    return [];
  }
  const keys: string[] = [];
  for (const stored of references) {
    if (stillShown.has(stored)) continue;
    const key = storageKeyOf(stored);
    if (key) keys.push(key);
    for (const copy of Object.values(copies[stored] ?? {})) keys.push(copy.key);
  }
  await deleteImageObjects(bucket, keys);
  return keys;
}
