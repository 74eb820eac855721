// The stores the backup's memory is measured on (`npm run bench:backup`): 500 artworks (or as many as
// asked) with two images each, distinct R2 objects of the demo photographs' bytes (about 160 KB each),
// on top of the demo content.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { db } from "../../app/platform/db.server";
import { putImage } from "../../app/images/storage.server";
import { upsertArtworks } from "../../app/artworks/queries.server";
import { DEMO_IMAGE_DIR } from "../../seed/demo-content";
import { benchArtworks } from "./bench-collection";
import { withLocalEnv } from "./local-env";

export const BACKUP_COLLECTION = { artworks: 500, imagesPerArtwork: 2 } as const;

export async function seedBackupCollection(
  persistTo: string,
  count: number = BACKUP_COLLECTION.artworks,
): Promise<void> {
  const photographs = readdirSync(DEMO_IMAGE_DIR)
    .filter((file) => file.endsWith(".jpg"))
    .map((file) => readFileSync(join(DEMO_IMAGE_DIR, file)));
  await withLocalEnv(persistTo, async (env) => {
    const artworks = benchArtworks(count).map((artwork, i) => {
      const keys = Array.from(
        { length: BACKUP_COLLECTION.imagesPerArtwork },
        (_, n) => `posts/17000${i}_backup-${n}.jpg`,
      );
      return { ...artwork, id: `backup-${i}`, imageUrls: keys, imageCopies: {} };
    });
    let n = 0;
    for (const artwork of artworks) {
      for (const key of artwork.imageUrls)
        await putImage(env.IMAGES, key, photographs[n++ % photographs.length]!, "image/jpeg");
    }
    const database = db(env);
    for (let i = 0; i < artworks.length; i += 50) await upsertArtworks(database, artworks.slice(i, i + 50));
  });
}
