import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

export type Database = ReturnType<typeof createDb>;

function createDb(d1: D1Database) {
  return drizzle(d1, { schema });
}

// One drizzle instance per D1 binding: the binding object is stable for an isolate, so the
// cache spares re-wrapping it on every loader call.
const cache = new WeakMap<D1Database, Database>();

export function db(env: { DB: D1Database }): Database {
  let instance = cache.get(env.DB);
  if (!instance) {
    instance = createDb(env.DB);
    cache.set(env.DB, instance);
  }
  return instance;
}
