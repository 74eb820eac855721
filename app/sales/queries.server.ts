// Reading sales and collectors.
import { and, desc, eq, getTableColumns, isNull, sql, type SQL } from "drizzle-orm";
import { charities } from "~/charities/schema";
import type { Database } from "~/platform/db.server";
import { overwriteWithExcluded } from "~/platform/upsert.server";
import {
  collectors,
  receipts,
  sales,
  type Collector,
  type NewCollector,
  type NewSale,
  type Receipt,
  type Sale,
} from "~/sales/schema";

export type { Sale, Collector };

export async function getSale(database: Database, id: string): Promise<Sale | undefined> {
  return database.select().from(sales).where(eq(sales.id, id)).get();
}

/** The standing sale of an original (none once undone). */
export async function standingSaleOf(database: Database, artworkId: string): Promise<Sale | undefined> {
  return database
    .select()
    .from(sales)
    .where(and(eq(sales.artworkId, artworkId), isNull(sales.optionId), isNull(sales.undoneAt)))
    .get();
}

/** The print numbers of an option's standing sales. */
export async function usedEditionNumbers(database: Database, artworkId: string, optionId: string): Promise<number[]> {
  const rows = await database
    .select({ number: sales.editionNumber })
    .from(sales)
    .where(
      and(
        eq(sales.artworkId, artworkId),
        eq(sales.optionId, optionId),
        isNull(sales.undoneAt),
        sql`${sales.editionNumber} is not null`,
      ),
    );
  return rows.map((row) => row.number!);
}

/** One line of the sales list: the sale, its buyer's name and e-mail, and the charity it pledged to, when it has them. */
export type SaleRow = Sale & { buyerName: string | null; buyerEmail: string | null; charityName: string | null };

/** Every sale, the latest first (by its day, then when it was recorded). */
export async function listSales(database: Database, limit = 200): Promise<SaleRow[]> {
  return listSalesWhere(database, undefined, limit);
}

/** The sales `where` picks, the latest first, with their buyers. */
export async function listSalesWhere(database: Database, where: SQL | undefined, limit = 200): Promise<SaleRow[]> {
  return database
    .select({
      ...getTableColumns(sales),
      buyerName: collectors.name,
      buyerEmail: collectors.email,
      charityName: charities.name,
    })
    .from(sales)
    .leftJoin(collectors, eq(collectors.id, sales.collectorId))
    .leftJoin(charities, eq(charities.id, sales.charityId))
    .where(where)
    .orderBy(desc(sales.soldOn), desc(sales.createdAt))
    .limit(limit);
}

/** A sale with its buyer's details, for its own page. */
export type SalePageRow = SaleRow & { buyerAddress: string | null };

/** A sale's own page: the sale with its buyer, and the receipts sent for it (the latest first), in one round trip. */
export async function getSalePage(database: Database, id: string) {
  const [[sale], sent] = await database.batch([
    database
      .select({
        ...getTableColumns(sales),
        buyerName: collectors.name,
        buyerEmail: collectors.email,
        buyerAddress: collectors.address,
        charityName: charities.name,
      })
      .from(sales)
      .leftJoin(collectors, eq(collectors.id, sales.collectorId))
      .leftJoin(charities, eq(charities.id, sales.charityId))
      .where(eq(sales.id, id)),
    database
      .select()
      .from(receipts)
      .where(eq(receipts.saleId, id))
      .orderBy(desc(receipts.createdAt), desc(receipts.id)),
  ]);
  return sale && { sale: sale satisfies SalePageRow, receipts: sent satisfies Receipt[] };
}

/** Writes collectors and sales as given, replacing rows with the same ids (the demo content). */
export async function upsertSales(database: Database, buyers: NewCollector[], rows: NewSale[]): Promise<void> {
  if (buyers.length > 0) {
    await database
      .insert(collectors)
      .values(buyers)
      .onConflictDoUpdate({ target: collectors.id, set: overwriteWithExcluded(collectors) });
  }
  if (rows.length > 0) {
    await database
      .insert(sales)
      .values(rows)
      .onConflictDoUpdate({ target: sales.id, set: overwriteWithExcluded(sales) });
  }
}
