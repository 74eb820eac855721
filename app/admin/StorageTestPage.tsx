import { Link, useLocation } from "@remix-run/react";
import { AdminPage } from "~/admin/AdminPage";
import { ImageWithFallback } from "~/images/ImageWithFallback";
import { SignInForm, type SignedOut } from "~/admin/SignInForm";
import { ORIGIN_LABELS, type ImageOrigin } from "~/images/origin";
import { artworkPath } from "~/artworks/path";

type StoredImage = { artworkId: string; artworkTitle: string; stored: string; src: string; origin: ImageOrigin };

/**
 * The report of app/legacy/storage-report.server.ts. Declared here because admin and legacy stand on one
 * floor and neither may import the other; the route, which passes one to the other, checks that they agree.
 */
export type StorageTestData =
  | SignedOut
  | {
      signedIn: true;
      artworksChecked: number;
      total: number;
      counts: Record<ImageOrigin, number>;
      samples: StoredImage[];
      images: StoredImage[];
      legacyArtworksInAll: number;
    };

const ORIGINS: ImageOrigin[] = ["storage", "legacy", "other"];

export function StorageTestPage({ data }: { data: StorageTestData }) {
  const { pathname } = useLocation();
  if (!data.signedIn) return <SignInForm next={pathname} sharedPasskeyOff={data.sharedPasskeyOff} />;
  return (
    <AdminPage title="Storage Test" className="storage-test">
      <p className="field__note">
        The images of the {data.artworksChecked} newest artworks ({data.total} images), by where they are stored.
      </p>
      <p className="storage-test__overall" role="status">
        {data.legacyArtworksInAll === 0 ? (
          "Across the whole collection, every image is in our storage."
        ) : (
          <>
            {`Across the whole collection, ${data.legacyArtworksInAll} ${
              data.legacyArtworksInAll === 1 ? "artwork still shows" : "artworks still show"
            } images from a legacy host: `}
            <Link to="/migration-tool">open the migration tool</Link>.
          </>
        )}
      </p>

      <ul className="storage-test__counts" aria-label="Images by origin">
        {ORIGINS.map((origin) => (
          <li key={origin} className="card-panel storage-test__count">
            <span className="storage-test__label">{ORIGIN_LABELS[origin]}</span>
            <span className="storage-test__value">{data.counts[origin]}</span>
          </li>
        ))}
      </ul>

      <h2>Sample images</h2>
      {data.samples.length === 0 ? (
        <p className="empty-state">No images yet.</p>
      ) : (
        <ul className="storage-test__samples">
          {data.samples.map((image, index) => (
            <li key={`${image.stored}-${index}`} className="storage-test__sample">
              <ImageWithFallback
                src={image.src}
                alt={`${image.artworkTitle}, image from ${ORIGIN_LABELS[image.origin].toLowerCase()}`}
                width={240}
                height={180}
                loading="lazy"
                className="storage-test__image"
              />
              <span className="field__note">{ORIGIN_LABELS[image.origin]}</span>
            </li>
          ))}
        </ul>
      )}

      <h2>Every image</h2>
      <div className="table-scroll">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Post</th>
              <th scope="col">Image</th>
              <th scope="col">Origin</th>
            </tr>
          </thead>
          <tbody>
            {data.images.map((image, index) => (
              <tr key={`${image.artworkId}-${index}`}>
                <td data-label="Post">
                  <Link to={artworkPath(image.artworkId)}>{image.artworkTitle}</Link>
                </td>
                <td data-label="Image" className="storage-test__url">
                  {image.stored}
                </td>
                <td data-label="Origin">{ORIGIN_LABELS[image.origin]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </AdminPage>
  );
}
