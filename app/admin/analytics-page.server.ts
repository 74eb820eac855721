// The /analytics page: the report of the chosen range, each artwork named and linked (a deleted one by its id).
import { getAnalyticsData } from "~/analytics/report.server";
import type { AnalyticsRange } from "~/analytics/figures";
import { titlesOf } from "~/artworks/queries.server";
import { artworkPath } from "~/artworks/path";
import type { AppEnv } from "~/platform/env.server";
import { db } from "~/platform/db.server";

export async function getAnalyticsPage(range: AnalyticsRange, env: AppEnv, bindings: Env) {
  const report = await getAnalyticsData(range, { env, d1: bindings.DB });
  const titles = await titlesOf(
    db(bindings),
    report.artworks.map((artwork) => artwork.artworkId),
  );
  const artworks = report.artworks.map((artwork) => {
    const title = titles.get(artwork.artworkId);
    return { ...artwork, title: title ?? null, path: title === undefined ? null : artworkPath(artwork.artworkId) };
  });
  return { report, artworks };
}

export type AnalyticsPageReport = Awaited<ReturnType<typeof getAnalyticsPage>>;
