// The clientAction of the pages whose form carries images (artworks, events): a save with images goes
// by XMLHttpRequest, so its progress shows and Cancel can stop it; anything else (Delete, a save without
// new images) goes through Remix as usual. Without JavaScript none of this runs: the form posts itself.
import type { ClientActionFunctionArgs } from "@remix-run/react";
import { keptFrom, type FormFailure } from "~/forms/result";
import { UPLOAD_MAX_BYTES } from "~/images/limits";
import { formatMegabytes } from "~/images/megabytes";
import { sendWithProgress, type Sent } from "~/images/upload-progress";
import { readActionAnswer, singleFetchUrl } from "~/platform/single-fetch-answer";

const TOO_LARGE = `This upload is larger than ${formatMegabytes(UPLOAD_MAX_BYTES)} in all. Nothing was saved; please send fewer images at a time.`;

const NO_CONNECTION = "Not sent: no connection. Nothing was lost; send again.";

/**
 * The site may have had the whole form, and saved it. Sending again is safe: a create form names its
 * submission (app/forms/submission.server.ts), and an edit carries the version it was made from, so a
 * repeat is refused rather than applied twice.
 */
const maybeSaved = (what: string) =>
  `${what}, so it may have been saved. Nothing was lost; send again: what was saved already is not saved twice.`;
const NO_ANSWER = maybeSaved("The connection failed before the site answered");

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
      if (error instanceof TypeError) return stopped(body, navigator.onLine ? NO_ANSWER : NO_CONNECTION);
      throw error;
    }
  }

  // Past Cloudflare's limit on a request: refused at the door, however it is sent.
  let size = 0;
  for (const value of body.values()) size += typeof value === "string" ? value.length : value.size;
  if (size > UPLOAD_MAX_BYTES) return stopped(body, TOO_LARGE);

  const sent = await sendWithProgress(singleFetchUrl(request.url), body, request.signal);
  if (!sent.answered) return stopped(body, notSentMessage(sent));
  const answer = await readActionAnswer(sent.body, sent.status);
  if (answer) return answer.returns;
  // Not Remix's answer: the Worker's own 413, or a page from something between (a 502 after the save, maybe).
  return stopped(
    body,
    sent.status === 413 ? TOO_LARGE : maybeSaved(`The site's answer could not be read (error ${sent.status})`),
  );
}

/** The form as it was, with why it was not saved; the chosen images stay in the picker. */
function stopped(body: FormData, formError: string) {
  const failure: FormFailure = { ok: false, errors: {}, ...keptFrom(body), formError };
  return Response.json(failure, { status: NOT_SENT });
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
