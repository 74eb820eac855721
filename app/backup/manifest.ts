// What a backup archive holds: backup.json (this manifest: every content row as D1 keeps it, and the
// list of images) and each image under images/<its R2 key>. Rows go in and out verbatim, so a restore
// keeps ids, timestamps, shop order and image keys exactly.
import { createSelectSchema } from "drizzle-zod";
import { z } from "zod";
import { artworks } from "~/artworks/schema";
import { events } from "~/events/schema";
import { messages, replies } from "~/messages/schema";
import { email } from "~/messages/form";
import { ADDRESS_MAX, MESSAGE_MAX, NAME_MAX, REPLY_MAX } from "~/messages/limits";
import { siteSettings } from "~/site/schema";
import { collectors, sales } from "~/sales/schema";
import { charities, donations } from "~/charities/schema";
import {
  CHARITY_ABOUT_MAX,
  CHARITY_NAME_MAX,
  CHARITY_WEBSITE_MAX,
  DONATION_PENCE_MAX,
  DONATION_REFERENCE_MAX,
} from "~/charities/form";
import { charityNumberOf } from "~/charities/number";
import { SALE_NOTE_MAX } from "~/sales/form";
import { PAYMENT_VALUES, SHIPPING_VALUES } from "~/sales/ways";
import { testimonials } from "~/testimonials/schema";
import { isValidImageKey, storageKeyOf } from "~/images/storage.server";
import { CATEGORIES } from "~/artworks/categories";
import { ARTWORK_TEXT_FIELDS } from "~/artworks/limits";
import { EDITION_MAX, OPTION_LABEL_MAX, OPTION_SIZE_MAX, OPTIONS_MAX, PRICE_PENCE_MAX } from "~/artworks/options";
import type { ImageCopies } from "~/images/references";
import { PORTRAIT } from "~/site/settings.server";
import { BACKUP_FORMAT, BACKUP_VERSION } from "~/backup/layout";
import { announcements, subscribers } from "~/mailing-list/schema";
import { ANNOUNCE_ITEMS_MAX, ANNOUNCE_LINE_MAX, SOURCES } from "~/mailing-list/form";
import { commissionPhotos, commissions, commissionsPage, progressPhotos } from "~/commissions/schema";
import { GUIDE_SIZE_MAX, INTRO_MAX, NOTE_MAX, TEXT_MAX, TITLE_MAX } from "~/commissions/page-form";
import { BUDGET_MAX_PENCE, CAPTION_MAX, REQUEST_MESSAGE_MAX } from "~/commissions/limits";

/** The tables a backup carries, in the order a restore writes them (a reply after its message). */
export const BACKUP_TABLES = {
  artworks,
  events,
  testimonials,
  messages,
  replies,
  // A commission request after the message that carried it, its reference and progress photos after it.
  commissions,
  commissionPhotos,
  progressPhotos,
  // What the commissions page says, once the artist has saved it.
  commissionsPage,
  settings: siteSettings,
  // A sale after its buyer and the charity it pledges to, a donation after its charity.
  charities,
  donations,
  collectors,
  sales,
  subscribers,
  // What each e-mail to the list announced: a work or event in one is never offered as new again.
  announcements,
} as const;
export type BackupTable = keyof typeof BACKUP_TABLES;

/** The column a table's rows are known by: their id, a setting's key, or a subscriber's address. */
export function keyColumnOf(table: BackupTable): "id" | "key" | "email" {
  if (table === "settings") return "key";
  return table === "subscribers" ? "email" : "id";
}

const image = z.object({
  key: z.string().refine(isValidImageKey, "not an image key this site stores"),
  size: z.number().int().nonnegative(),
  /** As R2 keeps it; a restore stores each image with the type its bytes show. */
  contentType: z.string(),
  /** R2's ETag of the stored object: equal bytes, equal ETag (a restore skips what is already there). */
  etag: z.string(),
});
export type BackupImage = z.infer<typeof image>;

// The JSON columns hold what the pages read, not any JSON.
const copy = z.object({ key: z.string(), width: z.number() });
const copies = z.object({ display: copy.optional(), medium: copy.optional(), thumbnail: copy.optional() });
const strings = z.array(z.string());
// A share as app/charities/share.ts keeps it: a whole percentage or an amount in pence.
const share = z.union([
  z.object({ percent: z.number().int().min(1).max(100) }).strict(),
  z.object({ pence: z.number().int().min(1).max(PRICE_PENCE_MAX) }).strict(),
]);
const charityShare = z.union([
  z.object({ percent: z.number().int().min(1).max(100), charityId: z.string().min(1).max(40) }).strict(),
  z.object({ pence: z.number().int().min(1).max(PRICE_PENCE_MAX), charityId: z.string().min(1).max(40) }).strict(),
]);

// Messages and replies are e-mail, sent under the artist's name: a restored one is checked as the forms
// check it at intake (an address, the same lengths), and none is dated after it is restored.
const FUTURE_SKEW_MS = 5 * 60_000;
const past = z.iso.datetime().refine((at) => Date.parse(at) <= Date.now() + FUTURE_SKEW_MS, "is in the future");
/** Text as a form takes it: not blank, at most `max` characters (kept as it is: rows go back verbatim). */
const text = (max: number) =>
  z
    .string()
    .max(max)
    .refine((value) => value.trim() !== "", "is empty");
const titledText = z.object({ title: text(TITLE_MAX), text: text(TEXT_MAX) });
// An artwork or event as an announcement showed it (app/mailing-list/schema.ts): its page and image on this site.
const sitePath = z.string().max(500).startsWith("/");
const announced = {
  id: z.string().min(1).max(100),
  path: sitePath,
  image: sitePath.nullable(),
  detail: z.string().max(500),
};
const announcedArtwork = z
  .object({ ...announced, title: z.string().max(500), categories: z.array(z.enum(CATEGORIES)) })
  .strict();
const announcedEvent = z.object({ ...announced, name: z.string().max(500) }).strict();
const delivery = {
  id: z.string().min(1).max(100),
  attempts: z.number().int().min(0).max(1000),
  lastError: z.string().max(2000).nullable(),
  lastAttemptAt: past.nullable(),
  createdAt: past,
};
const visitorsMessage = {
  ...delivery,
  artworkId: z.string().max(100).nullable(),
  artworkTitle: z.string().max(ARTWORK_TEXT_FIELDS.title.max).nullable(),
  artworkOption: z
    .string()
    .max(OPTION_LABEL_MAX + 3 + OPTION_SIZE_MAX)
    .nullable(),
  name: text(NAME_MAX),
  email,
  address: z.string().max(ADDRESS_MAX).nullable(),
  message: text(MESSAGE_MAX),
  handledAt: past.nullable(),
};
const artistsReply = {
  ...delivery,
  messageId: z.string().min(1).max(100),
  body: text(REPLY_MAX),
};

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(BACKUP_VERSION),
  exportedAt: z.iso.datetime(),
  artworks: z.array(
    createSelectSchema(artworks, {
      categories: z.array(z.enum(CATEGORIES)),
      imageUrls: strings,
      imageCopies: z.record(z.string(), copies),
      events: strings,
      originalCloudinaryUrls: strings.nullable(),
      options: z
        .array(
          z.object({
            id: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/),
            label: z.string().min(1).max(OPTION_LABEL_MAX),
            size: z.string().max(OPTION_SIZE_MAX),
            pricePence: z.number().int().min(0).max(PRICE_PENCE_MAX),
            edition: z.number().int().min(1).max(EDITION_MAX).nullable(),
            sold: z.number().int().min(0).max(EDITION_MAX),
            share: share.optional(),
          }),
        )
        .max(OPTIONS_MAX),
      reservations: z
        .array(
          z.object({
            id: z.string().min(1).max(40),
            optionId: z.string().max(40).nullable(),
            until: z.iso.date(),
            messageId: z.string().max(100).nullable(),
            name: z.string().min(1).max(NAME_MAX),
          }),
        )
        .max(OPTIONS_MAX * 10),
      charityShare: charityShare.nullable(),
    }),
  ),
  events: z.array(createSelectSchema(events, { imageCopies: copies.nullable() })),
  testimonials: z.array(createSelectSchema(testimonials)),
  messages: z.array(createSelectSchema(messages, visitorsMessage)),
  replies: z.array(createSelectSchema(replies, artistsReply)),
  commissions: z.array(
    createSelectSchema(commissions, {
      medium: z.string().max(REQUEST_MESSAGE_MAX),
      size: z.string().max(REQUEST_MESSAGE_MAX),
      budgetMinPence: z.number().int().min(0).max(BUDGET_MAX_PENCE),
      budgetMaxPence: z.number().int().min(0).max(BUDGET_MAX_PENCE),
      wantedBy: z.iso.date().nullable(),
      photosRefused: z.number().int().min(0).max(1000),
      quotePence: z.number().int().min(0).max(BUDGET_MAX_PENCE).nullable(),
      depositPence: z.number().int().min(0).max(BUDGET_MAX_PENCE).nullable(),
      expectedOn: z.iso.date().nullable(),
      progressToken: z
        .string()
        .regex(/^[A-Za-z0-9]{40}$/)
        .nullable(),
      endedAt: past.nullable(),
      createdAt: past,
    }),
  ),
  commissionPhotos: z.array(
    createSelectSchema(commissionPhotos, {
      key: z.string().refine((key) => isValidImageKey(key) && key.startsWith("private/"), "not a private photo's key"),
      name: z.string().max(200),
      bytes: z.number().int().nonnegative(),
      createdAt: past,
    }),
  ),
  progressPhotos: z.array(
    createSelectSchema(progressPhotos, {
      key: z.string().refine((key) => isValidImageKey(key) && key.startsWith("private/"), "not a private photo's key"),
      copies,
      caption: z.string().max(CAPTION_MAX),
      createdAt: past,
    }),
  ),
  commissionsPage: z.array(
    createSelectSchema(commissionsPage, {
      // The page's one row (app/commissions/page.server.ts).
      id: z.number().int().min(1).max(1),
      intro: text(INTRO_MAX),
      subjects: z.array(titledText),
      prices: z.array(z.object({ size: text(GUIDE_SIZE_MAX), fromPence: z.number().int().nonnegative() })),
      pricesNote: z.string().max(NOTE_MAX),
      leadTime: text(NOTE_MAX),
      steps: z.array(titledText),
      updatedAt: past,
    }),
  ),
  settings: z.array(createSelectSchema(siteSettings)),
  charities: z.array(
    createSelectSchema(charities, {
      name: text(CHARITY_NAME_MAX),
      number: z.string().refine((number) => charityNumberOf(number) === number, "not a registered charity number"),
      website: z
        .url({ protocol: /^https?$/ })
        .max(CHARITY_WEBSITE_MAX)
        .nullable(),
      about: z.string().max(CHARITY_ABOUT_MAX),
      usualShare: share.nullable(),
      createdAt: past,
      updatedAt: past,
    }),
  ),
  donations: z.array(
    createSelectSchema(donations, {
      amountPence: z.number().int().min(1).max(DONATION_PENCE_MAX),
      givenOn: z.iso.date(),
      reference: z.string().max(DONATION_REFERENCE_MAX),
      createdAt: past,
    }),
  ),
  collectors: z.array(
    createSelectSchema(collectors, {
      name: text(NAME_MAX),
      email,
      address: z.string().max(ADDRESS_MAX).nullable(),
      createdAt: past,
      updatedAt: past,
    }),
  ),
  sales: z.array(
    createSelectSchema(sales, {
      artworkTitle: z.string().max(ARTWORK_TEXT_FIELDS.title.max),
      optionName: z
        .string()
        .max(OPTION_LABEL_MAX + 3 + OPTION_SIZE_MAX)
        .nullable(),
      editionNumber: z.number().int().min(1).max(EDITION_MAX).nullable(),
      editionSize: z.number().int().min(1).max(EDITION_MAX).nullable(),
      pricePence: z.number().int().min(0).max(PRICE_PENCE_MAX).nullable(),
      soldOn: z.iso.date(),
      payment: z.enum(PAYMENT_VALUES),
      shipping: z.enum(SHIPPING_VALUES),
      note: z.string().max(SALE_NOTE_MAX),
      // Absent in a version 5 backup, made before certificates: the restore keeps the store's number, or makes one.
      certificateNumber: z
        .string()
        .regex(/^[0-9A-F]{16}$/)
        .nullable()
        .optional(),
      charityShare: share.nullable(),
      pledgePence: z.number().int().min(0).max(PRICE_PENCE_MAX).nullable(),
      createdAt: past,
      undoneAt: past.nullable(),
    }),
  ),
  subscribers: z.array(
    createSelectSchema(subscribers, {
      email: email.refine((address) => address === address.toLowerCase(), "not in lower case"),
      status: z.enum(["pending", "confirmed", "left"]),
      categories: z.array(z.enum(CATEGORIES)),
      source: z.enum(SOURCES),
      requestedAt: past,
      confirmationSentAt: past.nullable(),
      consent: z
        .object({
          at: past,
          wording: z.string().min(1).max(1000),
          preferences: z.object({
            newWork: z.boolean(),
            categories: z.array(z.enum(CATEGORIES)),
            events: z.boolean(),
          }),
        })
        .nullable(),
      leftAt: past.nullable(),
      createdAt: past,
      updatedAt: past,
    }),
  ),
  announcements: z.array(
    createSelectSchema(announcements, {
      line: text(ANNOUNCE_LINE_MAX),
      artworks: z.array(announcedArtwork).max(ANNOUNCE_ITEMS_MAX),
      events: z.array(announcedEvent).max(ANNOUNCE_ITEMS_MAX),
      recipients: z.number().int().min(0),
      createdAt: past,
    }),
  ),
  images: z.array(image),
  /** Images the rows name that were not in storage when the backup was made (a restore cannot bring them). */
  absentImages: z.array(z.string()),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

/** The older versions a restore still reads, each with what brings its manifest up to this version. */
const UPGRADES: Record<number, (manifest: Record<string, unknown>) => Record<string, unknown>> = {
  1: (manifest) => UPGRADES[2]!(upgradeFrom1(manifest)),
  // Version 2 was written before migration 0019 gave artworks options and enquiries the option asked about.
  2: (manifest) =>
    UPGRADES[3]!({
      ...manifest,
      artworks: mapRecords(manifest.artworks, (artwork) => ({ options: [], ...artwork })),
      messages: mapRecords(manifest.messages, (message) => ({ artworkOption: null, ...message })),
    }),
  // Version 3 was written before migration 0021 kept sales and their collectors.
  3: (manifest) => UPGRADES[4]!({ collectors: [], sales: [], ...manifest }),
  // Version 4 was written before migration 0022 let an artwork be reserved.
  4: (manifest) =>
    UPGRADES[5]!({
      ...manifest,
      artworks: mapRecords(manifest.artworks, (artwork) => ({ reservations: [], ...artwork })),
    }),
  // Version 5 was written before migration 0023 numbered certificates: its sales come without a number, and
  // the restore keeps the one the store gave each (a certificate may have been issued), or makes one.
  5: (manifest) => UPGRADES[6]!(manifest),
  // Version 6 was written before migrations 0025 and 0026 kept charities and donations, an artwork's share and a sale's pledge.
  6: (manifest) =>
    UPGRADES[7]!({
      charities: [],
      donations: [],
      ...manifest,
      artworks: mapRecords(manifest.artworks, (artwork) => ({ charityShare: null, ...artwork })),
      sales: mapRecords(manifest.sales, (sale) => ({
        charityId: null,
        charityShare: null,
        pledgePence: null,
        ...sale,
      })),
    }),
  // Version 7 was written before migration 0027 kept the mailing list.
  7: (manifest) => UPGRADES[8]!({ subscribers: [], ...manifest }),
  // Version 8 was written before migration 0029 kept when a work or an event was first shown; restored
  // without it, its creation stands in (the Announce screen's "new").
  8: (manifest) =>
    UPGRADES[9]!({
      ...manifest,
      artworks: mapRecords(manifest.artworks, (artwork) => ({ publishedAt: null, ...artwork })),
      events: mapRecords(manifest.events, (event) => ({ publishedAt: null, ...event })),
    }),
  // Version 9 was written before migration 0030 kept commission requests and their reference photos.
  9: (manifest) => UPGRADES[10]!({ commissions: [], commissionPhotos: [], ...manifest }),
  // Version 10 was written before migration 0031 kept a commission's quote, its private link and progress photos.
  10: (manifest) =>
    UPGRADES[11]!({
      progressPhotos: [],
      ...manifest,
      commissions: mapRecords(manifest.commissions, (commission) => ({
        quotePence: null,
        depositPence: null,
        expectedOn: null,
        progressToken: null,
        ...commission,
      })),
    }),
  // Version 11 was written before migration 0032 kept the commissions page's words (the store's stay), and 0033
  // a quote's deposit link.
  11: (manifest) =>
    UPGRADES[12]!({
      commissionsPage: [],
      ...manifest,
      commissions: mapRecords(manifest.commissions, (commission) => ({ depositLink: null, ...commission })),
    }),
  // Version 12 was written before backups kept the announcements (the store's stay).
  12: (manifest) => ({ announcements: [], ...manifest }),
};

/** Each record of a list as `change` makes it; anything else as it is (the schema refuses it). */
function mapRecords(list: unknown, change: (record: Record<string, unknown>) => Record<string, unknown>): unknown {
  return Array.isArray(list) ? list.map((item: unknown) => (isRecord(item) ? change(item) : item)) : list;
}

// Version 1 was written before migration 0017 renamed the column `image_variants` to `image_copies`.
const upgradeFrom1 = (manifest: Record<string, unknown>): Record<string, unknown> => ({
  ...manifest,
  artworks: mapRecords(manifest.artworks, (artwork) => {
    if (!("imageVariants" in artwork)) return artwork;
    const { imageVariants: imageCopies, ...rest } = artwork;
    return { ...rest, imageCopies };
  }),
});

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The versions a restore reads, oldest first: the older ones it can bring up to this one, and this one. */
export const RESTORABLE_VERSIONS: readonly number[] = [...Object.keys(UPGRADES).map(Number), BACKUP_VERSION];

export function isRestorableVersion(version: unknown): version is number {
  return typeof version === "number" && RESTORABLE_VERSIONS.includes(version);
}

/** A manifest of a restorable version, as this version writes it (still to be checked by `manifestSchema`). */
export function manifestOfVersion(json: unknown, version: number): unknown {
  const upgrade = UPGRADES[version];
  if (!upgrade || !isRecord(json)) return json;
  return { ...upgrade(json), version: BACKUP_VERSION };
}
export type BackupRows = Pick<BackupManifest, BackupTable>;

/** Every R2 key the rows point at: originals, their copies, event images and the portrait. */
export function imageKeysOf(rows: BackupRows): string[] {
  const keys = new Set<string>();
  const add = (stored: string | null | undefined) => {
    const key = stored ? storageKeyOf(stored) : null;
    if (key) keys.add(key);
  };
  const addCopies = (copies: ImageCopies | null | undefined) => {
    for (const copy of Object.values(copies ?? {})) add(copy?.key);
  };
  for (const artwork of rows.artworks) {
    artwork.imageUrls.forEach(add);
    Object.values(artwork.imageCopies).forEach(addCopies);
  }
  for (const event of rows.events) {
    add(event.image);
    addCopies(event.imageCopies);
  }
  for (const setting of rows.settings) if (setting.key === PORTRAIT) add(setting.value);
  for (const photo of rows.commissionPhotos) add(photo.key);
  for (const photo of rows.progressPhotos) {
    add(photo.key);
    addCopies(photo.copies);
  }
  return [...keys].sort();
}
