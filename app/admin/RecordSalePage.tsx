import { useLocation } from "@remix-run/react";
import { AdminFormPage } from "~/admin/AdminFormPage";
import { SignInForm, type SignedOut } from "~/admin/SignInForm";
import { SaleForm } from "~/sales/SaleForm";
import type { SaleFormStart } from "~/sales/sale-form.server";

/** "Record a Sale" (/sales/new), from an enquiry or from the artwork. */
export function RecordSalePage({ data }: { data: SignedOut | ({ signedIn: true } & SaleFormStart) }) {
  const { pathname, search } = useLocation();
  if (!data.signedIn) return <SignInForm next={pathname + search} sharedPasskeyOff={data.sharedPasskeyOff} />;
  return (
    <AdminFormPage title="Record a Sale">
      <SaleForm data={data} />
    </AdminFormPage>
  );
}
