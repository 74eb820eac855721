import type { AppLoadContext } from "@remix-run/cloudflare";
import type { PlatformProxy } from "wrangler";
import { db } from "./app/platform/db.server";
import { getAppEnv, type AppEnv } from "./app/platform/env.server";
import { publicCacheFor, type EdgeCache, type PublicCache } from "./app/public-cache/purge.server";

type Cloudflare = Omit<PlatformProxy<Env>, "dispose">;

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: Cloudflare;
    /** Variables and secrets, validated once with zod. Bindings stay on `cloudflare.env`. */
    env: AppEnv;
    /** Per-request nonce that lets Remix's inline scripts pass the Content-Security-Policy. */
    cspNonce: string;
    /** Purges public pages after a write: Workers Cache where it runs, else the stand-in's record in D1. */
    publicCache: PublicCache;
  }
}

export function createCspNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/** Workers Cache where `ctx.cache` exists (production); wrangler dev and the tests have none. */
function edgeCacheOf(ctx: Cloudflare["ctx"] | undefined, repeatSeconds: number): EdgeCache | undefined {
  const cache = (ctx as { cache?: CacheContext } | undefined)?.cache;
  if (!ctx || !cache) return undefined;
  return { cache, waitUntil: (work) => ctx.waitUntil(work), repeatAfterMs: repeatSeconds * 1000 };
}

/** The public cache for work outside a request (the Cron Trigger's): Workers Cache where it runs, else the stand-in. */
export function publicCacheOf(env: Env, ctx: Cloudflare["ctx"]): PublicCache {
  return publicCacheFor(db(env), edgeCacheOf(ctx, getAppEnv(env).PURGE_REPEAT_SECONDS));
}

// Shared by the Worker (server.ts) and the Vite dev server (cloudflareDevProxyVitePlugin).
export function getLoadContext({ context }: { request: Request; context: { cloudflare: Cloudflare } }): AppLoadContext {
  const env = getAppEnv(context.cloudflare.env);
  return {
    cloudflare: context.cloudflare,
    env,
    cspNonce: createCspNonce(),
    publicCache: publicCacheFor(
      db(context.cloudflare.env),
      edgeCacheOf(context.cloudflare.ctx, env.PURGE_REPEAT_SECONDS),
    ),
  };
}
