import type { AppLoadContext } from "@remix-run/cloudflare";
import type { PlatformProxy } from "wrangler";
import { getAppEnv, type AppEnv } from "./app/platform/env.server";

type Cloudflare = Omit<PlatformProxy<Env>, "dispose">;

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: Cloudflare;
    /** Variables and secrets, validated once with zod. Bindings stay on `cloudflare.env`. */
    env: AppEnv;
    /** Per-request nonce that lets Remix's inline scripts pass the Content-Security-Policy. */
    cspNonce: string;
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
  };
}
