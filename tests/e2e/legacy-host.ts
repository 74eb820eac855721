// The old site's image host, for the migration e2e test: a local HTTP server answering
// /legacy/<file> with the demo paintings, and a post in the e2e database that still points at it.
import { readFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import { join } from "node:path";
import { db } from "../../app/platform/db.server";
import { upsertArtworks } from "../../app/artworks/queries.server";
import { withLocalEnv } from "../../scripts/lib/local-env";
import { ROOT } from "../../scripts/lib/root";

export const LEGACY_POST_ID = "e2e-legacy-harbour";
export const LEGACY_POST_TITLE = "Harbour at Dusk (old site)";
export const LEGACY_HOST = "localhost";
/** Older, so the tool shows it first: the weak-signal test migrates it by upload before the other is copied. */
export const WEAK_SIGNAL_POST_ID = "e2e-legacy-stall";
export const WEAK_SIGNAL_POST_TITLE = "Market Stall Sketch (old site)";

/** Serves seed/images/<file> as /legacy/<file>; anything else is 404. Listens on IPv4 and IPv6. */
export async function startLegacyHost(port: number): Promise<Server> {
  const server = createServer(async (request, response) => {
    const file = /^\/legacy\/([a-z0-9-]+\.jpg)$/.exec(request.url ?? "")?.[1];
    if (!file) return void response.writeHead(404).end("not found");
    try {
      const bytes = await readFile(join(ROOT, "seed", "images", file));
      response.writeHead(200, { "Content-Type": "image/jpeg", "Content-Length": bytes.length }).end(bytes);
    } catch {
      response.writeHead(404).end("not found");
    }
  });
  await new Promise<void>((resolve) => server.listen(port, resolve));
  return server;
}

/** Adds, before the server starts, two old-site posts whose images are on the legacy host. */
export async function seedLegacyArtwork(persistTo: string, legacyBase: string): Promise<void> {
  await withLocalEnv(persistTo, (env) =>
    upsertArtworks(db(env), [
      {
        id: LEGACY_POST_ID,
        title: LEGACY_POST_TITLE,
        description: "Imported from the old site; its images are still on the old host.",
        medium: "Oil on canvas",
        categories: ["oil"],
        category: "oil",
        size: "50 x 40 cm",
        price: "380",
        imageUrls: [
          `${legacyBase}/legacy/robin-hoods-bay-boats-1.jpg`,
          `${legacyBase}/legacy/robin-hoods-bay-boats-2.jpg`,
        ],
        available: "yes",
        createdAt: "2019-05-01T12:00:00.000Z",
      },
      {
        id: WEAK_SIGNAL_POST_ID,
        title: WEAK_SIGNAL_POST_TITLE,
        description: "Imported from the old site; its image is still on the old host.",
        medium: "Pencil",
        categories: ["custom"],
        category: "custom",
        size: "A5",
        price: "60",
        imageUrls: [`${legacyBase}/legacy/robin-hoods-bay-boats-2.jpg`],
        available: "yes",
        createdAt: "2018-05-01T12:00:00.000Z",
      },
    ]),
  );
}
