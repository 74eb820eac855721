import { Link, useActionData, useLocation } from "@remix-run/react";
import { AdminPage } from "~/admin/AdminPage";
import { ShopOrderButtons } from "~/admin/ShopOrderButtons";
import { SignInForm, type SignedOut } from "~/admin/SignInForm";
import type { ShopOrderData } from "~/admin/shop-order.server";
import { imageSrc } from "~/images/references";
import { Pager } from "~/ui/Pager";

export type ShopOrderPageData = SignedOut | ({ signedIn: true } & ShopOrderData);

/** The order of the shop and its category tabs, top first, one compact row per artwork. */
export function ShopOrderPage({ data }: { data: ShopOrderPageData }) {
  // Without JavaScript a move posts the whole page: a refusal (an artwork deleted meanwhile) comes back
  // as action data and is shown above the list.
  const result = useActionData<{ ok: boolean; formError?: string }>();
  const { pathname } = useLocation();
  if (!data.signedIn) return <SignInForm next={pathname} sharedPasskeyOff={data.sharedPasskeyOff} />;
  return (
    <AdminPage title="Shop Order" className="shop-order-page">
      <p>
        The shop and its category tabs show your artworks in this order, top first. New artworks start at the top.
        Drafts keep their place and appear there once published.
      </p>
      <div role="status">
        {result && !result.ok ? <p className="form-error form-error--panel">{result.formError}</p> : null}
      </div>
      {data.rows.length === 0 ? (
        <p className="empty-state">
          No artworks yet. <Link to="/createPost">Create your first artwork</Link>.
        </p>
      ) : (
        <ol className="order-list" start={data.rows[0]!.place}>
          {data.rows.map((row) => (
            <li key={row.id} className="order-row">
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
