// Subscribing, from any of the forms: the public forms' guards (app/forms/visitor-intake.server.ts), the
// request stored first, then its confirmation e-mailed after the response when the caps allow (otherwise
// the Cron Trigger sends it later). Every visitor reads the same answer, whatever the address's state.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { formFailure, formSuccess } from "~/forms/result.server";
import { receiveVisitorForm } from "~/forms/visitor-intake.server";
import type { AppEnv } from "~/platform/env.server";
import { db, type Database } from "~/platform/db.server";
import { attemptDelivery } from "~/messages/deliver.server";
import { subscribeSchema } from "~/mailing-list/form";
import { confirmToken, manageToken } from "~/mailing-list/links.server";
import { confirmationEmail } from "~/mailing-list/mail.server";
import {
  claimConfirmation,
  claimHeldConfirmations,
  confirmationFailed,
  forgetUnconfirmed,
  requestSubscription,
} from "~/mailing-list/queries.server";
import type { Subscriber } from "~/mailing-list/schema";

export const LIST_BUSY = "Sorry, the list is taking a great many sign-ups just now. Please try again tomorrow.";
const FAILED = "Sorry, your subscription could not be saved. Please try again.";

/** Receives a subscribe form and answers it: what the action returns. */
export async function receiveSubscription(request: Request, context: AppLoadContext) {
  const received = await receiveVisitorForm(request, context, subscribeSchema, "subscribe", ["categories"]);
  if (received.outcome !== "accepted") return received.answer;
  const database = db(context.cloudflare.env);
  let requested: Awaited<ReturnType<typeof requestSubscription>>;
  try {
    requested = await requestSubscription(database, received.input, context.env.PENDING_SUBSCRIBERS_PER_DAY);
  } catch (error) {
    console.error("Storing a subscription failed:", error);
    return formFailure(503, { kept: received, formError: FAILED });
  }
  if (requested.outcome === "busy") return formFailure(429, { kept: received, formError: LIST_BUSY });
  if (requested.outcome === "pending") {
    context.cloudflare.ctx.waitUntil(confirmNow(context.env, database, requested.subscriber.id));
  }
  return formSuccess();
}

/** Sends the confirmation owed to `id` if the caps allow it now. */
async function confirmNow(env: AppEnv, database: Database, id: string): Promise<void> {
  const claimed = await claimConfirmation(database, id, { perHour: env.CONFIRMATIONS_PER_HOUR });
  if (claimed) await sendConfirmation(env, database, claimed);
}

/** E-mails a claimed confirmation (through the site's one delivery path); one that fails is owed again, for the Cron Trigger. */
async function sendConfirmation(env: AppEnv, database: Database, subscriber: Subscriber): Promise<boolean> {
  const compose = async () =>
    confirmationEmail(env, subscriber.email, {
      confirmToken: await confirmToken(env.SESSION_SECRET, subscriber.id, subscriber.requestedAt),
      manageToken: await manageToken(env.SESSION_SECRET, subscriber.id),
    });
  const status = await attemptDelivery({ env, database }, "a confirmation e-mail", null, compose, async (outcome) => {
    if (outcome.status === "failed") await confirmationFailed(database, subscriber);
  });
  return status !== "failed";
}

/**
 * The Cron Trigger's part: confirmations held past the hourly cap (or failed) go out as the cap allows, and
 * requests never confirmed are forgotten once their links have expired. Returns how many went out of those tried.
 */
export async function sendHeldConfirmations(env: AppEnv, database: Database): Promise<{ tried: number; sent: number }> {
  const claimed = await claimHeldConfirmations(database, { perHour: env.CONFIRMATIONS_PER_HOUR });
  let sent = 0;
  for (const subscriber of claimed) if (await sendConfirmation(env, database, subscriber)) sent += 1;
  await forgetUnconfirmed(database);
  return { tried: claimed.length, sent };
}
