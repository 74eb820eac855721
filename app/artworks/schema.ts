import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { timestamp, now } from "~/platform/columns";
import type { Category } from "~/artworks/categories";
import type { CopiesByImage } from "~/images/references";
import type { ArtworkOption } from "~/artworks/options";
import type { Reservation } from "~/artworks/reservations";
import type { CharityShare } from "~/charities/share";

export const artworks = sqliteTable(
  "posts",
  {
    id: text("id").primaryKey(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    medium: text("medium").notNull(),
    categories: text("categories", { mode: "json" })
      .$type<Category[]>()
      .notNull()
      .default(sql`'[]'`),
    // First of `categories`; older artworks carry only this.
    category: text("category").notNull(),
    size: text("size").notNull(),
    // When it was made, as the artist writes it ("2024", "c. 2019"); null when not given.
    year: text("year"),
    price: text("price"),
    // R2 keys (our storage) or absolute http(s) URLs (legacy hosts).
    imageUrls: text("image_urls", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    // The display, medium and thumbnail copies of uploaded originals, keyed by the entry in imageUrls.
    imageCopies: text("image_copies", { mode: "json" })
      .$type<CopiesByImage>()
      .notNull()
      .default(sql`'{}'`),
    // With options, kept as their sum (app/artworks/options.ts): "no" once every option is sold out.
    available: text("available", { enum: ["yes", "no"] })
      .notNull()
      .default("yes"),
    // The sizes or editions a print is sold in, in the artist's order; none for an original.
    options: text("options", { mode: "json" })
      .$type<ArtworkOption[]>()
      .notNull()
      .default(sql`'[]'`),
    // Held for a buyer while a price is agreed (app/artworks/reservations.ts); lapsed ones are swept daily.
    reservations: text("reservations", { mode: "json" })
      .$type<Reservation[]>()
      .notNull()
      .default(sql`'[]'`),
    // The charity its sale supports and the share it gives (app/charities/share.ts); null for none.
    charityShare: text("charity_share", { mode: "json" }).$type<CharityShare>(),
    events: text("events", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    // A draft is the admin's alone: no public page, list, sitemap or feed shows it.
    draft: integer("draft", { mode: "boolean" }).notNull().default(false),
    // When it was first shown to visitors (saved not a draft): what the Announce screen calls new. Null for a
    // draft, and for works seeded or imported without one (their creation stands in).
    publishedAt: timestamp("published_at"),
    // Featured works lead the home page's artwork section.
    featured: integer("featured", { mode: "boolean" }).notNull().default(false),
    // The artist's shop order, highest first; equal positions (imported works) fall back to newest first.
    position: integer("position").notNull().default(0),
    createdAt: timestamp("created_at").notNull().default(now),
    updatedAt: timestamp("updated_at"),
    migratedAt: timestamp("migrated_at"),
    originalCloudinaryUrls: text("original_cloudinary_urls", { mode: "json" }).$type<string[]>(),
  },
  (t) => [index("posts_shop_order_idx").on(t.position, t.createdAt, t.id), index("posts_category_idx").on(t.category)],
);

export type Artwork = typeof artworks.$inferSelect;
export type NewArtwork = typeof artworks.$inferInsert;
