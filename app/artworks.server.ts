// Saving artworks keeps D1 and R2 consistent: images are written first and deleted again when the
// row cannot be saved; images a post no longer shows are deleted only after the row no longer
// points at them, so a visitor never meets a post whose image is gone.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { authorizeAdminForm, sessionHeaders, type AdminFormAuthorization } from "~/auth.server";
import type { Database } from "~/db/client.server";
import { deleteImageObjects, storageKeyOf } from "~/images.server";
import type { ImageVariants } from "~/lib/images";
import { IMAGES_PER_POST_MAX } from "~/lib/limits";
import type { PostInput } from "~/lib/schemas";
import { createPost, deletePost, referencedImages, updatePost, type Post, type PostWrite } from "~/models/posts.server";
import { postImages, receivePostForm, uploadErrorData, type ReceivedForm } from "~/uploads.server";

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
    const received = await receivePostForm(request, context.cloudflare.env.IMAGES, async (fields) => {
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
export async function createArtwork(database: Database, input: PostInput, received: ReceivedForm): Promise<string> {
  try {
    return await createPost(database, input, postImages(received.images));
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
  if (count > IMAGES_PER_POST_MAX) return `A post can hold at most ${IMAGES_PER_POST_MAX} images.`;
  return undefined;
}

/** How many images a post shows after an edit: those not ticked for removal plus the new uploads. */
export function imageCountAfterEdit(post: Pick<Post, "imageUrls">, removeImages: string[], added: number): number {
  return post.imageUrls.filter((stored) => !removeImages.includes(stored)).length + added;
}

/**
 * Saves an edit of `post` as it was read: fields, images removed and added, events taken off. New
 * uploads are deleted again unless the edit is saved ("missing": the post is gone; "changed": another
 * save got there first); removed images leave R2 once the update is saved.
 */
export async function updateArtwork(
  database: Database,
  bucket: R2Bucket,
  post: Post,
  input: PostInput,
  changes: ArtworkChanges,
  received: ReceivedForm,
): Promise<PostWrite> {
  const kept = post.imageUrls.filter((stored) => !changes.removeImages.includes(stored));
  const removed = post.imageUrls.filter((stored) => changes.removeImages.includes(stored));

  let outcome: PostWrite;
  try {
    outcome = await updatePost(database, post, input, {
      ...postImages(received.images, kept, post.imageVariants),
      events: post.events.filter((event) => !changes.removeEvents.includes(event)),
    });
  } catch (error) {
    await received.discard();
    throw error;
  }
  if (outcome !== "saved") {
    await received.discard();
    return outcome;
  }
  await deleteUnusedImages(database, bucket, removed, post.imageVariants);
  return outcome;
}

/** Deletes a post, then its images from R2. False when there was no such post. */
export async function deleteArtwork(database: Database, bucket: R2Bucket, id: string): Promise<boolean> {
  const deleted = await deletePost(database, id);
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
