// Reserving a work for a buyer while a price is agreed, ending it early, and the daily sweep of lapsed
// ones. Each change is one write of the artwork's row as it was read, and purges its pages first.
import { sql } from "drizzle-orm";
import type { Database } from "~/platform/db.server";
import { newId } from "~/platform/id";
import type { PublicCache } from "~/public-cache/purge.server";
import { artworkChangeTags } from "~/public-cache/tags";
import { artworkUpdateAsRead, getArtwork } from "~/artworks/queries.server";
import { artworks } from "~/artworks/schema";
import { isSoldOut, optionName, remainingOf } from "~/artworks/options";
import { reservedPrints, reservedUntil, standingReservations, type Reservation } from "~/artworks/reservations";
import { todayIn } from "~/ui/dates";

export type NewReservation = Omit<Reservation, "id">;

export type ReserveOutcome =
  "reserved" | "past" | "missing" | "needs-option" | "missing-option" | "sold" | "held-already" | "changed";

export async function reserveArtwork(
  database: Database,
  publicCache: PublicCache,
  reservation: NewReservation & { artworkId: string },
  today: string = todayIn(),
): Promise<ReserveOutcome> {
  const { artworkId, ...held } = reservation;
  if (held.until < today) return "past";
  const artwork = await getArtwork(database, artworkId);
  if (!artwork) return "missing";
  if (held.optionId === null) {
    if (artwork.options.length > 0) return "needs-option";
    if (artwork.available === "no") return "sold";
    if (reservedUntil(artwork.reservations, today)) return "held-already";
  } else {
    const option = artwork.options.find((each) => each.id === held.optionId);
    if (!option) return "missing-option";
    if (isSoldOut(option)) return "sold";
    const remaining = remainingOf(option);
    if (remaining !== null && remaining <= reservedPrints(artwork.reservations, option.id, today)) {
      return "held-already";
    }
  }
  const reservations = [...standingReservations(artwork.reservations, today), { id: newId(), ...held }];
  const outcome = await artworkUpdateAsRead(database, artwork, { reservations }).returning({ id: artworks.id });
  if (outcome.length === 0) return "changed";
  await publicCache.purge(artworkChangeTags(artwork.id));
  return "reserved";
}

/** Ends a reservation before its day (the buyer went quiet, or said no). */
export async function endReservation(
  database: Database,
  publicCache: PublicCache,
  artworkId: string,
  reservationId: string,
): Promise<"ended" | "missing" | "changed"> {
  const artwork = await getArtwork(database, artworkId);
  if (!artwork?.reservations.some((reservation) => reservation.id === reservationId)) return "missing";
  const reservations = artwork.reservations.filter((reservation) => reservation.id !== reservationId);
  const outcome = await artworkUpdateAsRead(database, artwork, { reservations }).returning({ id: artworks.id });
  if (outcome.length === 0) return "changed";
  await publicCache.purge(artworkChangeTags(artwork.id));
  return "ended";
}

/** Rows that hold any reservation (a handful: the sweep and the Sales page read only these). */
const holding = sql`${artworks.reservations} <> '[]'`;

/**
 * The daily sweep (Cron Trigger): reservations past their last day are taken off their artworks, whose
 * pages are purged, so a page cached while the work was held says it is free again. Returns how many.
 */
export async function lapseReservations(
  database: Database,
  publicCache: PublicCache,
  today: string = todayIn(),
): Promise<number> {
  const rows = await database
    .select({ id: artworks.id, updatedAt: artworks.updatedAt, reservations: artworks.reservations })
    .from(artworks)
    .where(holding);
  let lapsed = 0;
  const tags: string[] = [];
  for (const row of rows) {
    const standing = standingReservations(row.reservations, today);
    if (standing.length === row.reservations.length) continue;
    const written = await artworkUpdateAsRead(database, row, { reservations: standing }).returning({
      id: artworks.id,
    });
    // Changed meanwhile: tomorrow's sweep, or the pages' own check of the day, takes care of it.
    if (written.length === 0) continue;
    lapsed += row.reservations.length - standing.length;
    tags.push(...artworkChangeTags(row.id));
  }
  if (tags.length > 0) await publicCache.purge([...new Set(tags)]);
  return lapsed;
}

/** The reservations standing today, for the Sales page: the work, the option, who for and until when. */
export async function listReservations(database: Database, today: string = todayIn()) {
  const rows = await database
    .select({
      id: artworks.id,
      title: artworks.title,
      options: artworks.options,
      reservations: artworks.reservations,
    })
    .from(artworks)
    .where(holding);
  return rows
    .flatMap((row) =>
      standingReservations(row.reservations, today).map((reservation) => {
        const option = row.options.find((each) => each.id === reservation.optionId);
        return {
          ...reservation,
          artworkId: row.id,
          artworkTitle: row.title,
          optionName: option ? optionName(option) : null,
        };
      }),
    )
    .sort((a, b) => a.until.localeCompare(b.until));
}

export type ReservationRow = Awaited<ReturnType<typeof listReservations>>[number];

/** The reservations a sale leaves: an original sold holds none; a print sold to its reserver frees theirs. */
export function reservationsAfterSale(
  reservations: Reservation[],
  sale: { optionId: string | null; messageId: string | null },
): Reservation[] {
  if (sale.optionId === null) return reservations.filter((reservation) => reservation.optionId !== null);
  const theirs = reservations.findIndex(
    (reservation) =>
      reservation.optionId === sale.optionId && sale.messageId !== null && reservation.messageId === sale.messageId,
  );
  return theirs < 0 ? reservations : reservations.filter((_, index) => index !== theirs);
}
