// Saving artworks keeps D1 and R2 consistent: images are written first and deleted again when the
// row cannot be saved; images a post no longer shows are deleted only after the row no longer
// points at them, so a visitor never meets a post whose image is gone.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { authorizeAdminForm, sessionHeaders, type AdminFormAuthorization } from "~/admin/session.server";
import type { Database } from "~/platform/db.server";
import { deleteImageObjects, storageKeyOf } from "~/images/storage.server";
import type { ImageVariants } from "~/images/references";
import { IMAGES_PER_ARTWORK_MAX } from "~/forms/limits";
import type { ArtworkInput } from "~/artworks/form";
import {
  insertArtwork,
  deleteArtworkRow,
  referencedImages,
  updateArtworkRow,
  type Artwork,
  type ArtworkWrite,
} from "~/artworks/queries.server";
import { artworkImages, receiveArtworkUpload, uploadErrorData, type ReceivedForm } from "~/images/upload.server";

type Refusal = Extract<AdminFormAuthorization, { ok: false }>["refusal"];

/**
 * Reads an artwork form, authorising it (session or Passkey field) before any image is stored. On
 * failure `response` is what the action returns: the refusal, the broken upload rule, or
 * `storageFailure` when R2 failed; nothing is left in storage.
 */
export async function receiveArtworkForm(
  request: Request,
  context: AppLoadContext,
  messages: { wrongPasskey: string; storageFailure: string },
) {
  let setCookie: string | undefined;
  let refused: Refusal | undefined;
  try {
    const received = await receiveArtworkUpload(request, context.cloudflare.env.IMAGES, async (fields) => {
      const auth = await authorizeAdminForm(request, context, fields.get("passkey"), messages.wrongPasskey);
      if (!auth.ok) throw (refused = auth.refusal);
      setCookie = auth.setCookie;
    });
    return { ok: true as const, received, headers: sessionHeaders(setCookie) };
  } catch (error) {
    if (refused && error === refused) return { ok: false as const, response: refused };
    return {
      ok: false as const,
      response: uploadErrorData(error, messages.storageFailure, sessionHeaders(setCookie)),
    };
  }
}

/** Creates the post for uploaded images; when the insert fails, the images are deleted and the error rethrown. */
export async function createArtwork(database: Database, input: ArtworkInput, received: ReceivedForm): Promise<string> {
  try {
    return await insertArtwork(database, input, artworkImages(received.images));
  } catch (error) {
    await received.discard();
    throw error;
  }
}

export const EDITED_ELSEWHERE =
  "This artwork was changed elsewhere while you were saving, so your changes were not saved. Please check it and save again.";

export type ArtworkChanges = { removeImages: string[]; removeEvents: string[] };

/** Spec §5 asks for at least one image; the cap keeps a post's page and storage bounded. */
export function imageCountProblem(count: number): string | undefined {
  if (count === 0) return "Please upload at least one image.";
  if (count > IMAGES_PER_ARTWORK_MAX) return `A post can hold at most ${IMAGES_PER_ARTWORK_MAX} images.`;
  return undefined;
}

/** How many images a post shows after an edit: those not ticked for removal plus the new uploads. */
export function imageCountAfterEdit(
  artwork: Pick<Artwork, "imageUrls">,
  removeImages: string[],
  added: number,
): number {
  return artwork.imageUrls.filter((stored) => !removeImages.includes(stored)).length + added;
}

/**
 * Saves an edit of `post` as it was read: fields, images removed and added, events taken off. New
 * uploads are deleted again unless the edit is saved ("missing": the post is gone; "changed": another
 * save got there first); removed images leave R2 once the update is saved.
 */
export async function updateArtwork(
  database: Database,
  bucket: R2Bucket,
  artwork: Artwork,
  input: ArtworkInput,
  changes: ArtworkChanges,
  received: ReceivedForm,
): Promise<ArtworkWrite> {
  const kept = artwork.imageUrls.filter((stored) => !changes.removeImages.includes(stored));
  const removed = artwork.imageUrls.filter((stored) => changes.removeImages.includes(stored));

  let outcome: ArtworkWrite;
  try {
    outcome = await updateArtworkRow(database, artwork, input, {
      ...artworkImages(received.images, kept, artwork.imageVariants),
      events: artwork.events.filter((event) => !changes.removeEvents.includes(event)),
    });
  } catch (error) {
    await received.discard();
    throw error;
  }
  if (outcome !== "saved") {
    await received.discard();
    return outcome;
  }
  await deleteUnusedImages(database, bucket, removed, artwork.imageVariants);
  return outcome;
}

/** Deletes a post, then its images from R2. False when there was no such post. */
export async function deleteArtwork(database: Database, bucket: R2Bucket, id: string): Promise<boolean> {
  const deleted = await deleteArtworkRow(database, id);
  if (!deleted) return false;
  await deleteUnusedImages(database, bucket, deleted.imageUrls, deleted.imageVariants);
  return true;
}

/** Deletes the R2 objects behind `references` and their copies, except images another post still shows. */
async function deleteUnusedImages(
  database: Database,
  bucket: R2Bucket,
  references: string[],
  variants: ImageVariants,
): Promise<void> {
  if (references.length === 0) return;
  const stillShown = await referencedImages(database, references);
  const keys: string[] = [];
  for (const stored of references) {
    if (stillShown.has(stored)) continue;
    const key = storageKeyOf(stored);
    if (key) keys.push(key);
    for (const copy of Object.values(variants[stored] ?? {})) keys.push(copy.key);
  }
  await deleteImageObjects(bucket, keys);
}
