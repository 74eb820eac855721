// A commission request is taken in as every visitor's message is (spam guards, stored within the site's
// hourly cap before anything is sent, the artist told after the response), with its photos read first
// (app/commissions/photos.server.ts): the trap and the challenge are checked before the first is stored,
// the per-address limit once the form is whole. Its details are kept for the pipeline. Past the photos' daily caps it
// keeps the photos that fit and is held for the artist, and the visitor is told so.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { parseForm } from "~/forms/parse.server";
import type { Kept } from "~/forms/result";
import { formFailure, formSuccess } from "~/forms/result.server";
import { challengeRefusal, isHoneypotFilled, screenSubmission } from "~/forms/spam.server";
import { answerVisitorForm, tryToStore } from "~/forms/visitor-intake.server";
import { notifyArtist } from "~/messages/deliver.server";
import {
  getMessage,
  SITE_BUSY_WITH_MESSAGES,
  storeMessageWithinCap,
  type StoredMessage,
} from "~/messages/queries.server";
import { clientNetwork } from "~/platform/client-ip";
import { db, type Database } from "~/platform/db.server";
import type { AppEnv } from "~/platform/env.server";
import { formatFileSize } from "~/images/megabytes";
import { todayIn } from "~/ui/dates";
import {
  attachPhotos,
  deletePhotos,
  DRAFT_FIELD,
  receivePhotos,
  senderOf,
  type ReceivedPhotos,
} from "~/commissions/photos.server";
import { requestSchema, type CommissionRequest } from "~/commissions/request-form";
import { PHOTOS_UNREAD } from "~/commissions/limits";
import { requestLines } from "~/commissions/request-message";
import { commissions } from "~/commissions/schema";

/** Photos the caps refused on an earlier sending of the same form (it comes back with the form). */
export const REFUSED_FIELD = "refused";

const FAILED = "Sorry, your request could not be sent. Please try again.";

/** The thanks when the daily caps kept photos out: the request itself reached the artist. */
export const photosNotKept = (refused: number) =>
  `Thank you: your request has reached the artist. So many photos came to the site today that ${refused === 1 ? "one of yours" : `${refused} of yours`} could not be kept; she will ask you for ${refused === 1 ? "it" : "them"} by e-mail if she needs ${refused === 1 ? "it" : "them"}.`;

/** Receives a commission request and answers its form: what the action returns. */
export async function receiveCommissionRequest(request: Request, context: AppLoadContext) {
  const env = context.env;
  const database = db(context.cloudflare.env);
  const bucket = context.cloudflare.env.IMAGES;
  let received: ReceivedPhotos;
  // Before any photo is stored: a bot's (the trap filled, or the challenge failed) stores none.
  const challenge: { passed?: boolean; refusal?: { status: 400; message: string } } = {};
  const beforePhotos = async (fields: FormData) => {
    if (isHoneypotFilled(fields)) return false;
    const refusal = await challengeRefusal(request, context, fields, "commission");
    if (refusal) challenge.refusal = refusal;
    else challenge.passed = true;
    return !refusal;
  };
  try {
    const sender = await senderOf(clientNetwork(request), env.SESSION_SECRET);
    received = await receivePhotos(request, database, bucket, env, sender, { beforePhotos });
  } catch (error) {
    console.error("Storing a commission request's photos failed:", error);
    return formFailure(503, { formError: FAILED });
  }
  const { fields } = received;
  // The trap's answer is the ordinary thanks, so a bot learns nothing; what it sent is not kept.
  if (isHoneypotFilled(fields)) {
    await deletePhotos(database, bucket, received.added);
    return formSuccess();
  }
  // Sent again after its answer was lost: the request (its id is the form's draft) is stored already.
  if (await isStored(database, received.draftId)) {
    await deletePhotos(database, bucket, received.added);
    return formSuccess();
  }
  const parsed = parseForm(fields, requestSchema(todayIn()));
  // Carried by the form from an earlier sending: a whole number from 0 to 100, whatever was sent.
  const refused = received.refused + Math.min(Math.max(0, Math.trunc(Number(fields.get(REFUSED_FIELD)) || 0)), 100);
  const kept = keptWithPhotos(parsed, received, refused);
  if (challenge.refusal) return formFailure(challenge.refusal.status, { kept, formError: challenge.refusal.message });
  if (!parsed.ok || received.problem) {
    return formFailure(received.problem?.status ?? 400, { kept, errors: { photos: received.problem?.message } });
  }
  const screened = await screenSubmission(request, context, fields, "commission", {
    challenged: challenge.passed,
  });
  if (screened) return formFailure(screened.status, { kept, formError: screened.message });

  const stored = await tryToStore("a commission request", storeRequest(database, env, parsed.data, received, refused));
  if (stored.outcome === "stored") notifyArtist({ env, database }, stored.stored, context.cloudflare.ctx);
  if (stored.outcome === "stored" && refused > 0) return formSuccess(photosNotKept(refused));
  // The same form sent twice at once: the other sending stored it.
  if (stored.outcome === "failed" && (await isStored(database, received.draftId))) return formSuccess();
  return answerVisitorForm(stored, kept, { failed: FAILED, busy: SITE_BUSY_WITH_MESSAGES });
}

/**
 * The message first (within the hourly cap, or held), then in one batch the request's row and its
 * photos moved from the draft to it. A request whose photos the caps refused is held for the artist.
 */
async function storeRequest(
  database: Database,
  env: AppEnv,
  input: CommissionRequest,
  { draftId, photos }: ReceivedPhotos,
  refused: number,
): Promise<StoredMessage | null> {
  // The draft's id: the form names it from its first sending, so a second finds this request (isStored).
  const id = draftId;
  const lines = requestLines(input, { kept: photos.length, refused });
  const stored = await storeMessageWithinCap(
    database,
    env,
    { id, kind: "commission", name: input.name, email: input.email, message: [...lines, "", input.message].join("\n") },
    Date.now(),
    refused > 0,
  );
  if (!stored) return null;
  // The message holds every detail already: failing here loses the pipeline's copy, not the request.
  await database
    .batch([
      database.insert(commissions).values({
        id,
        subject: input.subject,
        medium: input.medium,
        size: input.size,
        budgetMinPence: input.budgetMin,
        budgetMaxPence: input.budgetMax,
        wantedBy: input.wantedBy,
        photosRefused: refused,
      }),
      attachPhotos(
        database,
        draftId,
        photos.map((photo) => photo.id),
        id,
      ),
    ])
    .catch((error: unknown) =>
      console.error(`Storing commission ${id}'s details failed (its message is kept):`, error),
    );
  return stored;
}

/** Whether request `id` (its draft's id) is stored: its message is. */
async function isStored(database: Database, id: string): Promise<boolean> {
  return (await getMessage(database, id))?.kind === "commission";
}

/** What the form shows again after a refusal: what was typed, and the photos already kept (ticked, by id). */
function keptWithPhotos(parsed: ReturnType<typeof parseForm>, received: ReceivedPhotos, refused: number): Kept {
  return {
    values: {
      ...parsed.values,
      [DRAFT_FIELD]: received.draftId,
      [REFUSED_FIELD]: String(refused),
      ...(received.stopped ? { [PHOTOS_UNREAD]: "yes" } : {}),
    },
    lists: {
      photo: received.photos.map((photo) => photo.id),
      photoName: received.photos.map((photo) => `${photo.name} (${formatFileSize(photo.bytes)})`),
    },
    errors: parsed.ok ? {} : parsed.errors,
  };
}
