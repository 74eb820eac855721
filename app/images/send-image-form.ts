// The clientAction of the pages whose form carries images (artworks, events, the migration tool): a save
// with images (intent=save) goes by XMLHttpRequest, so its progress shows and Cancel can stop it; anything
// else (Delete, a save without new images, Copy automatically) goes through Remix as usual, kept when no
// network answers (app/forms/send-form.ts). Without JavaScript none of this runs: the form posts itself.
import type { ClientActionFunctionArgs } from "@remix-run/react";
import { maybeSaved, NO_ANSWER, NO_CONNECTION, notSent, sentOrKept } from "~/forms/send-form";
import { UPLOAD_MAX_BYTES } from "~/images/limits";
import { formatMegabytes } from "~/images/megabytes";
import { sendWithProgress, type Sent } from "~/images/upload-progress";
import { readActionAnswer, singleFetchUrl } from "~/platform/single-fetch-answer";

const TOO_LARGE = `This upload is larger than ${formatMegabytes(UPLOAD_MAX_BYTES)} in all. Nothing was saved; please send fewer images at a time.`;

export async function sendImageForm({ request, serverAction }: ClientActionFunctionArgs) {
  const body = await request.clone().formData();
  const images = [...body.values()].some((value) => typeof value !== "string" && value.size > 0);
  if (body.get("intent") !== "save" || !images) return sentOrKept(serverAction, body);

  // Past Cloudflare's limit on a request: refused at the door, however it is sent.
  let size = 0;
  for (const value of body.values()) size += typeof value === "string" ? value.length : value.size;
  if (size > UPLOAD_MAX_BYTES) return notSent(body, TOO_LARGE);

  const sent = await sendWithProgress(singleFetchUrl(request.url), body, request.signal);
  if (!sent.answered) return notSent(body, notSentMessage(sent));
  const answer = await readActionAnswer(sent.body, sent.status);
  if (answer) return answer.returns;
  // Not Remix's answer: the Worker's own 413, or a page from something between (a 502 after the save, maybe).
  return notSent(
    body,
    sent.status === 413 ? TOO_LARGE : maybeSaved(`The site's answer could not be read (error ${sent.status})`),
  );
}

function notSentMessage(sent: Extract<Sent, { answered: false }>): string {
  if (sent.why === "unanswered") return NO_ANSWER;
  const where = sent.image
    ? ` while sending "${sent.image.name}" (image ${sent.image.number} of ${sent.image.of})`
    : "";
  if (sent.why === "cancelled") {
    return `Upload cancelled${where}. Nothing was saved; everything you typed and chose is still here.`;
  }
  // Bytes were still going: the site never had the whole form, so nothing of it was kept.
  return navigator.onLine ? `Not sent: the connection failed${where}. Nothing was lost; send again.` : NO_CONNECTION;
}
