// How a commission request is written as the message that carries it (e-mailed, listed in the Inbox):
// its details one per line, a blank line, then the client's own words.
import { formatPence } from "~/ui/money";
import { SUBJECT_LABELS } from "~/commissions/limits";
import type { CommissionRequest } from "~/commissions/request-form";

/** The client's own words: what follows the details (`requestLines`) and the blank line after them. */
export const clientWords = (message: string) => message.slice(message.indexOf("\n\n") + 2);

/** The request's details as lines, written above the client's own words in the message the artist receives. */
export function requestLines(request: CommissionRequest, photos: { kept: number; refused: number }): string[] {
  return [
    `Subject: ${SUBJECT_LABELS[request.subject]}`,
    `Medium: ${request.medium}`,
    `Size: ${request.size}`,
    `Budget: ${formatPence(request.budgetMin)} to ${formatPence(request.budgetMax)}`,
    `Wanted by: ${request.wantedBy ?? "No date given"}`,
    `Reference photos: ${photos.kept}${photos.kept ? " (in the Inbox, under Commissions)" : ""}`,
    ...(photos.refused
      ? [`Not kept: ${photos.refused} more photo${photos.refused === 1 ? "" : "s"}, past the site's daily limit`]
      : []),
  ];
}
