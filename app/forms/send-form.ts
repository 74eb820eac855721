// The clientAction of the admin's forms that must survive a weak signal (the Inbox, and the first step of
// the forms with images, app/images/send-image-form.ts): when Remix's fetch meets no network, the page
// keeps the form as it was, says so, and sends again with one tap, instead of the error page. Sending
// again is safe: each form names its submission or the version it was made from (ADRs 0048 and 0049).
import type { ClientActionFunctionArgs } from "@remix-run/react";
import { keptFrom, type FormFailure } from "~/forms/result";

export const NO_CONNECTION = "Not sent: no connection. Nothing was lost; send again.";

/** The site may have had the whole form, and saved it: what was saved already is not saved twice. */
export const maybeSaved = (what: string) =>
  `${what}, so it may have been saved. Nothing was lost; send again: what was saved already is not saved twice.`;
export const NO_ANSWER = maybeSaved("The connection failed before the site answered");

/** No answer came from the site; above 400 so Remix does not reload the page's data for nothing. */
export const NOT_SENT = 499;

export async function sendForm({ request, serverAction }: ClientActionFunctionArgs) {
  return sentOrKept(serverAction, await request.clone().formData());
}

/** Remix's own sending of `body` (already read from the request), or the form kept when no network answers. */
export async function sentOrKept(serverAction: ClientActionFunctionArgs["serverAction"], body: FormData) {
  try {
    return await serverAction();
  } catch (error) {
    // Remix's fetch found no network: the form stays as it was, to send again.
    if (error instanceof TypeError) return notSent(body, navigator.onLine ? NO_ANSWER : NO_CONNECTION);
    throw error;
  }
}

/** The form as it was, with why it was not saved (a form with a picker keeps its chosen images too). */
export function notSent(body: FormData, formError: string) {
  const failure: FormFailure = { ok: false, errors: {}, ...keptFrom(body), formError };
  return Response.json(failure, { status: NOT_SENT });
}
