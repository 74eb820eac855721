import type { Database } from "~/platform/db.server";
import { imageOrigin, type ImageOrigin } from "~/images/origin";
import { imageSrc } from "~/images/references";
import { artworksWithLegacyImages } from "~/legacy/migration.server";
import { listArtworks } from "~/artworks/queries.server";

export const ARTWORKS_CHECKED = 10;
export const SAMPLES = 6;

/** Spec §2 /storage-test: the first 10 artworks' images counted by origin, 6 samples and one row per image. */
export async function getStorageReport(database: Database, legacyHosts: readonly string[] = []) {
  const [artworks, stillLegacy] = await Promise.all([
    listArtworks(database, { limit: ARTWORKS_CHECKED }),
    artworksWithLegacyImages(database, legacyHosts),
  ]);
  const images = artworks.flatMap((artwork) =>
    artwork.imageUrls.map((stored) => ({
      artworkId: artwork.id,
      artworkTitle: artwork.title,
      stored,
      src: imageSrc(stored),
      origin: imageOrigin(stored, legacyHosts),
    })),
  );
  const counts: Record<ImageOrigin, number> = { storage: 0, legacy: 0, other: 0 };
  for (const image of images) counts[image.origin]++;
  return {
    artworksChecked: artworks.length,
    total: images.length,
    counts,
    samples: images.slice(0, SAMPLES),
    images,
    // Across the whole collection, not only the ten checked: what the migration tool has left to do.
    legacyArtworksInAll: stillLegacy.length,
  };
}
