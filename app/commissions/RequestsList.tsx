import { Link } from "@remix-run/react";
import { formatDateTime, formatEventDate } from "~/ui/dates";
import { formatPence } from "~/ui/money";
import { SUBJECT_LABELS } from "~/commissions/limits";
import { commissionPhotoPath, commissionRequestPath, progressPath, progressPhotoPath } from "~/commissions/path";
import type { RequestRow } from "~/commissions/requests.server";
import { STAGE } from "~/commissions/stages";

/** What a request asks, in one line: "A pet · Oil · 30 × 40 cm · £200 to £400". */
export function requestSummary(request: RequestRow): string {
  const budget = `${formatPence(request.budgetMinPence)} to ${formatPence(request.budgetMaxPence)}`;
  return [SUBJECT_LABELS[request.subject], request.medium, request.size, budget].join(" · ");
}

/** The commission requests, newest first: one card each, phone first, its stage and what it asks. */
export function RequestsList({ requests }: { requests: RequestRow[] }) {
  if (requests.length === 0) {
    return (
      <p className="requests__empty">
        No commission requests yet. They arrive from the form on the Commissions page, with their photos.
      </p>
    );
  }
  return (
    <ul className="requests__list">
      {requests.map((request) => (
        <li key={request.id} className="card-panel requests__item">
          {request.progressToken && request.latestProgress ? (
            <img
              src={progressPhotoPath(request.progressToken, request.latestProgress)}
              alt=""
              width={96}
              height={96}
              loading="lazy"
              className="requests__thumb"
            />
          ) : request.firstPhoto ? (
            <img
              src={commissionPhotoPath(request.firstPhoto)}
              alt=""
              width={96}
              height={96}
              loading="lazy"
              className="requests__thumb"
            />
          ) : null}
          <h2 className="requests__title">
            <Link to={commissionRequestPath(request.id)}>{request.name}</Link>
            <span className={`badge ${STAGE[request.stage].badge}`}>{STAGE[request.stage].label}</span>
            {request.status === "held" ? <span className="badge badge--past">Held</span> : null}
          </h2>
          <p>{requestSummary(request)}</p>
          <p className="requests__meta">
            {request.photos === 1 ? "1 photo" : `${request.photos} photos`}
            {request.wantedBy ? ` · wanted by ${formatEventDate(request.wantedBy)}` : ""} · received{" "}
            <time dateTime={request.createdAt}>{formatDateTime(request.createdAt)}</time>
          </p>
          {request.progressToken ? (
            <p>
              <a href={progressPath(request.progressToken)}>The client&rsquo;s page</a>
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
