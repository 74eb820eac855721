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

/** What `countD1` saw during one request. */
export type D1Count = { statements: number; roundTrips: number };

const RUNS = new Set<string | symbol>(["first", "all", "run", "raw"]);

/** `target` with each method call reported to `onCall` first, and what it answers passed through `wrap`. */
function watched<T extends object>(target: T, onCall: (method: string | symbol, answer: unknown) => unknown): T {
  return new Proxy(target, {
    get(object, property) {
      const value = Reflect.get(object, property, object);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => onCall(property, (value as (...a: unknown[]) => unknown).apply(object, args));
    },
  });
}

/**
 * A D1 binding that counts the statements it prepares (drizzle prepares each query it runs, batched
 * or not) and its round trips to D1 (a statement run on its own, one batch, one exec): `npm run bench`
 * turns it on with BENCH_COUNT_D1=1 to report both per page.
 */
export function countD1(d1: D1Database, count: D1Count): D1Database {
  const statement = (prepared: D1PreparedStatement): D1PreparedStatement =>
    watched(prepared, (method, answer) => {
      if (RUNS.has(method)) count.roundTrips++;
      // bind() answers a new statement, which runs later.
      return method === "bind" ? statement(answer as D1PreparedStatement) : answer;
    });
  return watched(d1, (method, answer) => {
    if (method === "prepare" || method === "exec") count.statements++;
    if (method === "batch" || method === "exec") count.roundTrips++;
    return method === "prepare" ? statement(answer as D1PreparedStatement) : answer;
  });
}
