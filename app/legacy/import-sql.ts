// The SQL that `npm run import` hands to `wrangler d1 execute`: one upsert per record, keyed by the
// Firestore document id, so a re-run updates rows and never duplicates them.
import { getTableColumns } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { events } from "~/events/schema";
import { artworks } from "~/artworks/schema";
import { testimonials } from "~/testimonials/schema";
import type { ImportRows } from "~/legacy/firestore-export";

function literal(value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "NULL";
  return `'${String(value).replace(/'/g, "''")}'`;
}

// Once the migration tool has moved an artwork's images into R2, importing the old export again must not
// put the legacy URLs back: these columns are then left as they are.
const KEPT_AFTER_MIGRATION = new Set(["image_urls", "image_copies", "migrated_at", "original_cloudinary_urls"]);

function upsert(table: SQLiteTable, tableName: string, row: Record<string, unknown>): string {
  const columns = Object.entries(getTableColumns(table) as Record<string, SQLiteColumn>).filter(
    ([property]) => row[property] !== undefined,
  );
  const names = columns.map(([, column]) => `"${column.name}"`);
  const values = columns.map(([property, column]) => literal(column.mapToDriverValue(row[property])));
  const updates = columns
    .filter(([property]) => property !== "id")
    .map(([, { name }]) =>
      tableName === "posts" && KEPT_AFTER_MIGRATION.has(name)
        ? `"${name}" = CASE WHEN "posts"."migrated_at" IS NULL THEN excluded."${name}" ELSE "posts"."${name}" END`
        : tableName === "posts" && name === "available"
          ? // The old site has no options: those the artist has added since say whether the work is sold.
            `"available" = CASE WHEN json_array_length("posts"."options") > 0 THEN "posts"."available" ELSE excluded."available" END`
          : `"${name}" = excluded."${name}"`,
    );
  return `INSERT INTO "${tableName}" (${names.join(", ")}) VALUES (${values.join(", ")}) ON CONFLICT ("id") DO UPDATE SET ${updates.join(", ")};`;
}

/** One statement per row, artworks first. */
export function importStatements(rows: ImportRows): string[] {
  return [
    ...rows.artworks.map((row) => upsert(artworks, "posts", row)),
    ...rows.events.map((row) => upsert(events, "events", row)),
    ...rows.testimonials.map((row) => upsert(testimonials, "testimonials", row)),
  ];
}
