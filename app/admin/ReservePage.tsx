import { useLocation } from "@remix-run/react";
import { AdminFormPage } from "~/admin/AdminFormPage";
import { SignInForm, type SignedOut } from "~/admin/SignInForm";
import { ReserveForm } from "~/sales/ReserveForm";
import type { SaleFormStart } from "~/sales/sale-form.server";

/** "Reserve" (/sales/reserve), from an enquiry or from the artwork. */
export function ReservePage({ data }: { data: SignedOut | ({ signedIn: true } & SaleFormStart) }) {
  const { pathname, search } = useLocation();
  if (!data.signedIn) return <SignInForm next={pathname + search} sharedPasskeyOff={data.sharedPasskeyOff} />;
  return (
    <AdminFormPage title="Reserve">
      <ReserveForm data={data} />
    </AdminFormPage>
  );
}
