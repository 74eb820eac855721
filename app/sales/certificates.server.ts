// Reading certificates: a standing sale's, by its number (the public page) or by the sale (the artist's
// download). An undone sale's certificate no longer verifies.
import { and, eq, isNull, type SQL } from "drizzle-orm";
import { artworks } from "~/artworks/schema";
import type { Database } from "~/platform/db.server";
import type { Certificate } from "~/sales/certificate";
import { sales } from "~/sales/schema";

export async function certificateByNumber(database: Database, number: string): Promise<Certificate | undefined> {
  return certificateWhere(database, eq(sales.certificateNumber, number));
}

export async function certificateOfSale(database: Database, saleId: string): Promise<Certificate | undefined> {
  return certificateWhere(database, eq(sales.id, saleId));
}

async function certificateWhere(database: Database, where: SQL): Promise<Certificate | undefined> {
  const row = await database
    .select({
      number: sales.certificateNumber,
      title: sales.artworkTitle,
      print: sales.optionName,
      editionNumber: sales.editionNumber,
      editionSize: sales.editionSize,
      soldOn: sales.soldOn,
      artworkId: artworks.id,
      draft: artworks.draft,
      medium: artworks.medium,
      size: artworks.size,
      year: artworks.year,
      imageUrls: artworks.imageUrls,
      imageCopies: artworks.imageCopies,
    })
    .from(sales)
    .leftJoin(artworks, eq(artworks.id, sales.artworkId))
    .where(and(where, isNull(sales.undoneAt)))
    .get();
  if (!row?.number) return undefined;
  const { draft, imageUrls, imageCopies, artworkId, ...rest } = row;
  return {
    ...rest,
    number: row.number,
    image: imageUrls?.[0] ?? null,
    imageCopies: imageCopies ?? {},
    // A draft has no public page to link to (it was unpublished after the sale).
    artworkId: artworkId && !draft ? artworkId : null,
  };
}
