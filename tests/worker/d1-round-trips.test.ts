// Every public page reads D1 in at most one round trip: a far visitor's miss waits for D1 once, not
// once per query. Counted by the bench's own meter (BENCH_COUNT_D1=1: X-D1-Round-Trips), over every
// public route the build has, with data on the page.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { benchD1, db } from "~/platform/db.server";
import { artworks } from "~/artworks/schema";
import { fetchWithEnv } from "./faults-helpers";
import { discoverRoutes, PUBLIC, storeDiscoveredRows } from "./route-discovery";

const counted = { BENCH_COUNT_D1: "1" } as unknown as Partial<Env>;
const PAGES = discoverRoutes().filter((route) => PUBLIC.has(route.id) && route.loader);

beforeAll(storeDiscoveredRows);

describe("D1 round trips per public page, rendered afresh", () => {
  it.each(PAGES.map((route) => [route.path, route]))("%s: at most one", async (path) => {
    const { response } = await fetchWithEnv(counted, path, { headers: { "Cache-Control": "no-cache" } });
    await response.arrayBuffer();
    expect(response.status).toBeLessThan(500);
    expect(Number(response.headers.get("X-D1-Round-Trips"))).toBeLessThanOrEqual(1);
  });

  it("where the meter counts a batch once, and each statement run on its own once", async () => {
    const count = { statements: 0, roundTrips: 0 };
    const d1 = benchD1(env.DB, count);
    await d1.prepare("select 1").first();
    await d1.prepare("select ?").bind(2).all();
    expect(count).toEqual({ statements: 2, roundTrips: 2 });
    await d1.batch([d1.prepare("select 1"), d1.prepare("select ?").bind(2)]);
    expect(count).toEqual({ statements: 4, roundTrips: 3 });
    await db({ DB: d1 }).select({ id: artworks.id }).from(artworks).limit(1);
    expect(count).toEqual({ statements: 5, roundTrips: 4 });
  });
});
