// The clientAction of the pages whose form carries images (artworks, events): a save with images goes
// by XMLHttpRequest, so its progress shows and Cancel can stop it; anything else (Delete, a save without
// new images) goes through Remix as usual. Without JavaScript none of this runs: the form posts itself.
import type { ClientActionFunctionArgs } from "@remix-run/react";
import { keptFrom, type FormFailure } from "~/forms/result";
import { UPLOAD_MAX_BYTES } from "~/images/limits";
import { formatMegabytes } from "~/images/megabytes";
import { sendWithProgress, type Sent } from "~/images/upload-progress";
import { readActionAnswer, singleFetchUrl } from "~/platform/single-fetch-answer";

/**
 * Why a save got no answer from the network: no signal at all, or a connection that broke, before the
 * site had it or after (nobody can tell which). Sending again is safe either way: a create form names its
 * submission (app/forms/submission.server.ts) and an edit is conditional on what it read.
 */
function connectionMessage(where = ""): string {
  if (!navigator.onLine) return "Not sent: no connection. Nothing was lost; send again.";
  return `The connection failed${where}. Nothing was lost; send again: what was saved already is not saved twice.`;
}

/** No answer came from the server; above 400 so Remix does not reload the page's data for nothing. */
const NOT_SENT = 499;

export async function sendImageForm({ request, serverAction }: ClientActionFunctionArgs) {
  const body = await request.clone().formData();
  const images = [...body.values()].some((value) => typeof value !== "string" && value.size > 0);
  if (body.get("intent") !== "save" || !images) {
    try {
      return await serverAction();
    } catch (error) {
      // Remix's fetch found no network: the form stays as it was, to send again.
      if (error instanceof TypeError) return stopped(body, connectionMessage());
      throw error;
    }
  }

  const sent = await sendWithProgress(singleFetchUrl(request.url), body);
  if (!sent.answered) return stopped(body, notSentMessage(sent));
  const answer = await readActionAnswer(sent.body, sent.status);
  if (answer) return answer.returns;
  return stopped(
    body,
    sent.status === 413
      ? `This upload is larger than ${formatMegabytes(UPLOAD_MAX_BYTES)} in all. Nothing was saved; please send fewer images at a time.`
      : `The site could not take the upload (error ${sent.status}). Nothing was saved; everything you typed and chose is still here, so please send again.`,
  );
}

/** The form as it was, with why it was not saved; the chosen images stay in the picker. */
function stopped(body: FormData, formError: string) {
  const failure: FormFailure = { ok: false, errors: {}, ...keptFrom(body), formError };
  return Response.json(failure, { status: NOT_SENT });
}

function notSentMessage(sent: Extract<Sent, { answered: false }>): string {
  const where = sent.image
    ? ` while sending "${sent.image.name}" (image ${sent.image.number} of ${sent.image.of})`
    : "";
  if (sent.why === "cancelled") {
    return `Upload cancelled${where}. Nothing was saved; everything you typed and chose is still here.`;
  }
  return connectionMessage(sent.why === "lost" ? where : " before the site answered");
}
