// What recorded sales pledged to charity: only sales that stand (an undone sale pledges nothing) and
// that fixed a pledge (app/charities/queries.server.ts, pledgeValues).
import { and, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import { sales } from "~/sales/schema";

/** A sale that stands and pledged something. */
export const pledging = and(isNull(sales.undoneAt), isNotNull(sales.pledgePence), isNotNull(sales.charityId));

/** What standing sales pledged to charity `charityId` in all, as a column of any statement. */
export function pledgedTo(charityId: string | SQL) {
  return sql<number>`(select coalesce(sum(${sales.pledgePence}), 0) from ${sales}
    where ${pledging} and ${sales.charityId} = ${charityId})`.mapWith(Number);
}
