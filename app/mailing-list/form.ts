// The mailing list's forms: subscribing (the footer, the Events page, a sold work's page, /mailing-list) and
// a subscriber's preferences, enforced by their actions.
import { z } from "zod";
import { CATEGORIES } from "~/artworks/categories";
import { checkbox } from "~/forms/fields";
import { email } from "~/messages/form";

/** Where a subscribe form stands, recorded with the address (a hand-made value reads as the list's own page). */
export const SOURCES = ["footer", "events", "artwork", "page"] as const;
export type Source = (typeof SOURCES)[number];

export const NOTHING_CHOSEN = "Please choose what you would like to hear about: new work, events or both.";

const preferenceFields = {
  newWork: checkbox(),
  events: checkbox(),
  // Ticked categories of new work; none ticked: every category.
  categories: z
    .array(z.enum(CATEGORIES, "Please choose categories from the list."))
    .default([])
    .transform((values) => [...new Set(values)]),
};

const somethingChosen = (preferences: { newWork: boolean; events: boolean }) =>
  preferences.newWork || preferences.events;

export const preferencesSchema = z
  .object(preferenceFields)
  .refine(somethingChosen, { message: NOTHING_CHOSEN, path: ["newWork"] });

export const subscribeSchema = z
  .object({
    email,
    ...preferenceFields,
    source: z.enum(SOURCES).catch("page"),
  })
  .refine(somethingChosen, { message: NOTHING_CHOSEN, path: ["newWork"] });

export type SubscribeInput = z.infer<typeof subscribeSchema>;
export type PreferencesInput = z.infer<typeof preferencesSchema>;

/** The longest line an announcement carries. */
export const ANNOUNCE_LINE_MAX = 1000;
/** At most this many artworks, and as many events, in one announcement (and offered on the screen). */
export const ANNOUNCE_ITEMS_MAX = 24;
export const LINE_NEEDED = "Please write a line to go with it.";
export const NOTHING_PICKED = "Please pick at least one artwork or event to announce.";

const ids = z
  .array(z.string().min(1).max(100))
  .max(ANNOUNCE_ITEMS_MAX, `Please pick at most ${ANNOUNCE_ITEMS_MAX} of each.`)
  .default([]);

/**
 * The Announce screen's form: its id (made when the screen opened), the line, what it announces, and which
 * button. Nothing picked is the whole form's error (either list may be the one shown).
 */
export const announceSchema = z
  .object({
    id: z.string().regex(/^[0-9A-Za-z]{20}$/, "Please open the Announce screen again."),
    line: z
      .string()
      .trim()
      .min(1, LINE_NEEDED)
      .max(ANNOUNCE_LINE_MAX, `Please keep the line to ${ANNOUNCE_LINE_MAX} characters.`),
    artworks: ids,
    events: ids,
    intent: z.enum(["test", "send"]).catch("send"),
  })
  .refine((input) => input.artworks.length + input.events.length > 0, { message: NOTHING_PICKED });

export type AnnounceInput = z.infer<typeof announceSchema>;
