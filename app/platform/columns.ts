import { sql } from "drizzle-orm";
import { text } from "drizzle-orm/sqlite-core";

// Timestamps are ISO-8601 UTC strings: they sort correctly as text and read the same in D1's console,
// in JSON exports and in the Firestore import.
export const timestamp = (name: string) => text(name);
export const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
