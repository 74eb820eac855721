import { drizzle } from "drizzle-orm/d1";

export type Database = ReturnType<typeof createDb>;

function createDb(d1: D1Database) {
  return drizzle(d1);
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

/** What `countStatements` saw during one request. */
export type StatementCount = { statements: number };

/**
 * A D1 binding that counts the statements it prepares (drizzle prepares each query it runs, batched
 * or not): `npm run bench` turns it on with BENCH_COUNT_D1=1 to report D1 statements per page.
 */
export function countStatements(d1: D1Database, count: StatementCount): D1Database {
  return new Proxy(d1, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      if (property === "prepare") {
        return (query: string) => {
          count.statements++;
          return target.prepare(query);
        };
      }
      if (property === "exec") {
        return (query: string) => {
          count.statements++;
          return target.exec(query);
        };
      }
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
