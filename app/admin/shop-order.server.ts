// The admin's Shop Order page: the whole shop, drafts included, a page of compact rows at a time, each
// with the moves it can make.
import { shopOrderPage } from "~/artworks/queries.server";
import { artworkCard } from "~/artworks/view";
import type { Database } from "~/platform/db.server";
import { pageWindow, paging } from "~/platform/paging";

export async function getShopOrder(database: Database, page: number) {
  const window = pageWindow(page);
  const { rows, total } = await shopOrderPage(database, window);
  return {
    rows: rows.map((row, index) => ({
      ...artworkCard(row),
      draft: row.draft,
      featured: row.featured,
      place: window.offset + index + 1,
      canMoveUp: window.offset + index > 0,
      canMoveDown: window.offset + index < total - 1,
    })),
    paging: paging(page, total),
  };
}

export type ShopOrderData = Awaited<ReturnType<typeof getShopOrder>>;
