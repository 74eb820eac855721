// A store grown past the demo content: `count` more artworks, each pointing at a demo image, for a
// test of how the dashboard holds up as the collection grows.
import { db } from "../../app/platform/db.server";
import { upsertArtworks } from "../../app/artworks/queries.server";
import { withLocalEnv } from "../../scripts/lib/local-env";

export async function addArtworks(persistTo: string, count: number): Promise<void> {
  await withLocalEnv(persistTo, async (env) => {
    const rows = Array.from({ length: count }, (_, i) => ({
      id: `grown-${i}`,
      title: `Grown Collection ${i}`,
      description: "One of many.",
      medium: "Oil on canvas",
      categories: ["oil" as const],
      category: "oil",
      size: "40 x 50 cm",
      price: "250",
      imageUrls: ["posts/1735689600000_wild-poppies-1.jpg"],
    }));
    await upsertArtworks(db(env), rows);
  });
}
