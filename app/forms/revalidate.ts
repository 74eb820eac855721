import type { ShouldRevalidateFunction } from "@remix-run/react";
import { NOT_SENT } from "~/forms/send-form";

/**
 * The admin's pages read their data again after every answer from the site: a 409 shows what is stored
 * now beside what was typed, a 502 the reply stored though its e-mail failed. (Single fetch passes a
 * route's own shouldRevalidate `defaultShouldRevalidate: true` after any action.) Never when no answer
 * came (NOT_SENT): that read would meet no network either, and put the error page in place of the form
 * kept to send again.
 */
export const revalidateAfterAnswer: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus !== NOT_SENT && (actionStatus === 409 || defaultShouldRevalidate);
