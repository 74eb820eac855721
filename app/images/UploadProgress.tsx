import { useEffect, useId, useRef } from "react";
import { cancelUpload, useUploadProgress, type UploadProgress as Progress } from "~/images/upload-progress";
import { formatFileSize } from "~/images/megabytes";

/**
 * The upload in flight under its form's buttons: bytes sent of all, the image being sent, and Cancel
 * while bytes are still going. Screen readers hear when it starts and when every byte is sent, not
 * every step of the bar.
 */
export function UploadProgress() {
  const progress = useUploadProgress();
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  const showing = progress !== null;
  useEffect(() => {
    // The save button may sit at the bottom of a phone's screen, with the bar just under it.
    if (showing) box.current?.scrollIntoView({ block: "nearest" });
  }, [showing]);

  const measured = progress?.phase === "sending" && progress.total > 0 ? progress : undefined;
  return (
    <>
      {/* Always present, so screen readers are listening before the upload starts. */}
      <p className="visually-hidden" role="status">
        {progress ? (progress.phase === "sending" ? "Uploading images." : "Images sent, saving.") : ""}
      </p>
      {progress ? (
        <div className="upload-progress" ref={box}>
          <label htmlFor={id} className="upload-progress__label">
            {describe(progress)}
          </label>
          <progress id={id} className="upload-progress__bar" max={measured?.total} value={measured?.loaded} />
          {progress.phase === "sending" ? (
            <button type="button" className="button button--secondary" onClick={cancelUpload}>
              Cancel upload
            </button>
          ) : null}
        </div>
      ) : null}
    </>
  );
}

function describe(progress: Progress): string {
  if (progress.phase === "saving") return "Every image is sent. Saving…";
  if (progress.total === 0) return "Starting the upload…";
  const image = progress.image
    ? `"${progress.image.name}" (image ${progress.image.number} of ${progress.image.of}): `
    : "";
  return `Sending ${image}${formatFileSize(progress.loaded)} of ${formatFileSize(progress.total)}`;
}
