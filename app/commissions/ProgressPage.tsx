import { formatDateTime, formatEventDate } from "~/ui/dates";
import { SUBJECT_LABELS } from "~/commissions/limits";
import { progressPhotoPath } from "~/commissions/path";
import type { ProgressView } from "~/commissions/pipeline.server";
import { STAGE } from "~/commissions/stages";

/** What the client's stage reads as: the artist's words for where their painting is. */
const CLIENT_STAGE: Record<ProgressView["commission"]["stage"], string> = {
  new: "Your request has reached the artist.",
  quoted: "The quote is with you.",
  "deposit-paid": "Deposit received: the painting is about to begin.",
  "in-progress": "The painting is under way.",
  delivered: "Delivered. Thank you!",
  declined: "This commission did not go ahead.",
};

/** The client's private page (/commissions/progress/{token}): where their painting is, and its photos so far. */
export function ProgressPage({ view, token }: { view: ProgressView; token: string }) {
  const { commission, photos } = view;
  return (
    <section className="section page progress" aria-labelledby="progress-title">
      <h1 id="progress-title" className="page__title">
        Your commission
      </h1>
      <p className="page__subtitle">
        {SUBJECT_LABELS[commission.subject]} · {commission.medium} · {commission.size}
      </p>
      <p className="progress__stage">
        <span className={`badge ${STAGE[commission.stage].badge}`}>{STAGE[commission.stage].label}</span>{" "}
        {CLIENT_STAGE[commission.stage]}
        {commission.expectedOn && commission.stage !== "delivered" && commission.stage !== "declined"
          ? ` Expected by ${formatEventDate(commission.expectedOn)}.`
          : ""}
      </p>
      {photos.length === 0 ? (
        <p>No photos yet: the artist shares them here as the painting takes shape.</p>
      ) : (
        <ol className="progress__photos" aria-label="Photos of the painting, oldest first">
          {photos.map((photo, index) => (
            <li key={photo.id} className="progress__photo">
              <img
                src={progressPhotoPath(token, photo.id)}
                alt={photo.caption || `Progress ${index + 1} of ${photos.length}`}
                width={800}
                height={600}
                loading={index === photos.length - 1 ? "eager" : "lazy"}
                className="progress__image"
              />
              <p className="progress__caption">
                {photo.caption ? `${photo.caption} · ` : ""}
                <time dateTime={photo.createdAt}>{formatDateTime(photo.createdAt)}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
