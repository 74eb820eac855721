// The clientAction of the pages whose form carries images (artworks, events, the migration tool): a save
// with images (intent=save) goes by XMLHttpRequest to the page's upload route, which answers plain JSON
// (app/images/upload-answer.server.ts), so its progress shows and Cancel can stop it; anything else
// (Delete, a save without new images, Copy automatically) goes through Remix as usual, kept when no
// network answers (app/forms/send-form.ts). Without JavaScript none of this runs: the form posts itself.
import { redirect, type ClientActionFunctionArgs } from "@remix-run/react";
import type { FormResult } from "~/forms/result";
import { maybeSaved, NO_ANSWER, NO_CONNECTION, notSent, sentOrKept } from "~/forms/send-form";
import { UPLOAD_MAX_BYTES } from "~/images/limits";
import { formatMegabytes } from "~/images/megabytes";
import { sendWithProgress, type Sent } from "~/images/upload-progress";
import type { UploadAnswer } from "~/images/upload-answer.server";

const TOO_LARGE = `This upload is larger than ${formatMegabytes(UPLOAD_MAX_BYTES)} in all. Nothing was saved; please send fewer images at a time.`;

export async function sendImageForm({ request, serverAction }: ClientActionFunctionArgs) {
  const body = await request.clone().formData();
  const images = [...body.values()].some((value) => typeof value !== "string" && value.size > 0);
  if (body.get("intent") !== "save" || !images) return sentOrKept(serverAction, body);

  // Past Cloudflare's limit on a request: refused at the door, however it is sent.
  let size = 0;
  for (const value of body.values()) size += typeof value === "string" ? value.length : value.size;
  if (size > UPLOAD_MAX_BYTES) return notSent(body, TOO_LARGE);

  const sent = await sendWithProgress(uploadUrl(request.url), body, request.signal);
  if (!sent.answered) return notSent(body, notSentMessage(sent));
  const answer = await readAnswer(sent.body);
  if (answer && "redirect" in answer) return redirect(answer.redirect);
  // A Response, so the page gets its status with the result, as after Remix's own sending.
  if (answer) return Response.json(answer, { status: sent.status });
  // What the page edits is gone (an event deleted meanwhile): the route's not-found page.
  if (sent.status === 404) throw new Response(null, { status: 404 });
  // Not the route's answer: the Worker's own 413, or a page from something between (a 502 after the save, maybe).
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

/** The page's upload route: `/edit/1?x` → `/edit/1/upload?x`. */
function uploadUrl(pageUrl: string): string {
  const url = new URL(pageUrl, window.location.origin);
  return `${url.pathname.replace(/\/$/, "")}/upload${url.search}`;
}

/** The upload route's JSON, or undefined for any other body. */
async function readAnswer(body: Blob): Promise<UploadAnswer | undefined> {
  let answer: unknown;
  try {
    answer = JSON.parse(await body.text());
  } catch {
    return undefined;
  }
  if (!answer || typeof answer !== "object") return undefined;
  if ("redirect" in answer && typeof answer.redirect === "string") return { redirect: answer.redirect };
  if ("ok" in answer && typeof answer.ok === "boolean") return answer as FormResult;
  return undefined;
}
