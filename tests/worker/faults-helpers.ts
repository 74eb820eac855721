// Fault injection at the binding boundary: the real Worker (server.ts) runs with an env whose D1 or
// R2 binding fails on purpose. Outbound HTTP that fails or hangs is faked in tests/support/outbound.ts.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import worker from "../../server";
import { asBrowserSends, ORIGIN } from "./helpers";

const WRITE = /^\s*(insert|update|delete|replace)\b/i;

/** The error a broken binding throws; tests look for its text to be sure it never reaches a visitor. */
export const INJECTED = "injected fault";

/**
 * Rejects after a turn of the event loop, as a binding does after its I/O: a promise rejected at once
 * is reported as unhandled by the test runner before the awaiting caller has attached its handler.
 */
async function fault(message: string): Promise<never> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  throw new Error(message);
}

type Call = (...args: unknown[]) => unknown;

/**
 * A D1 binding that behaves like `real` but first awaits `before(sql)` for every statement it runs,
 * alone, in a batch or through exec, itself or in a session: a rejection there is the statement's (or
 * the batch's) failure.
 */
function interceptD1(real: D1Database, before: (sql: string) => Promise<void>): D1Database {
  const sqlOf = new WeakMap<object, string>();
  const realOf = new WeakMap<object, D1PreparedStatement>();
  const wrap = (statement: D1PreparedStatement, sql: string): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, property) {
        const value = Reflect.get(target, property, target) as unknown;
        if (property === "bind") return (...values: unknown[]) => wrap(target.bind(...values), sql);
        if (typeof value === "function" && ["run", "all", "first", "raw"].includes(String(property))) {
          return async (...args: unknown[]) => {
            await before(sql);
            return (value as Call).apply(target, args);
          };
        }
        return typeof value === "function" ? (value as Call).bind(target) : value;
      },
    });
    sqlOf.set(proxy, sql);
    realOf.set(proxy, statement);
    return proxy;
  };
  return new Proxy(real, {
    get(target, property) {
      if (property === "prepare") return (sql: string) => wrap(target.prepare(sql), sql);
      if (property === "batch") {
        return async (statements: D1PreparedStatement[]) => {
          for (const statement of statements) await before(sqlOf.get(statement) ?? "");
          return target.batch(statements.map((statement) => realOf.get(statement) ?? statement));
        };
      }
      if (property === "exec") {
        return async (sql: string) => {
          await before(sql);
          return target.exec(sql);
        };
      }
      // Each request reads through a D1 session (app/platform/d1-session.server.ts): intercepted alike.
      if (property === "withSession") {
        return (constraint: string) => interceptD1(target.withSession(constraint) as unknown as D1Database, before);
      }
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === "function" ? (value as Call).bind(target) : value;
    },
  });
}

/**
 * A D1 binding that behaves like `real` but throws on every statement `fails(sql)` picks (by default
 * every write), whether run alone or in a batch; reads still work, as when D1 is overloaded for writes.
 */
export function failingD1(real: D1Database, fails: (sql: string) => boolean = (sql) => WRITE.test(sql)): D1Database {
  return interceptD1(real, async (sql) => {
    if (fails(sql)) await fault(`D1_ERROR: ${INJECTED}`);
  });
}

/**
 * A D1 binding that runs `meanwhile` (through the real binding) just before the first statement
 * matching `before` executes: another request's write landing between this one's read and write.
 */
export function racingD1(real: D1Database, before: RegExp, meanwhile: () => Promise<unknown>): D1Database {
  let raced = false;
  return interceptD1(real, async (sql) => {
    if (raced || !before.test(sql)) return;
    raced = true;
    await meanwhile();
  });
}

/** An R2 binding whose `put` fails from the `failFrom`-th call on (1-based); everything else is real. */
export function failingBucket(real: R2Bucket, failFrom = 1): R2Bucket & { puts: number } {
  let puts = 0;
  return new Proxy(real, {
    get(target, property) {
      if (property === "puts") return puts;
      if (property === "put") {
        return (...args: Parameters<R2Bucket["put"]>) =>
          ++puts >= failFrom ? fault(`R2 ${INJECTED}`) : target.put(...args);
      }
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  }) as R2Bucket & { puts: number };
}

/**
 * A whole request through server.ts with some bindings or variables replaced. `settled()` waits for
 * the work the Worker left running after the response (ctx.waitUntil, e.g. the e-mail).
 */
export async function fetchWithEnv(
  overrides: Partial<Env>,
  path: string,
  init: RequestInit = {},
): Promise<{ response: Response; settled: () => Promise<void> }> {
  const request = asBrowserSends(new Request(new URL(path, ORIGIN), { redirect: "manual", ...init }));
  if (request.method !== "GET" && !request.headers.has("Origin")) request.headers.set("Origin", ORIGIN);
  const ctx = createExecutionContext();
  // A fresh object each call, so the env validation (cached per env object) sees these values.
  const response = await worker.fetch(request as Parameters<typeof worker.fetch>[0], { ...env, ...overrides }, ctx);
  return { response, settled: () => waitOnExecutionContext(ctx) };
}
