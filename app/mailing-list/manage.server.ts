// What the links in a subscriber's e-mails open: the confirm page (its button, not the link, confirms, so a
// mail scanner fetching the link confirms nothing), the preferences page (change, or leave), and the
// one-click leave a mail app posts to (RFC 8058).
import type { AppLoadContext } from "@remix-run/cloudflare";
import { readForm, parseForm } from "~/forms/parse.server";
import { formFailure, formSuccess } from "~/forms/result.server";
import { db } from "~/platform/db.server";
import { SITE } from "~/ui/site";
import { preferencesSchema } from "~/mailing-list/form";
import { manageToken, readToken } from "~/mailing-list/links.server";
import { confirmSubscription, getSubscriber, leaveList, savePreferences } from "~/mailing-list/queries.server";

/** The words beside the Confirm button, recorded with the consent. */
export const CONSENT_WORDING = `Yes, e-mail me about new work and events from ${SITE.brand}, as my preferences say. I can change them or leave at any time.`;

export const LINK_EXPIRED =
  "This link has expired or is not one we sent. Subscribe again for a new one: it takes a moment.";
export const NOT_LISTED = "This address is not on the mailing list any more. Subscribe again to hear from us.";

const tokenOf = (request: Request) => new URL(request.url).searchParams.get("token");

/** The confirm page: whether its link is one we signed and still good (nothing is read or written). */
export async function confirmLinkState(request: Request, context: AppLoadContext) {
  const link = await readToken(context.env.SESSION_SECRET, tokenOf(request), "confirm");
  return { valid: link !== null, wording: CONSENT_WORDING };
}

/** The Confirm button: the address is listed from now, with its consent; then its preferences link. */
export async function confirmFromLink(request: Request, context: AppLoadContext) {
  const secrets = context.env.SESSION_SECRET;
  const link = await readToken(secrets, tokenOf(request), "confirm");
  if (!link) return { ok: false as const, message: LINK_EXPIRED };
  const outcome = await confirmSubscription(db(context.cloudflare.env), link, CONSENT_WORDING);
  if (outcome === "stale") return { ok: false as const, message: LINK_EXPIRED };
  return { ok: true as const, manageToken: await manageToken(secrets, link.id) };
}

/** The preferences page: what the address hears about, or null when the link or the address is not good. */
export async function preferencesOf(request: Request, context: AppLoadContext) {
  const link = await readToken(context.env.SESSION_SECRET, tokenOf(request), "manage");
  const subscriber = link ? await getSubscriber(db(context.cloudflare.env), link.id) : undefined;
  if (!subscriber || subscriber.status === "left") return null;
  return {
    email: subscriber.email,
    pending: subscriber.status === "pending",
    newWork: subscriber.newWork,
    categories: subscriber.categories,
    events: subscriber.events,
  };
}

/** The one-click leave (RFC 8058): a POST with `List-Unsubscribe=One-Click` leaves; a success is all it asks. */
export async function leaveByOneClick(request: Request, context: AppLoadContext): Promise<Response> {
  const link = await readToken(context.env.SESSION_SECRET, tokenOf(request), "manage");
  const form = await readForm(request);
  const text = (body: string, status: number) =>
    new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  if (!link) return text(LINK_EXPIRED, 400);
  if (form.get("List-Unsubscribe") !== "One-Click") return text("Expected List-Unsubscribe=One-Click.", 400);
  await leaveList(db(context.cloudflare.env), link.id);
  return text(LEFT, 200);
}

const LEFT = "You have left the mailing list.";

/** The preferences page's buttons: Save preferences, or Leave the mailing list. */
export async function changePreferences(request: Request, context: AppLoadContext) {
  const link = await readToken(context.env.SESSION_SECRET, tokenOf(request), "manage");
  if (!link) return formFailure(400, { formError: LINK_EXPIRED });
  const form = await readForm(request);
  const database = db(context.cloudflare.env);
  if (form.get("intent") === "leave") {
    await leaveList(database, link.id);
    return formSuccess(LEFT);
  }
  const parsed = parseForm(form, preferencesSchema, { lists: ["categories"] });
  if (!parsed.ok) return formFailure(400, { kept: parsed });
  if (!(await savePreferences(database, link.id, parsed.data))) return formFailure(409, { formError: NOT_LISTED });
  return formSuccess("Your preferences are saved.");
}
