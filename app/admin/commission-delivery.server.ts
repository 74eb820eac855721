// A commission delivered, as one call for its route: the finished work becomes an artwork (its picture the
// latest progress photo, copied to a public key; in the shop as SOLD, priced "Commissioned", or kept as a
// draft), its sale is recorded with the client as collector (and its certificate numbered), and the
// commission is Delivered. Commissions, artworks, images and the sales desk meet here, above them. Each
// step is keyed (the artwork by the commission, the sale by the form's id), so a form sent twice records once.
import { z } from "zod";
import { checkbox, requiredText } from "~/forms/fields";
import { ARTWORK_TEXT_FIELDS } from "~/artworks/limits";
import { getArtwork, insertArtwork, publishArtwork } from "~/artworks/queries.server";
import { artworkChangeTags } from "~/public-cache/tags";
import { moveStage, progressPhotosOf } from "~/commissions/pipeline.server";
import { getRequest } from "~/commissions/requests.server";
import type { ImageCopies } from "~/images/references";
import { copyKeyFor, imageKeyFor } from "~/images/storage.server";
import type { PublicCache } from "~/public-cache/purge.server";
import type { Database } from "~/platform/db.server";
import { recordSale, type RecordOutcome } from "~/sales/record.server";
import type { Payment, Shipping } from "~/sales/ways";
import { standingSaleOf } from "~/sales/queries.server";
import { buyerOf, saleChangeSchema } from "~/sales/form";
import { parseForm } from "~/forms/parse.server";
import type { Kept } from "~/forms/result";

/** What the delivery form adds to a sale's details: the work's title and words, and whether the shop shows it. */
export const deliverySchema = z.object({
  title: requiredText(
    ARTWORK_TEXT_FIELDS.title.max,
    "Give the finished work a title.",
    `A title can be at most ${ARTWORK_TEXT_FIELDS.title.max} characters.`,
  ),
  description: requiredText(
    ARTWORK_TEXT_FIELDS.description.max,
    "Write a line about the work.",
    `This can be at most ${ARTWORK_TEXT_FIELDS.description.max} characters.`,
  ),
  shop: checkbox(),
});

export type Delivery = z.infer<typeof deliverySchema> & {
  pricePence: number;
  soldOn: string;
  payment: Payment;
  shipping: Shipping;
  note: string;
  buyer: { name: string; email: string; address: string | null } | null;
};

/**
 * The delivery form read: the finished work's fields and the sale's (the sales desk's own rules), or what
 * was typed with a message on each field to mend.
 */
export function parseDelivery(form: FormData): { ok: true; delivery: Delivery } | { ok: false; kept: Kept } {
  const details = parseForm(form, saleChangeSchema);
  const work = parseForm(form, deliverySchema);
  if (details.ok && work.ok) {
    const { price, soldOn, payment, shipping, note } = details.data;
    return {
      ok: true,
      delivery: { ...work.data, pricePence: price, soldOn, payment, shipping, note, buyer: buyerOf(details.data) },
    };
  }
  return {
    ok: false,
    kept: {
      values: { ...details.values, ...work.values },
      errors: { ...(details.ok ? {} : details.errors), ...(work.ok ? {} : work.errors) },
    },
  };
}

/** The price the shop shows for a commissioned work (it is sold: nobody can buy it again). */
export const COMMISSIONED = "Commissioned";

export type DeliveryOutcome =
  | { delivered: true; saleId: string }
  | { delivered: false; refusal: "gone" | "out-of-order" | "no-photo" | RecordRefusal };
type RecordRefusal = Extract<RecordOutcome, { recorded: false }>["refusal"];

/** The artwork a commission becomes: one per commission, so sending the form again finds it. */
export const commissionArtworkId = (id: string) => `commission-${id}`;

export async function deliverCommission(
  deps: { database: Database; publicCache: PublicCache; images: R2Bucket },
  submission: string,
  id: string,
  delivery: Delivery,
  now = Date.now(),
): Promise<DeliveryOutcome> {
  const { database } = deps;
  const [found, progress] = await Promise.all([getRequest(database, id), progressPhotosOf(database, id)]);
  if (!found) return { delivered: false, refusal: "gone" };
  const { request } = found;
  if (request.stage === "delivered") {
    // Sent again after it went through: the sale it recorded, nothing more.
    const sold = await standingSaleOf(database, commissionArtworkId(id));
    return sold ? { delivered: true, saleId: sold.id } : { delivered: false, refusal: "out-of-order" };
  }
  if (request.stage !== "in-progress") return { delivered: false, refusal: "out-of-order" };
  const finished = progress.at(-1);
  if (!finished) return { delivered: false, refusal: "no-photo" };

  const artworkId = commissionArtworkId(id);
  if (!(await getArtwork(database, artworkId))) {
    const picture = await publicCopy(deps.images, finished, `${artworkId}.jpg`, now);
    await insertArtwork(
      database,
      artworkId,
      {
        title: delivery.title,
        description: delivery.description,
        medium: request.medium,
        size: request.size,
        year: String(new Date(now).getUTCFullYear()),
        price: COMMISSIONED,
        available: "yes",
        categories: ["custom"],
        // Shown only once its sale is recorded (below), so no visitor meets it for sale.
        draft: true,
        featured: false,
        options: [],
        charity: "",
        share: null,
      },
      { imageUrls: [picture.key], imageCopies: { [picture.key]: picture.copies } },
    );
  }
  const sale = await recordSale(database, deps.publicCache, {
    id: submission,
    artworkId,
    optionId: null,
    editionNumber: null,
    pricePence: delivery.pricePence,
    soldOn: delivery.soldOn,
    payment: delivery.payment,
    shipping: delivery.shipping,
    note: delivery.note,
    buyer: delivery.buyer,
    messageId: id,
  });
  if (!sale.recorded) return { delivered: false, refusal: sale.refusal };
  if (delivery.shop && (await publishArtwork(database, artworkId))) {
    await deps.publicCache.purge(artworkChangeTags(artworkId));
  }
  // Declined on another device meanwhile: the sale stands (she can undo it on its page), and she is told.
  const moved = await moveStage(database, id, "delivered", new Date(now));
  if (moved !== "moved") return { delivered: false, refusal: "out-of-order" };
  return { delivered: true, saleId: sale.id };
}

/** The finished work's photo (and its copies) copied from the private folder to a public key of the shop's. */
async function publicCopy(
  bucket: R2Bucket,
  photo: { key: string; copies: ImageCopies },
  filename: string,
  now: number,
): Promise<{ key: string; copies: ImageCopies }> {
  const key = imageKeyFor(filename, now);
  await copyObject(bucket, photo.key, key);
  const copies: ImageCopies = {};
  for (const [kind, copy] of Object.entries(photo.copies) as [
    keyof ImageCopies,
    NonNullable<ImageCopies[keyof ImageCopies]>,
  ][]) {
    const to = copyKeyFor(key, kind);
    await copyObject(bucket, copy.key, to);
    copies[kind] = { key: to, width: copy.width };
  }
  return { key, copies };
}

async function copyObject(bucket: R2Bucket, from: string, to: string): Promise<void> {
  const object = await bucket.get(from);
  if (!object) throw new Error(`${from} is not in storage`);
  await bucket.put(to, object.body, { httpMetadata: object.httpMetadata });
}
