// Reading a JSON export of the old site's Firestore (collections posts, events, testimonials) into rows
// for D1. Every record is checked with zod; a bad one is reported and skipped, the others still import.
// Used by `npm run import` (scripts/import.ts); pure, so the tests run it directly.
import { z } from "zod";
import type { NewEvent } from "~/events/schema";
import type { NewArtwork } from "~/artworks/schema";
import type { NewTestimonial } from "~/testimonials/schema";
import { CATEGORIES, type Category } from "~/artworks/categories";
import { todayIn } from "~/ui/dates";

/** Firestore timestamps as exports write them: {_seconds,_nanoseconds}, {seconds,nanoseconds}, {__time__}, ISO text, epoch ms. */
const timestamp = z
  .union([
    z
      .object({ _seconds: z.number(), _nanoseconds: z.number().optional() })
      .transform((t) => t._seconds * 1000 + (t._nanoseconds ?? 0) / 1e6),
    z
      .object({ seconds: z.number(), nanoseconds: z.number().optional() })
      .transform((t) => t.seconds * 1000 + (t.nanoseconds ?? 0) / 1e6),
    z.object({ __time__: z.string() }).transform((t) => Date.parse(t.__time__)),
    z.string().transform((t) => Date.parse(t)),
    z.number(),
  ])
  .refine((ms) => Number.isFinite(ms), "not a date or time")
  .transform((ms) => new Date(ms).toISOString());

const optionalTimestamp = timestamp.nullish().transform((value) => value ?? null);

/** "Oil", "3D Art", "Artwork Print" as the old admin wrote them -> the stored values. */
const category = z
  .string()
  .transform((value) => value.trim().toLowerCase().replace(/\s+/g, " "))
  .pipe(z.enum(CATEGORIES, "not one of oil, acrylic, watercolor, 3d art, artwork print, custom"));

const text = z.string().trim();
const urlList = z.array(z.string().trim().min(1)).catch([]);

const artworkRecord = z
  .object({
    title: text.min(1, "has no title"),
    description: text.default(""),
    medium: text.default(""),
    categories: z.array(category).optional(),
    category: category.optional(),
    size: z.union([text, z.number().transform(String)]).default(""),
    price: z
      .union([z.number().transform(String), text, z.null()])
      .optional()
      .transform((value) => (value ? value : null)),
    imageUrls: urlList.default([]),
    available: z.union([z.enum(["yes", "no"]), z.boolean().transform((b) => (b ? "yes" : "no"))]).default("yes"),
    events: z.array(z.string()).catch([]).default([]),
    createdAt: optionalTimestamp,
    updatedAt: optionalTimestamp,
    migratedAt: optionalTimestamp,
    originalCloudinaryUrls: urlList.nullish().transform((value) => value ?? null),
  })
  .transform((artwork, context) => {
    const categories: Category[] = [
      ...new Set(artwork.categories?.length ? artwork.categories : artwork.category ? [artwork.category] : []),
    ];
    if (categories.length === 0) {
      context.addIssue({ code: "custom", message: "has no category" });
      return z.NEVER;
    }
    return { ...artwork, categories, category: categories[0]! };
  });

const eventRecord = z.object({
  name: text.min(1, "has no name"),
  description: text.default(""),
  // A calendar date, or a timestamp read as the day it falls on in the UK.
  date: z.union([
    z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    timestamp.transform((iso) => todayIn("Europe/London", new Date(iso))),
  ]),
  location: text.nullish().transform((value) => value || null),
  createdAt: optionalTimestamp,
  updatedAt: optionalTimestamp,
});

const testimonialRecord = z.object({
  author: text.min(1, "has no author"),
  message: text.min(1, "has no message"),
  approved: z.boolean().default(false),
  createdAt: optionalTimestamp,
});

const ID = /^[A-Za-z0-9_-]{1,100}$/;

/** The public download URL of a Firebase Storage object (what the old site's getDownloadURL returned, minus the token). */
export function firebaseDownloadUrl(bucket: string, path: string): string {
  const name = bucket.replace(/^gs:\/\//, "").replace(/\/+$/, "");
  return `https://firebasestorage.googleapis.com/v0/b/${name}/o/${encodeURIComponent(path.replace(/^\/+/, ""))}?alt=media`;
}

export type ImportRows = { artworks: NewArtwork[]; events: NewEvent[]; testimonials: NewTestimonial[] };
export type Rejection = { collection: string; id: string; reason: string };
/** A document imported without the control characters (NUL and the like) its text held. */
export type Cleaning = { collection: string; id: string; removed: number };

// C0 controls and DEL, except tab and line breaks: a NUL in one text would make the import's SQL fail.
// eslint-disable-next-line no-control-regex -- matching control characters is this pattern's purpose
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/** `value` with control characters removed from every string in it, and how many there were. */
function withoutControls(value: unknown): { value: unknown; removed: number } {
  let removed = 0;
  const clean = (item: unknown): unknown => {
    if (typeof item === "string") {
      const cleaned = item.replace(CONTROL, "");
      removed += item.length - cleaned.length;
      return cleaned;
    }
    if (Array.isArray(item)) return item.map(clean);
    if (item && typeof item === "object") {
      return Object.fromEntries(Object.entries(item).map(([key, inner]) => [key, clean(inner)]));
    }
    return item;
  };
  return { value: clean(value), removed };
}

/** Documents of one collection, whether exported as { id: doc } or as [{ id, ...doc }]. */
function documentsOf(collection: unknown): Array<[string, unknown]> {
  if (Array.isArray(collection)) {
    return collection.map((doc, index) => {
      const id = (doc as { id?: unknown; _id?: unknown } | null)?.id ?? (doc as { _id?: unknown } | null)?._id;
      return [typeof id === "string" ? id : `#${index}`, doc];
    });
  }
  if (collection && typeof collection === "object") return Object.entries(collection);
  return [];
}

/**
 * Turns an export into rows, keeping document ids. Returns the rows and one rejection per record that
 * failed its checks (with the reason), so the caller can import the rest.
 */
export function readFirestoreExport(
  json: unknown,
  { storageBucket }: { storageBucket?: string } = {},
): { rows: ImportRows; rejected: Rejection[]; cleaned: Cleaning[] } {
  const root = (json as { __collections__?: unknown })?.__collections__ ?? json;
  const collections = (root ?? {}) as Record<string, unknown>;
  const rows: ImportRows = { artworks: [], events: [], testimonials: [] };
  const rejected: Rejection[] = [];
  const cleaned: Cleaning[] = [];

  // The old site's collection names.
  const read = <T>(
    name: "posts" | "events" | "testimonials",
    schema: z.ZodType<T>,
    add: (id: string, value: T) => void,
  ) => {
    for (const [id, doc] of documentsOf(collections[name])) {
      if (!ID.test(id)) {
        rejected.push({ collection: name, id, reason: "its id is not a Firestore document id" });
        continue;
      }
      const { value, removed } = withoutControls(doc);
      if (removed > 0) cleaned.push({ collection: name, id, removed });
      const parsed = schema.safeParse(value);
      if (parsed.success) add(id, parsed.data);
      else {
        const issue = parsed.error.issues[0]!;
        const field = issue.path.length ? `${issue.path.join(".")}: ` : "";
        rejected.push({ collection: name, id, reason: `${field}${issue.message}` });
      }
    }
  };

  // The old site stored some images as Firebase Storage paths ("posts/1700_a.jpg") and resolved them at
  // display time (spec §7). Here a bare path means an R2 key, so such paths become the Firebase download
  // URLs they stood for (legacy images the migration tool can copy), or the artwork is refused.
  const artworkWithUrls = artworkRecord.transform((artwork, context) => {
    const imageUrls: string[] = [];
    for (const stored of artwork.imageUrls) {
      if (/^https?:\/\//i.test(stored)) imageUrls.push(stored);
      else if (storageBucket) imageUrls.push(firebaseDownloadUrl(storageBucket, stored));
      else {
        context.addIssue({
          code: "custom",
          path: ["imageUrls"],
          message: `"${stored}" is a Firebase Storage path: pass --storage-bucket <bucket> to import it`,
        });
        return z.NEVER;
      }
    }
    return { ...artwork, imageUrls };
  });
  read("posts", artworkWithUrls, (id, artwork) =>
    rows.artworks.push({
      id,
      ...artwork,
      createdAt: artwork.createdAt ?? new Date(0).toISOString(),
    }),
  );
  read("events", eventRecord, (id, event) =>
    rows.events.push({ id, ...event, createdAt: event.createdAt ?? new Date(0).toISOString() }),
  );
  read("testimonials", testimonialRecord, (id, testimonial) =>
    rows.testimonials.push({ id, ...testimonial, createdAt: testimonial.createdAt ?? new Date(0).toISOString() }),
  );
  return { rows, rejected, cleaned };
}
