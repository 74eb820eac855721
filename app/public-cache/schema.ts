import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

// When each cache tag was last purged, as a sequence number D1 hands out in order (never a clock, so
// data centres whose clocks differ still agree). Only the stand-in for Workers Cache reads it: a
// stored page is used while none of its tags was purged after it began to render.
export const publicCachePurges = sqliteTable(
  "public_cache_purges",
  {
    tag: text("tag").primaryKey(),
    seq: integer("seq").notNull(),
  },
  (t) => [index("public_cache_purges_seq_idx").on(t.seq)],
);
