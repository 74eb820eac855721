// The clientAction of the pages whose form carries images (artworks, events): a save with images goes
// by XMLHttpRequest, so its progress shows and Cancel can stop it; anything else (Delete, a save without
// new images) goes through Remix as usual. Without JavaScript none of this runs: the form posts itself.
import type { ClientActionFunctionArgs } from "@remix-run/react";
import { keptFrom, type FormFailure } from "~/forms/result";
import { UPLOAD_MAX_BYTES } from "~/images/limits";
import { formatMegabytes } from "~/images/megabytes";
import { sendWithProgress, type Sent } from "~/images/upload-progress";
import { readActionAnswer, singleFetchUrl } from "~/platform/single-fetch-answer";

/** No answer came from the server; above 400 so Remix does not reload the page's data for nothing. */
const NOT_SENT = 499;

export async function sendImageForm({ request, serverAction }: ClientActionFunctionArgs) {
  const body = await request.clone().formData();
  const images = [...body.values()].some((value) => typeof value !== "string" && value.size > 0);
  if (body.get("intent") !== "save" || !images) return serverAction();

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
  switch (sent.why) {
    case "cancelled":
      return `Upload cancelled${where}. Nothing was saved; everything you typed and chose is still here.`;
    case "lost":
      return `Not sent: the connection failed${where}. Nothing was lost; send again.`;
    case "unanswered":
      return "Every image was sent, but the connection failed before the site answered, so it may have been saved. Check the dashboard before sending again.";
  }
}
