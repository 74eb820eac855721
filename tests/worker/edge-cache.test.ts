import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "~/platform/db.server";
import { upsertArtworks } from "~/artworks/queries.server";
import worker from "../../server";
import { signIn } from "./admin-helpers";
import { makePost, ORIGIN } from "./helpers";

const database = db(env);
// The suite runs with the cache off (vitest.config.ts); these requests turn it on as production has it.
const cachedEnv = { ...env, PUBLIC_CACHE_SECONDS: "60" };

/** A whole request through server.ts with the edge cache on, waiting for what it does after answering. */
async function visit(path: string, headers: Record<string, string> = {}, init: RequestInit = {}) {
  const ctx = createExecutionContext();
  const request = new Request(new URL(path, ORIGIN), { headers: { Host: "localhost", ...headers }, ...init });
  const response = await worker.fetch(request as never, cachedEnv as never, ctx);
  const html = await response.text();
  await waitOnExecutionContext(ctx);
  return { response, html, state: response.headers.get("X-Edge-Cache") };
}

let adminCookie: string;
beforeAll(async () => {
  await upsertArtworks(database, [makePost({ id: "cache-first", title: "Cached Harbour", category: "watercolor" })]);
  adminCookie = await signIn();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the edge cache for public pages", () => {
  it("serves visitors a stored page, while the admin sees a change at once", async () => {
    const path = "/gallery?category=watercolor";
    const first = await visit(path);
    expect(first.state).toBe("MISS");
    expect(first.response.headers.get("Cache-Control")).toBe(
      "public, max-age=0, s-maxage=60, stale-while-revalidate=600",
    );
    expect(first.html).toContain("Cached Harbour");

    await upsertArtworks(database, [
      makePost({ id: "cache-second", title: "Fresh Lighthouse", category: "watercolor", createdAt: "2030-01-01" }),
    ]);
    const second = await visit(path);
    expect(second.state).toBe("HIT");
    expect(second.html).not.toContain("Fresh Lighthouse");
    // The stored page keeps its security headers (with the nonce its scripts carry).
    expect(second.response.headers.get("Content-Security-Policy")).toContain("script-src");

    const admin = await visit(path, { Cookie: adminCookie });
    expect(admin.state).toBeNull();
    expect(admin.response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(admin.html).toContain("Fresh Lighthouse");

    // A hard reload asks for a fresh render too.
    const reload = await visit(path, { "Cache-Control": "no-cache" });
    expect(reload.state).toBeNull();
    expect(reload.html).toContain("Fresh Lighthouse");
  });

  it("after a minute serves the stale page once while it renders a fresh one", async () => {
    const path = "/gallery?category=watercolor&page=1";
    await visit(path);
    await upsertArtworks(database, [
      makePost({ id: "cache-third", title: "Later Tide", category: "watercolor", createdAt: "2031-01-01" }),
    ]);
    const now = Date.now();
    vi.spyOn(Date, "now").mockReturnValue(now + 61_000);
    const stale = await visit(path);
    expect(stale.state).toBe("STALE");
    expect(stale.html).not.toContain("Later Tide");
    const refreshed = await visit(path);
    expect(refreshed.state).toBe("HIT");
    expect(refreshed.html).toContain("Later Tide");
  });

  it("never stores what is not the same public page for everyone", async () => {
    // A missing artwork (404) and a form submission are rendered every time.
    expect((await visit("/post/no-such-artwork")).state).toBeNull();
    expect((await visit("/post/no-such-artwork")).state).toBeNull();
    const body = new URLSearchParams({ name: "A", email: "a@example.com", subject: "Hi", message: "Hello there" });
    const posted = await visit(
      "/contact",
      { Origin: ORIGIN, "CF-Connecting-IP": "192.0.2.77" },
      { method: "POST", body },
    );
    expect(posted.state).toBeNull();
  });

  it("answers an image from storage without a cache lookup that could only miss", async () => {
    const lookups = vi.spyOn((caches as unknown as { default: Cache }).default, "match");
    await env.IMAGES.put("posts/edge-cache-test.jpg", new Uint8Array([0xff, 0xd8, 0xff]), {
      httpMetadata: { contentType: "image/jpeg" },
    });
    const image = await visit("/images/posts/edge-cache-test.jpg");
    expect(image.response.status).toBe(200);
    expect(image.state).toBeNull();
    expect(lookups).not.toHaveBeenCalled();
    // Pages still use it.
    await visit("/gallery?category=watercolor&page=2");
    expect(lookups).toHaveBeenCalledTimes(1);
  });
});
