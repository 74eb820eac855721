import { Link, useLocation } from "@remix-run/react";
import { AdminFormPage } from "~/admin/AdminFormPage";
import { SignInForm, type SignedOut } from "~/admin/SignInForm";
import { artworkPath } from "~/artworks/path";
import type { SalePageRow } from "~/sales/queries.server";
import { SaleDetailsForm } from "~/sales/SaleDetailsForm";
import { SALES_PATH } from "~/sales/path";
import { SaleCertificate, type SaleCertificateProps } from "~/sales/SaleCertificate";

export type SalePageData =
  | SignedOut
  | ({ signedIn: true; sale: SalePageRow } & Pick<SaleCertificateProps, "receipts" | "submission" | "answer">);

/** A sale's own page (/sales/:id): its details changed, or completed after a one-tap "Mark sold". */
export function SalePage({ data }: { data: SalePageData }) {
  const { pathname } = useLocation();
  if (!data.signedIn) return <SignInForm next={pathname} sharedPasskeyOff={data.sharedPasskeyOff} />;
  const { sale, receipts, submission, answer } = data;
  return (
    <AdminFormPage title="Sale">
      <p className="admin-form__lead">
        <Link to={artworkPath(sale.artworkId)}>{sale.artworkTitle}</Link> · <Link to={SALES_PATH}>All sales</Link>
        {sale.undoneAt ? <> · undone</> : null}
      </p>
      <SaleDetailsForm sale={sale} />
      {sale.undoneAt || !sale.certificateNumber ? null : (
        <SaleCertificate
          saleId={sale.id}
          number={sale.certificateNumber}
          buyerEmail={sale.buyerEmail}
          receipts={receipts}
          submission={submission}
          answer={answer}
        />
      )}
    </AdminFormPage>
  );
}
