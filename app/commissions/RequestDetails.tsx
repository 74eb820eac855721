import { useFetcher } from "@remix-run/react";
import type { ReactNode } from "react";
import { FormMessages } from "~/forms/FormMessages";
import { ConfirmButton } from "~/ui/ConfirmButton";
import { formatDateTime, formatEventDate } from "~/ui/dates";
import { Icon } from "~/ui/Icon";
import { formatFileSize } from "~/images/megabytes";
import { commissionPhotoPath } from "~/commissions/path";
import type { RequestRow } from "~/commissions/requests.server";
import { requestSummary } from "~/commissions/RequestsList";
import type { CommissionPhoto } from "~/commissions/schema";
import { clientWords } from "~/commissions/request-message";
import { QuoteForm } from "~/commissions/QuoteForm";
import { ProgressForm, type SharedPhoto } from "~/commissions/ProgressForm";
import { StageActions } from "~/commissions/StageActions";
import { formatPence } from "~/ui/money";
import type { CommissionStage } from "~/commissions/schema";

/** What the page works the pipeline with: a fresh form id, how a deposit is paid, the private link's photos. */
export type Pipeline = {
  submission: string;
  payments: "stripe" | "instructions" | "none";
  token: string | null;
  progress: SharedPhoto[];
};

/** Progress is shared once the work is paid for and under way, and stays on show once it is delivered. */
const SHARES_PROGRESS: readonly CommissionStage[] = ["deposit-paid", "in-progress", "delivered"];

/**
 * One commission request for the artist: what was asked, the client's words, the reference photos (each
 * opens at full size), and Delete, which takes the photos with it.
 */
export function RequestDetails({
  request,
  message,
  photos,
  inboxHref,
  pipeline,
  delivery,
}: {
  request: RequestRow;
  message: string;
  photos: CommissionPhoto[];
  /** Where the Inbox shows the request's message, to answer it. */
  inboxHref: string;
  pipeline: Pipeline;
  /** The Delivered form (the sales desk's, from the page above), shown while the work is in progress. */
  delivery: ReactNode;
}) {
  const fetcher = useFetcher<{ ok: boolean; formError?: string }>();
  return (
    <>
      <p className="requests__lead">{requestSummary(request)}</p>
      <dl className="requests__facts">
        <dt>From</dt>
        <dd>
          {request.name} · <a href={`mailto:${request.email}`}>{request.email}</a>
        </dd>
        <dt>Wanted by</dt>
        <dd>{request.wantedBy ? formatEventDate(request.wantedBy) : "No date given"}</dd>
        <dt>Received</dt>
        <dd>
          <time dateTime={request.createdAt}>{formatDateTime(request.createdAt)}</time>
          {request.status === "held" ? " · held: release it in the Inbox to have it e-mailed" : ""}
        </dd>
      </dl>
      <h2 className="requests__heading">Their words</h2>
      <p className="requests__message">{clientWords(message)}</p>
      <p>
        <a href={inboxHref} className="button button--secondary">
          Answer in the Inbox
        </a>
      </p>
      <h2 className="requests__heading">Reference photos</h2>
      {request.photosRefused > 0 ? (
        <p className="requests__note">
          {request.photosRefused === 1 ? "One more photo" : `${request.photosRefused} more photos`} could not be kept:
          the site&rsquo;s daily limit for photos was reached. Ask for {request.photosRefused === 1 ? "it" : "them"} by
          e-mail if you need {request.photosRefused === 1 ? "it" : "them"}.
        </p>
      ) : null}
      {photos.length === 0 ? (
        <p className="requests__note">No photos came with this request.</p>
      ) : (
        <ul className="requests__photos">
          {photos.map((photo, index) => (
            <li key={photo.id}>
              <a href={commissionPhotoPath(photo.id)} className="requests__photo-link">
                <img
                  src={commissionPhotoPath(photo.id)}
                  alt={`Reference ${index + 1} of ${photos.length}: ${photo.name}`}
                  width={320}
                  height={240}
                  loading="lazy"
                  className="requests__photo"
                />
              </a>
              <span className="requests__caption">
                {photo.name} ({formatFileSize(photo.bytes)})
              </span>
            </li>
          ))}
        </ul>
      )}
      <StageActions stage={request.stage} name={request.name} />
      {request.quotePence !== null ? (
        <p>
          Quoted {formatPence(request.quotePence)}
          {request.depositPence ? `, deposit ${formatPence(request.depositPence)}` : ", no deposit"}
          {request.expectedOn ? `, expected by ${formatEventDate(request.expectedOn)}` : ""}.
        </p>
      ) : null}
      {request.stage === "new" || request.stage === "quoted" ? (
        <QuoteForm commission={request} submission={pipeline.submission} payments={pipeline.payments} />
      ) : null}
      {SHARES_PROGRESS.includes(request.stage) ? (
        <ProgressForm token={pipeline.token} photos={pipeline.progress} submission={pipeline.submission} />
      ) : null}
      {request.stage === "in-progress" ? delivery : null}
      <fetcher.Form method="post" className="requests__delete">
        <ConfirmButton
          confirmText={`Delete the request from ${request.name} and its photos? It cannot be undone.`}
          name="intent"
          value="delete"
          className="button button--ghost"
          disabled={fetcher.state !== "idle"}
        >
          <Icon name="trash" /> {fetcher.state !== "idle" ? "Deleting..." : "Delete request and photos"}
        </ConfirmButton>
      </fetcher.Form>
      <FormMessages error={fetcher.data && !fetcher.data.ok ? fetcher.data.formError : undefined} />
    </>
  );
}
