import { Link, useLocation } from "@remix-run/react";
import { AdminFormPage } from "~/admin/AdminFormPage";
import { SignInForm, type SignedOut } from "~/admin/SignInForm";
import { artworkPath } from "~/artworks/path";
import type { SaleRow } from "~/sales/queries.server";
import { SaleDetailsForm } from "~/sales/SaleDetailsForm";
import { SALES_PATH } from "~/sales/path";

export type SalePageData = SignedOut | { signedIn: true; sale: SaleRow & { buyerAddress: string | null } };

/** A sale's own page (/sales/:id): its details changed, or completed after a one-tap "Mark sold". */
export function SalePage({ data }: { data: SalePageData }) {
  const { pathname } = useLocation();
  if (!data.signedIn) return <SignInForm next={pathname} sharedPasskeyOff={data.sharedPasskeyOff} />;
  const { sale } = data;
  return (
    <AdminFormPage title="Sale">
      <p className="admin-form__lead">
        <Link to={artworkPath(sale.artworkId)}>{sale.artworkTitle}</Link> · <Link to={SALES_PATH}>All sales</Link>
        {sale.undoneAt ? <> · undone</> : null}
      </p>
      <SaleDetailsForm sale={sale} />
    </AdminFormPage>
  );
}
