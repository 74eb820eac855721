// Recording a sale and undoing one. Each is one D1 batch that holds only while the artwork is as it was
// read, so two sales of the same work, or a sale sent twice, never count twice; the unique indexes of
// app/sales/schema.ts stand behind it. The artwork's pages are purged before the answer.
import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/platform/db.server";
import { insertWhere } from "~/platform/insert-where.server";
import { now } from "~/platform/columns";
import { newId } from "~/platform/id";
import { isConstraintError } from "~/platform/constraint";
import type { PublicCache } from "~/public-cache/purge.server";
import { artworkChangeTags, certificateTag, CHARITIES_TAG } from "~/public-cache/tags";
import { certificateNumberText } from "~/sales/certificate-number";
import {
  artworkIsAsRead,
  artworkUpdateAsRead,
  getArtwork,
  type Artwork,
  type ArtworkWrite,
} from "~/artworks/queries.server";
import { amountsOf } from "~/artworks/price";
import { setAvailability } from "~/artworks/save.server";
import { todayIn } from "~/ui/dates";
import { availabilityOf, isSoldOut, optionName, type ArtworkOption } from "~/artworks/options";
import { collectors, sales } from "~/sales/schema";
import { getSale, standingSaleOf, usedEditionNumbers } from "~/sales/queries.server";
import type { Payment, Shipping } from "~/sales/ways";
import { nextEditionNumber } from "~/sales/editions";
import { reservationsAfterSale } from "~/sales/reservations.server";
import { pledgeValues } from "~/charities/queries.server";
import { pledgeOf, saleShare } from "~/charities/share";

/** A sale to record: which work (and option, and print), what was paid, when and how, and who bought it. */
export type NewSale = {
  /** The form's submission id: sent twice, the sale is recorded once. */
  id: string;
  artworkId: string;
  optionId: string | null;
  /** A limited edition's print number; null takes the next free one. */
  editionNumber: number | null;
  pricePence: number | null;
  soldOn: string;
  payment: Payment;
  shipping: Shipping;
  note: string;
  buyer: { name: string; email: string; address: string | null } | null;
  /** The enquiry it came from. */
  messageId: string | null;
};

export type RecordOutcome =
  | { recorded: true; id: string }
  | {
      recorded: false;
      refusal:
        | "missing"
        | "missing-option"
        | "needs-option"
        | "already-sold"
        | "sold-out"
        | "edition-out-of-range"
        | "edition-taken"
        | "changed";
    };

export async function recordSale(database: Database, publicCache: PublicCache, sale: NewSale): Promise<RecordOutcome> {
  if (await getSale(database, sale.id)) return { recorded: true, id: sale.id };
  const artwork = await getArtwork(database, sale.artworkId);
  if (!artwork) return refused("missing");
  const plan = await planSale(database, artwork, sale);
  // The same sale sent twice at once: the other sending may have sold the work since it was read.
  if ("refusal" in plan)
    return (await getSale(database, sale.id)) ? { recorded: true, id: sale.id } : refused(plan.refusal);

  const asRead = artworkIsAsRead(artwork);
  const buyer = sale.buyer;
  try {
    const saleInsert = insertWhere(
      database,
      sales,
      {
        id: sale.id,
        artworkId: artwork.id,
        artworkTitle: artwork.title,
        optionId: plan.option?.id ?? null,
        optionName: plan.option ? optionName(plan.option) : null,
        editionNumber: plan.editionNumber,
        editionSize: plan.option?.edition ?? null,
        pricePence: sale.pricePence,
        soldOn: sale.soldOn,
        payment: sale.payment,
        shipping: sale.shipping,
        note: sale.note,
        collectorId: buyer
          ? sql`(select ${collectors.id} from ${collectors} where ${collectors.email} = ${buyer.email})`
          : null,
        messageId: sale.messageId,
        ...pledgeValues(saleShare(artwork.charityShare, plan.option?.share), sale.pricePence),
      },
      asRead,
    )
      .onConflictDoNothing({ target: sales.id })
      .returning({ id: sales.id });
    const update = artworkUpdateAsRead(database, artwork, plan.changes);
    const inserted = buyer
      ? (await database.batch([upsertCollector(database, buyer, asRead), saleInsert, update]))[1]
      : (await database.batch([saleInsert, update]))[0];
    if (inserted.length === 0) {
      // Sent twice at once: the other sending recorded it. Otherwise the artwork changed meanwhile.
      return (await getSale(database, sale.id)) ? { recorded: true, id: sale.id } : refused("changed");
    }
  } catch (error) {
    if (!isConstraintError(error, /UNIQUE constraint failed: sales\./)) throw error;
    if (await getSale(database, sale.id)) return { recorded: true, id: sale.id };
    return refused(plan.option ? "edition-taken" : "already-sold");
  }
  await publicCache.purge(artworkChangeTags(artwork.id));
  return { recorded: true, id: sale.id };
}

/** The buyer's collector record, matched by e-mail: a new one, or the one they have with their latest details. */
function upsertCollector(database: Database, buyer: NonNullable<NewSale["buyer"]>, condition: SQL) {
  return insertWhere(database, collectors, { id: newId(), ...buyer }, condition).onConflictDoUpdate({
    target: collectors.email,
    set: {
      name: sql`excluded.name`,
      address: sql`coalesce(excluded.address, ${collectors.address})`,
      updatedAt: now,
    },
  });
}

type Refusal = Extract<RecordOutcome, { recorded: false }>["refusal"];

const refused = (refusal: Refusal) => ({ recorded: false, refusal }) as const;

type Plan =
  { option: ArtworkOption | null; editionNumber: number | null; changes: Partial<Artwork> } | { refusal: Refusal };

/** What a sale of `artwork` records and changes: an original becomes sold, an option counts one more. */
async function planSale(database: Database, artwork: Artwork, sale: NewSale): Promise<Plan> {
  if (artwork.options.length === 0) {
    if (sale.optionId) return { refusal: "missing-option" };
    if (await standingSaleOf(database, artwork.id)) return { refusal: "already-sold" };
    const reservations = reservationsAfterSale(artwork.reservations, sale);
    return { option: null, editionNumber: null, changes: { available: "no", reservations } };
  }
  if (!sale.optionId) return { refusal: "needs-option" };
  const option = artwork.options.find((each) => each.id === sale.optionId);
  if (!option) return { refusal: "missing-option" };
  if (isSoldOut(option)) return { refusal: "sold-out" };
  const options = artwork.options.map((each) => (each === option ? { ...each, sold: each.sold + 1 } : each));
  const changes = {
    options,
    available: availabilityOf(options, artwork.available),
    reservations: reservationsAfterSale(artwork.reservations, sale),
  };
  if (option.edition === null) return { option, editionNumber: null, changes };
  const used = await usedEditionNumbers(database, artwork.id, option.id);
  const editionNumber = sale.editionNumber ?? nextEditionNumber(option, used);
  if (editionNumber === null || editionNumber > option.edition) return { refusal: "edition-out-of-range" };
  if (used.includes(editionNumber)) return { refusal: "edition-taken" };
  return { option, editionNumber, changes };
}

export type UndoOutcome = "undone" | "missing" | "already-undone" | "changed";

/**
 * Undoes a sale (a refund, a mistake): it is dated undone and kept; the original is available again, or
 * the option counts one fewer sold and its print number is free.
 */
export async function undoSale(database: Database, publicCache: PublicCache, id: string): Promise<UndoOutcome> {
  const sale = await getSale(database, id);
  if (!sale) return "missing";
  if (sale.undoneAt) return "already-undone";
  const artwork = await getArtwork(database, sale.artworkId);
  const standing = and(eq(sales.id, id), isNull(sales.undoneAt));
  // Its certificate no longer verifies: the page that says it does is purged.
  const certificate = sale.certificateNumber ? [certificateTag(certificateNumberText(sale.certificateNumber))] : [];
  if (!artwork) {
    // The artwork was deleted: only the record changes.
    await database.update(sales).set({ undoneAt: now }).where(standing);
    await publicCache.purge(certificate);
    return "undone";
  }
  const [undone] = await database.batch([
    database
      .update(sales)
      .set({ undoneAt: now })
      .where(and(standing, artworkIsAsRead(artwork)))
      .returning({ id: sales.id }),
    artworkUpdateAsRead(database, artwork, changesOfUndo(artwork, sale.optionId)),
  ]);
  if (undone.length === 0) return (await getSale(database, id))?.undoneAt ? "already-undone" : "changed";
  await publicCache.purge([...artworkChangeTags(artwork.id), ...certificate]);
  return "undone";
}

/** What undoing a sale changes on its artwork: available again, or one fewer of the option sold. */
function changesOfUndo(artwork: Artwork, optionId: string | null): Partial<Artwork> {
  if (!optionId) return artwork.options.length === 0 ? { available: "yes" } : {};
  const options = artwork.options.map((each) =>
    each.id === optionId ? { ...each, sold: Math.max(each.sold - 1, 0) } : each,
  );
  return { options, available: availabilityOf(options, artwork.available) };
}

/**
 * The dashboard's one taps: "Mark sold" on an original and "One more sold" on an option record a sale
 * with no buyer, today, at the listed price when it is one number, to be completed later. Sold already
 * counts as done: a second tap on "Mark sold" records nothing more.
 */
export async function recordOneTapSale(
  database: Database,
  publicCache: PublicCache,
  artworkId: string,
  optionId: string | null,
): Promise<"sold" | Refusal> {
  const artwork = await getArtwork(database, artworkId);
  if (!artwork) return "missing";
  const option = artwork.options.find((each) => each.id === optionId);
  const listed = amountsOf(artwork.price);
  const outcome = await recordSale(database, publicCache, {
    id: newId(),
    artworkId,
    optionId,
    editionNumber: null,
    pricePence: option ? option.pricePence : listed && listed[0] === listed[1] ? listed[0] : null,
    soldOn: todayIn(),
    payment: "not-recorded",
    shipping: "not-recorded",
    note: "",
    buyer: null,
    messageId: null,
  });
  return outcome.recorded || outcome.refusal === "already-sold" ? "sold" : outcome.refusal;
}

/** The dashboard's "Mark available" on an original: its standing sale undone, or, with none, its status set. */
export async function markAvailable(
  database: Database,
  publicCache: PublicCache,
  artworkId: string,
): Promise<ArtworkWrite | "has-options"> {
  const sale = await standingSaleOf(database, artworkId);
  if (!sale) return setAvailability(database, publicCache, artworkId, "yes");
  const outcome = await undoSale(database, publicCache, sale.id);
  return outcome === "undone" || outcome === "already-undone" ? "saved" : outcome;
}

/**
 * A sale's details as the artist changes them (a one-tap sale completed): "missing" when there is no such
 * sale. Its pledge follows the price. Its certificate's page, which shows the day, is purged.
 */
export async function changeSale(
  database: Database,
  publicCache: PublicCache,
  id: string,
  details: Pick<NewSale, "pricePence" | "soldOn" | "payment" | "shipping" | "note" | "buyer">,
): Promise<"saved" | "missing"> {
  const { buyer, ...fields } = details;
  const sale = await getSale(database, id);
  if (!sale) return "missing";
  const exists = sql`exists (select 1 from ${sales} where ${sales.id} = ${id})`;
  const change = database
    .update(sales)
    .set({
      ...fields,
      // The share fixed when it was sold, applied to the price as now recorded.
      pledgePence:
        sale.charityShare && fields.pricePence !== null ? pledgeOf(sale.charityShare, fields.pricePence) : null,
      collectorId: buyer
        ? sql`(select ${collectors.id} from ${collectors} where ${collectors.email} = ${buyer.email})`
        : null,
    })
    .where(eq(sales.id, id))
    .returning({ certificateNumber: sales.certificateNumber });
  const [changed] = buyer
    ? (await database.batch([upsertCollector(database, buyer, exists), change]))[1]
    : await change;
  if (!changed) return "missing";
  // Its pledge follows the price: the pages that total pledges are purged with its certificate's.
  await publicCache.purge([
    CHARITIES_TAG,
    ...(changed.certificateNumber ? [certificateTag(certificateNumberText(changed.certificateNumber))] : []),
  ]);
  return "saved";
}
