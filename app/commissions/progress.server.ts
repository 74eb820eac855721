// Sharing the work under way: photos from the artist's phone (stored with their copies under the private
// folder), the commission's private link made, and, when she asks, an e-mail to the client with the link,
// sent as a reply to their request (stored first, retried as every reply).
import { z } from "zod";
import { checkbox } from "~/forms/fields";
import { formFailure } from "~/forms/result.server";
import { parseForm } from "~/forms/parse.server";
import { receiveImageForm } from "~/images/image-form.server";
import { PRIVATE_FOLDER } from "~/images/storage.server";
import type { ImageBindings } from "~/images/writes.server";
import type { MailDeps } from "~/messages/deliver.server";
import { replyToMessage } from "~/messages/inbox.server";
import { submissionIdOf } from "~/forms/submission.server";
import { absoluteUrl } from "~/ui/seo";
import { addProgressPhotos, progressTokenOf } from "~/commissions/pipeline.server";
import { progressPath } from "~/commissions/path";
import { CAPTION_MAX, PROGRESS_PHOTOS_MAX, TOO_MANY_PROGRESS_PHOTOS } from "~/commissions/limits";

const shareSchema = z.object({
  caption: z.string().trim().max(CAPTION_MAX, `A caption can be at most ${CAPTION_MAX} characters.`),
  tell: checkbox(),
});

/** The answer a share comes to: saved (and how the client's e-mail went, if one was asked for), or refused. */
export type ShareOutcome =
  { shared: true; mailed: Awaited<ReturnType<typeof replyToMessage>> | "not-asked" } | { refusal: Response };

/**
 * Receives the progress form (photos and a caption) for commission `id`, stores the photos, and tells the
 * client when the box is ticked. Without a photo, nothing is stored or sent.
 */
export async function shareProgress(
  request: Request,
  deps: MailDeps & { images: ImageBindings },
  id: string,
): Promise<ShareOutcome> {
  const received = await receiveImageForm(
    request,
    deps.images,
    "The photos could not be stored. Please try again.",
    undefined,
    {
      max: PROGRESS_PHOTOS_MAX,
      tooMany: TOO_MANY_PROGRESS_PHOTOS,
      folder: `${PRIVATE_FOLDER}/commissions/${id}/progress`,
    },
  );
  if ("refusal" in received) return received;
  const { fields, upload } = received;
  const parsed = parseForm(fields, shareSchema);
  if (!parsed.ok || upload.images.length === 0) {
    await upload.writes.discard();
    return {
      refusal: formFailure(400, {
        kept: { ...parsed, values: { ...parsed.values, intent: "save" } },
        errors: upload.images.length ? {} : { images: "Choose a photo of the painting to share." },
      }),
    };
  }
  const token = await upload.writes.commit(async () => {
    const made = await progressTokenOf(deps.database, id);
    if (made) await addProgressPhotos(deps.database, id, upload.images, parsed.data.caption);
    return made;
  }, Boolean);
  if (!token) {
    return {
      refusal: formFailure(404, {
        kept: { values: { intent: "save" } },
        formError: "That commission no longer exists.",
      }),
    };
  }
  if (!parsed.data.tell) return { shared: true, mailed: "not-asked" };
  const link = absoluteUrl(deps.env.SITE_URL, progressPath(token));
  const words = parsed.data.caption ? `${parsed.data.caption}\n\n` : "";
  const body = `${words}See how your painting is coming along: ${link}\n\nThis link is yours alone; please keep it private.`;
  return { shared: true, mailed: await replyToMessage(deps, submissionIdOf(fields), id, body) };
}
