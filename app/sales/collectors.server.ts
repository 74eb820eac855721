// The collectors list, one collector's page, the CSV export, and deletion on request.
import { and, asc, desc, eq, inArray, isNull, ne, or, sql } from "drizzle-orm";
import { now } from "~/platform/columns";
import type { Database } from "~/platform/db.server";
import { messages } from "~/messages/schema";
import { collectors, receipts, sales } from "~/sales/schema";
import { listSalesWhere } from "~/sales/queries.server";
import { csvText } from "~/ui/csv";

/** A collector with what they bought: standing purchases, what those came to, and their latest day. */
const summary = {
  id: collectors.id,
  name: collectors.name,
  email: collectors.email,
  address: collectors.address,
  createdAt: collectors.createdAt,
  purchases: sql<number>`count(${sales.id})`.mapWith(Number),
  spentPence: sql<number>`coalesce(sum(${sales.pricePence}), 0)`.mapWith(Number),
  lastSoldOn: sql<string | null>`max(${sales.soldOn})`,
};
export type CollectorSummary = {
  id: string;
  name: string;
  email: string;
  address: string | null;
  createdAt: string;
  purchases: number;
  spentPence: number;
  lastSoldOn: string | null;
};

/** At most this many collectors on the list; the search finds the others. */
export const COLLECTORS_SHOWN = 200;

/** Every collector (or those whose name or e-mail holds `query`), the latest buyer first. */
export async function listCollectors(database: Database, query = "", limit = COLLECTORS_SHOWN) {
  const needle = `%${query
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return database
    .select(summary)
    .from(collectors)
    .leftJoin(sales, and(eq(sales.collectorId, collectors.id), isNull(sales.undoneAt)))
    .where(
      query.trim()
        ? sql`(${collectors.name} like ${needle} escape '\\' or ${collectors.email} like ${needle} escape '\\')`
        : undefined,
    )
    .groupBy(collectors.id)
    .orderBy(desc(sql`max(${sales.soldOn})`), asc(collectors.name))
    .limit(limit) as Promise<CollectorSummary[]>;
}

/** One collector's page: their details and totals, every purchase (undone ones too), and their messages. */
export async function collectorPage(database: Database, id: string) {
  const [found] = await database
    .select(summary)
    .from(collectors)
    .leftJoin(sales, and(eq(sales.collectorId, collectors.id), isNull(sales.undoneAt)))
    .where(eq(collectors.id, id))
    .groupBy(collectors.id);
  if (!found) return undefined;
  const [purchases, enquiries, others] = await Promise.all([
    listSalesWhere(database, eq(sales.collectorId, id)),
    database
      .select({
        id: messages.id,
        kind: messages.kind,
        artworkTitle: messages.artworkTitle,
        createdAt: messages.createdAt,
      })
      .from(messages)
      .where(eq(sql`lower(${messages.email})`, found.email))
      .orderBy(desc(messages.createdAt))
      .limit(100),
    otherCollectors(database, id),
  ]);
  return { collector: found as CollectorSummary, purchases, enquiries, others };
}

/** At most this many collectors to merge one into, by name. */
export const MERGE_CHOICES = 500;

/** Every other collector, by name: who one may be merged into. */
function otherCollectors(database: Database, id: string) {
  return database
    .select({ id: collectors.id, name: collectors.name, email: collectors.email })
    .from(collectors)
    .where(ne(collectors.id, id))
    .orderBy(asc(collectors.name), asc(collectors.email))
    .limit(MERGE_CHOICES);
}

/**
 * One buyer recorded twice (two addresses, a typo): collector `fromId`'s purchases become `intoId`'s, who
 * keeps their name and e-mail (and takes the address when they had none), and `fromId`'s record goes, in
 * one batch. Messages stay where they are, under the address they came from. "missing" when either is
 * not there; "same" when asked to merge one into itself.
 */
export async function mergeCollectors(
  database: Database,
  fromId: string,
  intoId: string,
): Promise<"merged" | "missing" | "same"> {
  if (fromId === intoId) return "same";
  const both = sql`(select count(*) from ${collectors} where ${collectors.id} in (${fromId}, ${intoId})) = 2`;
  const [, , merged] = await database.batch([
    database
      .update(collectors)
      .set({
        address: sql`coalesce(${collectors.address}, (select c.address from ${collectors} c where c.id = ${fromId}))`,
        updatedAt: now,
      })
      .where(and(eq(collectors.id, intoId), both)),
    database
      .update(sales)
      .set({ collectorId: intoId })
      .where(and(eq(sales.collectorId, fromId), both)),
    database
      .delete(collectors)
      .where(and(eq(collectors.id, fromId), sql`exists (select 1 from ${collectors} c where c.id = ${intoId})`))
      .returning({ id: collectors.id }),
  ]);
  return merged.length > 0 ? "merged" : "missing";
}

/** A collector's e-mail address, or null when there is no such collector. */
export async function collectorEmail(database: Database, id: string): Promise<string | null> {
  const row = await database.select({ email: collectors.email }).from(collectors).where(eq(collectors.id, id)).get();
  return row?.email ?? null;
}

/**
 * Deletes a collector's personal details on their request: their record and the messages they sent
 * from that address, and the receipts sent to it. Their purchases stay, with no buyer (the foreign key
 * sets it null). False when there was no such collector.
 */
export async function deleteCollector(database: Database, id: string): Promise<boolean> {
  const email = sql`(select ${collectors.email} from ${collectors} where ${collectors.id} = ${id})`;
  const [, , deleted] = await database.batch([
    database.delete(messages).where(eq(sql`lower(${messages.email})`, email)),
    // The receipts sent to them name their address (and, after a merge, perhaps another one of theirs).
    database
      .delete(receipts)
      .where(
        or(
          eq(receipts.email, email),
          inArray(receipts.saleId, database.select({ id: sales.id }).from(sales).where(eq(sales.collectorId, id))),
        ),
      ),
    database.delete(collectors).where(eq(collectors.id, id)).returning({ id: collectors.id }),
  ]);
  return deleted.length > 0;
}

/** Every collector as CSV (RFC 4180), for a spreadsheet or a mailing tool. */
export async function collectorsCsv(database: Database): Promise<string> {
  const rows = await listCollectors(database, "", Number.MAX_SAFE_INTEGER);
  const header = ["Name", "Email", "Address", "Purchases", "Spent (GBP)", "Last purchase", "Collector since"];
  const lines = rows.map((row) => [
    row.name,
    row.email,
    row.address ?? "",
    String(row.purchases),
    (row.spentPence / 100).toFixed(2),
    row.lastSoldOn ?? "",
    row.createdAt.slice(0, 10),
  ]);
  return csvText([header, ...lines]);
}
