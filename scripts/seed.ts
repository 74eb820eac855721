// `npm run seed` fills local D1 and R2 with the demo collection (seed/demo-content.ts).
// Idempotent: fixed ids are upserted and image keys overwritten, so re-running never duplicates.
//   --if-empty        do nothing when the database already has posts
//   --persist-to DIR  the same directory given to `wrangler dev --persist-to`
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { db } from "../app/platform/db.server";
import { putImage } from "../app/images/storage.server";
import type { ImageCopy, CopyKind } from "../app/images/references";
import { todayIn } from "../app/ui/dates";
import { upsertEvents } from "../app/events/queries.server";
import { countArtworks, upsertArtworks } from "../app/artworks/queries.server";
import { upsertTestimonials } from "../app/testimonials/queries.server";
import { upsertSales } from "../app/sales/queries.server";
import { upsertCharities } from "../app/charities/queries.server";
import { paymentInstructions, recordPortrait, savePaymentInstructions } from "../app/site/settings.server";
import { recordPurge } from "../app/public-cache/purge.server";
import { SITE_TAG } from "../app/public-cache/tags";
import { messages } from "../app/messages/schema";
import { commissionPhotos, commissions, progressPhotos } from "../app/commissions/schema";
import {
  DEMO_PORTRAIT,
  DEMO_ARTWORKS,
  DEMO_TESTIMONIALS,
  demoEvents,
  demoImageKey,
  demoImageCopies,
  demoCopyFile,
  demoArtworks,
  DEMO_CHARITIES,
  DEMO_COLLECTORS,
  DEMO_DONATIONS,
  DEMO_SALES,
  DEMO_COPIES_DIR,
  DEMO_IMAGE_DIR,
  DEMO_COMMISSION_REQUESTS,
  DEMO_PAYMENT_INSTRUCTIONS,
} from "../seed/demo-content";
import { withLocalEnv } from "./lib/local-env";

export async function seed(options: { ifEmpty?: boolean; persistTo?: string; today?: string } = {}): Promise<void> {
  await withLocalEnv(options.persistTo, async (env) => {
    const database = db(env);
    const existing = await countArtworks(database);
    if (options.ifEmpty && existing > 0) {
      console.log(
        `Local database already has ${existing} posts: seed skipped (run \`npm run seed\` to refresh demo content).`,
      );
      return;
    }

    const files = [
      ...DEMO_ARTWORKS.flatMap((artwork) => artwork.images.map((file) => ({ file, key: demoImageKey(file) }))),
      DEMO_PORTRAIT,
    ];
    for (const { file, key } of files) {
      await putImage(env.IMAGES, key, await readFile(join(DEMO_IMAGE_DIR, file)), "image/jpeg");
    }
    // And the copies an upload from the admin's browser would have made (scripts/generate-demo-copies.ts).
    const photographs = DEMO_ARTWORKS.flatMap((artwork) => artwork.images);
    for (const file of photographs) {
      const copies = Object.entries(demoImageCopies([file])[demoImageKey(file)] ?? {}) as [CopyKind, ImageCopy][];
      for (const [kind, copy] of copies) {
        const bytes = await readFile(join(DEMO_COPIES_DIR, demoCopyFile(file, kind)));
        await putImage(env.IMAGES, copy.key, bytes, "image/webp");
      }
    }
    await upsertArtworks(database, demoArtworks());
    const events = demoEvents(options.today ?? todayIn());
    await upsertEvents(database, events);
    await upsertTestimonials(database, DEMO_TESTIMONIALS);
    // Charities before the sales that pledge to them and the donations given to them.
    await upsertCharities(database, DEMO_CHARITIES, DEMO_DONATIONS);
    await upsertSales(database, DEMO_COLLECTORS, DEMO_SALES);
    await recordPortrait(database, env.IMAGES);
    // Demo payment instructions, unless the artist has written her own (a re-seed never replaces them).
    if (!(await paymentInstructions(database))) await savePaymentInstructions(database, DEMO_PAYMENT_INSTRUCTIONS);
    // Commission requests in the Inbox: one new, one under way with a progress photo at the client's link.
    for (const { message, commission, photo, progress } of DEMO_COMMISSION_REQUESTS) {
      const key = `private/commissions/demo/${photo.id}.jpg`;
      const bytes = await readFile(join(DEMO_IMAGE_DIR, photo.file));
      await putImage(env.IMAGES, key, bytes, "image/jpeg");
      const progressKey = progress && `private/commissions/${commission.id}/progress/${progress.id}.jpg`;
      if (progress && progressKey) {
        await putImage(env.IMAGES, progressKey, await readFile(join(DEMO_IMAGE_DIR, progress.file)), "image/jpeg");
      }
      await database.batch([
        database.insert(messages).values(message).onConflictDoNothing(),
        database.insert(commissions).values(commission).onConflictDoNothing(),
        database
          .insert(commissionPhotos)
          .values({
            id: photo.id,
            draftId: "demo",
            commissionId: commission.id,
            key,
            name: photo.name,
            type: "image/jpeg",
            bytes: bytes.byteLength,
            sender: "demo",
            createdAt: message.createdAt,
          })
          .onConflictDoNothing(),
        ...(progress && progressKey
          ? [
              database
                .insert(progressPhotos)
                .values({
                  id: progress.id,
                  commissionId: commission.id,
                  key: progressKey,
                  copies: {},
                  caption: progress.caption,
                  createdAt: progress.createdAt,
                })
                .onConflictDoNothing(),
            ]
          : []),
      ]);
    }
    // A running `npm start` shows the refreshed demo at once.
    await recordPurge(database, [SITE_TAG]);
    console.log(
      `Seeded ${DEMO_ARTWORKS.length} artworks (${files.length} images in R2, with their display, medium and thumbnail copies), ${events.length} events, ${DEMO_TESTIMONIALS.length} testimonials, ${DEMO_SALES.length} sales, ${DEMO_CHARITIES.length} charities and ${DEMO_COMMISSION_REQUESTS.length} commission requests.`,
    );
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const valueOf = (flag: string) => {
    const index = args.indexOf(flag);
    return index >= 0 ? args[index + 1] : undefined;
  };
  await seed({ ifEmpty: args.includes("--if-empty"), persistTo: valueOf("--persist-to"), today: valueOf("--today") });
}
