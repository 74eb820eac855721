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

/** What `benchD1` counted during one request. */
export type D1Count = { statements: number; roundTrips: number };

const RUNS = new Set<string | symbol>(["first", "all", "run", "raw"]);

/**
 * `target` with every method call seen by `around`, which gets the method's name and a function that
 * makes the call, and answers in its place.
 */
function watched<T extends object>(target: T, around: (method: string | symbol, call: () => unknown) => unknown): T {
  return new Proxy(target, {
    get(object, property) {
      const value = Reflect.get(object, property, object);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) =>
        around(property, () => (value as (...a: unknown[]) => unknown).apply(object, args));
    },
  });
}

/**
 * The bench's D1 binding (never in what visitors get): counts the statements it prepares (drizzle
 * prepares each query it runs, batched or not) and its round trips (a statement run on its own, one
 * batch, one exec), and with `delayMs` waits that long before each round trip, as a primary far away
 * would (BENCH_COUNT_D1=1, BENCH_D1_DELAY_MS).
 */
export function benchD1(d1: D1Database, count: D1Count, delayMs = 0): D1Database {
  const roundTrip = async (call: () => unknown) => {
    count.roundTrips++;
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    return call();
  };
  const statement = (prepared: D1PreparedStatement): D1PreparedStatement =>
    watched(prepared, (method, call) => {
      if (RUNS.has(method)) return roundTrip(call);
      // bind() answers a new statement, which runs later.
      return method === "bind" ? statement(call() as D1PreparedStatement) : call();
    });
  return watched(d1, (method, call) => {
    if (method === "prepare" || method === "exec") count.statements++;
    if (method === "batch" || method === "exec") return roundTrip(call);
    return method === "prepare" ? statement(call() as D1PreparedStatement) : call();
  });
}
