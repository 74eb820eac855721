// An artwork held for one buyer while a price is agreed: the whole original, or one print of an option.
// Kept on the artwork's row, so its page still reads D1 once; the buyer's name stays on the server (the
// page's data carries only whether, and until when). A reservation lapses after its last day.

import { todayIn } from "~/ui/dates";

export type Reservation = {
  id: string;
  /** The option one print of which is held; null for an original. */
  optionId: string | null;
  /** The last day it is held (YYYY-MM-DD, the UK's calendar). */
  until: string;
  /** The enquiry it was made from. */
  messageId: string | null;
  /** Who it is held for, as the artist reads it. */
  name: string;
};

/** The reservations still standing on `today` (YYYY-MM-DD). */
export function standingReservations(reservations: Reservation[], today: string): Reservation[] {
  return reservations.filter((reservation) => reservation.until >= today);
}

/** The last day an original is held, or null when it is not. */
export function reservedUntil(reservations: Reservation[], today: string): string | null {
  const held = standingReservations(reservations, today).filter((reservation) => reservation.optionId === null);
  return held.length > 0
    ? held
        .map((reservation) => reservation.until)
        .sort()
        .at(-1)!
    : null;
}

/** How many prints of an option are held. */
export function reservedPrints(reservations: Reservation[], optionId: string, today: string): number {
  return standingReservations(reservations, today).filter((reservation) => reservation.optionId === optionId).length;
}

/** An artwork's options, each with how many of its prints are held on `today`. */
export function reservedOptions<O extends { id: string }>(
  artwork: { options: O[]; reservations: Reservation[] },
  today: string = todayIn(),
): (O & { reserved: number })[] {
  return artwork.options.map((option) => ({
    ...option,
    reserved: reservedPrints(artwork.reservations, option.id, today),
  }));
}
