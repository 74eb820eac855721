import { Form, Link, useActionData, useLocation, useNavigation } from "@remix-run/react";
import { ArrowLeft, ArrowRight, CheckCircle2, CloudDownload, SkipForward, Upload } from "lucide-react";
import { AdminPage } from "~/admin/AdminPage";
import { FormMessages } from "~/forms/FormMessages";
import type { FormResult } from "~/forms/result";
import { ImagePicker } from "~/images/ImagePicker";
import { ImageWithFallback } from "~/images/ImageWithFallback";
import { SignInForm, type SignedOut } from "~/admin/SignInForm";
import { UploadProgress } from "~/images/UploadProgress";
import { useImageForm } from "~/images/use-image-form";

/**
 * One artwork at a time of those still showing images from the old site's hosts: its legacy images by
 * address, and those already in our storage, which stay. Declared here, since a page may not import its
 * route; the route checks its loader's data against it.
 */
export type MigrationToolData =
  | SignedOut
  | {
      signedIn: true;
      error: string | null;
      total: number;
      step: number;
      migratedSoFar: number;
      migrated: string | null;
      /** A step sent again (its answer lost) or done in another tab: nothing more was stored. */
      already: string | null;
      artwork: { id: string; title: string; legacy: string[]; kept: string[] } | null;
    };

export function MigrationToolPage({ data }: { data: MigrationToolData }) {
  const result = useActionData<FormResult>();
  const navigation = useNavigation();
  const { pathname, search } = useLocation();
  const failure = result && !result.ok ? result : undefined;
  const copyFailure = failure?.values.intent === "copy" ? failure : undefined;
  const uploadFailure = failure && !copyFailure ? failure : undefined;
  // The upload form is sent as the artwork form is: copies made in the browser, progress, Cancel, focus.
  const { onSubmit, preparing, formRef } = useImageForm(uploadFailure);
  if (!data.signedIn) return <SignInForm next={`${pathname}${search}`} sharedPasskeyOff={data.sharedPasskeyOff} />;
  const busy = preparing ? "save" : navigation.state === "submitting" ? navigation.formData?.get("intent") : null;

  return (
    <AdminPage title="Migration Tool" className="admin-form migration">
      <div role="status">
        {data.signedIn && data.migrated ? <p className="form-success">Images moved into our storage.</p> : null}
        {data.signedIn && data.already ? (
          <p className="form-success">
            That artwork&rsquo;s images were already in our storage; nothing more was stored.
          </p>
        ) : null}
      </div>
      {data.error ? (
        <div className="card-panel" role="alert">
          <p className="form-error">{data.error}</p>
          <a href="/migration-tool" className="button button--primary">
            Try again
          </a>
        </div>
      ) : !data.artwork ? (
        <div className="card-panel migration__done">
          <CheckCircle2 size={40} aria-hidden="true" className="migration__done-icon" />
          {data.total === 0 ? (
            <>
              <h2>All images are in our storage</h2>
              <p>No artwork shows an image from the old site&rsquo;s hosts any more.</p>
            </>
          ) : (
            <>
              <h2>End of the list</h2>
              <p>{`${data.total} ${data.total === 1 ? "artwork still has" : "artworks still have"} legacy images (skipped).`}</p>
              <Link to="/migration-tool?step=0" className="button button--ghost">
                Start again from the first
              </Link>
            </>
          )}
          <Link to="/dashboard" className="button button--primary">
            Back to the dashboard
          </Link>
        </div>
      ) : (
        <div className="card-panel migration__step">
          <p className="migration__progress">
            <span>{`Artwork ${data.step + 1} of ${data.total} still on a legacy host`}</span>
            <span className="field__note">{`${data.migratedSoFar} migrated so far`}</span>
            <progress
              max={data.migratedSoFar + data.total}
              value={data.migratedSoFar}
              aria-label={`${data.migratedSoFar} of ${data.migratedSoFar + data.total} artworks migrated`}
            />
          </p>
          <h2>{data.artwork.title}</h2>
          <p className="field__note">
            {data.artwork.legacy.length} legacy {data.artwork.legacy.length === 1 ? "image" : "images"}
            {data.artwork.kept.length ? `; ${data.artwork.kept.length} already in our storage stay` : ""}.
          </p>
          <ul className="image-grid">
            {data.artwork.legacy.map((url, index) => (
              <li key={url} className="image-grid__item">
                <ImageWithFallback
                  src={url}
                  alt={`Legacy image ${index + 1} of ${data.artwork!.title}`}
                  width={160}
                  height={120}
                  className="image-grid__image"
                />
                <span className="image-grid__caption">{url}</span>
              </li>
            ))}
          </ul>

          <Form method="post" className="migration__copy">
            <input type="hidden" name="artworkId" value={data.artwork.id} />
            <input type="hidden" name="step" value={data.step} />
            <button type="submit" name="intent" value="copy" className="button button--primary" disabled={!!busy}>
              <CloudDownload size={18} aria-hidden="true" /> {busy === "copy" ? "Copying..." : "Copy automatically"}
            </button>
            <span className="field__note">The site fetches each image from the old host and stores it.</span>
            <div className="migration__copy-error">
              <FormMessages error={copyFailure?.formError} focusError />
            </div>
          </Form>

          <Form
            method="post"
            encType="multipart/form-data"
            className="form migration__upload"
            ref={formRef}
            onSubmit={onSubmit}
          >
            <input type="hidden" name="artworkId" value={data.artwork.id} />
            <input type="hidden" name="step" value={data.step} />
            <ImagePicker key={data.artwork.id} label="Or upload replacement images" required={false} />
            <FormMessages error={uploadFailure?.formError} />
            <div className="button-row">
              <Link
                to={`/migration-tool?step=${Math.max(0, data.step - 1)}`}
                className={`button button--ghost${data.step === 0 ? " is-disabled" : ""}`}
                aria-disabled={data.step === 0 || undefined}
              >
                <ArrowLeft size={16} aria-hidden="true" /> Previous
              </Link>
              <Link to={`/migration-tool?step=${data.step + 1}`} className="button button--ghost">
                <SkipForward size={16} aria-hidden="true" /> Skip
              </Link>
              <button type="submit" name="intent" value="save" className="button button--primary" disabled={!!busy}>
                <Upload size={16} aria-hidden="true" /> {busy === "save" ? "Uploading..." : "Upload and Continue"}
                <ArrowRight size={16} aria-hidden="true" />
              </button>
            </div>
            <UploadProgress />
          </Form>
        </div>
      )}
    </AdminPage>
  );
}
