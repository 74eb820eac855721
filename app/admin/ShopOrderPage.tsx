import { Link, useActionData, useFetcher, useLocation } from "@remix-run/react";
import { GripVertical } from "lucide-react";
import { useState, type DragEvent } from "react";
import { AdminPage } from "~/admin/AdminPage";
import { ShopOrderButtons } from "~/admin/ShopOrderButtons";
import { SignInForm, type SignedOut } from "~/admin/SignInForm";
import type { ShopOrderData } from "~/admin/shop-order.server";
import { imageSrc } from "~/images/references";
import { Pager } from "~/ui/Pager";
import { useHydrated } from "~/ui/use-hydrated";

export type ShopOrderPageData = SignedOut | ({ signedIn: true } & ShopOrderData);

/** The order of the shop and its category tabs, top first, one compact row per artwork. */
export function ShopOrderPage({ data }: { data: ShopOrderPageData }) {
  // Without JavaScript a move posts the whole page: a refusal (an artwork deleted meanwhile) comes back
  // as action data and is shown above the list.
  const result = useActionData<{ ok: boolean; formError?: string }>();
  const { pathname } = useLocation();
  const drag = useDragToPlace();
  if (!data.signedIn) return <SignInForm next={pathname} sharedPasskeyOff={data.sharedPasskeyOff} />;
  return (
    <AdminPage title="Shop Order" className="shop-order-page">
      <p>
        The shop and its category tabs show your artworks in this order, top first. New artworks start at the top.
        Drafts keep their place and appear there once published.
      </p>
      <div role="status">
        {result && !result.ok ? <p className="form-error form-error--panel">{result.formError}</p> : null}
        {drag.failed ? <p className="form-error form-error--panel">{drag.failed}</p> : null}
      </div>
      {data.rows.length === 0 ? (
        <p className="empty-state">
          No artworks yet. <Link to="/createPost">Create your first artwork</Link>.
        </p>
      ) : (
        <ol className="order-list" start={data.rows[0]!.place} aria-busy={drag.moving}>
          {data.rows.map((row) => (
            <li key={row.id} {...drag.row(row.id, row.place)}>
              {drag.enabled ? <GripVertical size={18} aria-hidden="true" className="order-row__grip" /> : null}
              {row.image ? (
                <img src={imageSrc(row.image)} alt="" width={64} height={48} className="order-row__image" />
              ) : (
                <span className="order-row__image" aria-hidden="true" />
              )}
              <span className="order-row__title">
                <Link to={`/edit/${encodeURIComponent(row.id)}`}>{row.title}</Link>
                {row.draft ? <span className="badge badge--draft">Draft</span> : null}
                {row.featured ? <span className="badge badge--featured">Featured</span> : null}
                {row.available === "no" ? <span className="badge badge--sold">SOLD</span> : null}
              </span>
              <ShopOrderButtons id={row.id} title={row.title} canMoveUp={row.canMoveUp} canMoveDown={row.canMoveDown} />
            </li>
          ))}
        </ol>
      )}
      <Pager param="page" paging={data.paging} label="Shop order pages" />
    </AdminPage>
  );
}

/**
 * Drag and drop between the rows of this page, with the app running: a row dropped on another takes
 * its place. The Move buttons are the way for the keyboard, and for browsers that do not drag.
 */
function useDragToPlace() {
  const enabled = useHydrated();
  const fetcher = useFetcher<{ ok: boolean; formError?: string }>();
  const [dragged, setDragged] = useState<string | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const end = () => {
    setDragged(null);
    setOver(null);
  };
  const row = (id: string, place: number) => ({
    className: `order-row${dragged === id ? " order-row--dragged" : ""}${over === id && dragged !== id ? " order-row--target" : ""}`,
    draggable: enabled || undefined,
    onDragStart: (event: DragEvent) => {
      event.dataTransfer.setData("text/plain", id);
      event.dataTransfer.effectAllowed = "move";
      setDragged(id);
    },
    onDragOver: (event: DragEvent) => {
      if (!dragged) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = "move";
      setOver(id);
    },
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      if (dragged && dragged !== id) void fetcher.submit({ id: dragged, place: String(place) }, { method: "post" });
      end();
    },
    onDragEnd: end,
  });
  return {
    enabled,
    row,
    moving: fetcher.state !== "idle",
    failed: fetcher.data && !fetcher.data.ok ? fetcher.data.formError : undefined,
  };
}
