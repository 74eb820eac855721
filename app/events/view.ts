// What a visitor's event card shows of an event, mapped from its stored row here: its fields, and its
// image (when it has one) with its copies, so a card never downloads the original.
import type { Event } from "~/events/schema";
import type { EventCardRow } from "~/events/queries.server";
import { responsiveImage } from "~/images/references";
import type { EventCardData } from "~/events/EventCard";

export function eventCard(event: EventCardRow & Partial<Pick<Event, "draft">>): EventCardData {
  const { id, name, description, date, location, draft, image, imageCopies } = event;
  // Only the dashboard's rows say whether it is a draft; a visitor's card never shows one.
  const fields = { id, name, description, date, location, ...(draft === undefined ? {} : { draft }) };
  if (!image) return { ...fields, image: null };
  const { src, srcSet } = responsiveImage(image, { [image]: imageCopies ?? {} });
  return { ...fields, image: { src, srcSet } };
}
