import type { AppLoadContext } from "@remix-run/cloudflare";
import type { PlatformProxy } from "wrangler";
import { db } from "./app/platform/db.server";
import { getAppEnv, type AppEnv } from "./app/platform/env.server";
import { publicCacheFor, type PublicCache } from "./app/public-cache/purge.server";

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

// Shared by the Worker (server.ts) and the Vite dev server (cloudflareDevProxyVitePlugin).
export function getLoadContext({ context }: { request: Request; context: { cloudflare: Cloudflare } }): AppLoadContext {
  return {
    cloudflare: context.cloudflare,
    env: getAppEnv(context.cloudflare.env),
    cspNonce: createCspNonce(),
    // `ctx.cache` exists where Workers Cache does (production); wrangler dev and tests have none.
    publicCache: publicCacheFor(
      db(context.cloudflare.env),
      (context.cloudflare.ctx as { cache?: CacheContext } | undefined)?.cache,
    ),
  };
}
