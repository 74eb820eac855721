import { useFetcher } from "@remix-run/react";
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
import { STAGE } from "~/commissions/stages";

/**
 * One commission request for the artist: what was asked, the client's words, the reference photos (each
 * opens at full size), and Delete, which takes the photos with it.
 */
export function RequestDetails({
  request,
  message,
  photos,
  inboxHref,
}: {
  request: RequestRow;
  message: string;
  photos: CommissionPhoto[];
  /** Where the Inbox shows the request's message, to answer it. */
  inboxHref: string;
}) {
  const fetcher = useFetcher<{ ok: boolean; formError?: string }>();
  return (
    <>
      <p className="requests__lead">
        <span className={`badge ${STAGE[request.stage].badge}`}>{STAGE[request.stage].label}</span>{" "}
        {requestSummary(request)}
      </p>
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
