// Receiving a form that carries images (an artwork's, an event's): its text fields, and its images stored
// in R2 as they arrive, or the answer to an upload that kept nothing.
import { formFailure } from "~/forms/result.server";
import { keptFrom } from "~/forms/result";
import type { UploadedImage } from "~/images/references";
import { receiveImageUpload, type UploadRules } from "~/images/upload.server";
import { ImageWrites, type ImageBindings } from "~/images/writes.server";

/** The form refused: the answer to return, keeping what was typed. */
export type Refusal = { refusal: ReturnType<typeof formFailure> };

/** Images stored for a change that is not saved yet, and the writes that roll them back. */
export type FormUpload = { images: UploadedImage[]; writes: ImageWrites };

/**
 * The form's text fields and its stored images, or the refusal of an upload that kept nothing: a broken
 * rule (on the images field) or storage that failed (`storageMessage`, for the whole form).
 */
export async function receiveImageForm(
  request: Request,
  env: ImageBindings,
  storageMessage: string,
  headers?: HeadersInit,
  rules?: UploadRules,
): Promise<{ fields: FormData; upload: FormUpload } | Refusal> {
  const writes = new ImageWrites(env);
  const fields = new FormData();
  const received = await receiveImageUpload(request, writes, fields, rules);
  if ("images" in received) return { fields, upload: { images: received.images, writes } };
  const { problem } = received;
  const kept = keptFrom(fields);
  return {
    refusal:
      "storageFailed" in problem
        ? formFailure(problem.status, { kept, formError: storageMessage, headers })
        : formFailure(problem.status, { kept, errors: { images: problem.message }, headers }),
  };
}
