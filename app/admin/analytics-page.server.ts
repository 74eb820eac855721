// The /analytics page: the report of the chosen range, each artwork named and linked (a deleted one by
// its id); drafts are left out of its lists, as from every other list of artworks.
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
  const artworks = report.artworks
    .filter((artwork) => !titles.get(artwork.artworkId)?.draft)
    .map((artwork) => {
      const found = titles.get(artwork.artworkId);
      return { ...artwork, title: found?.title ?? null, path: found ? artworkPath(artwork.artworkId) : null };
    });
  return { report, artworks };
}

export type AnalyticsPageReport = Awaited<ReturnType<typeof getAnalyticsPage>>;
