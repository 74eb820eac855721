// What a visitor's event card shows of an event, mapped from its stored row here: its fields, and its
// image (when it has one) with its copies, so a card never downloads the original.
import type { Event } from "~/events/schema";
import { responsiveImage } from "~/images/references";
import type { EventCardData } from "~/events/EventCard";

export function eventCard(event: Event): EventCardData {
  const { image, imageCopies, createdAt: _, updatedAt: __, ...fields } = event;
  if (!image) return { ...fields, image: null };
  const { src, srcSet } = responsiveImage(image, { [image]: imageCopies ?? {} });
  return { ...fields, image: { src, srcSet } };
}
