import { Link, useActionData, useLocation } from "@remix-run/react";
import { AdminPage } from "~/admin/AdminPage";
import { SignInForm, type SignedOut } from "~/admin/SignInForm";
import { FormMessages } from "~/forms/FormMessages";
import type { FormResult } from "~/forms/result";
import type { SaleRow } from "~/sales/queries.server";
import { SalesList } from "~/sales/SalesList";
import { ReservationsList } from "~/sales/ReservationsList";
import type { ReservationRow } from "~/sales/reservations.server";
import { COLLECTORS_PATH } from "~/sales/path";
import { CHARITIES_PATH } from "~/charities/path";
import { SUBSCRIBERS_PATH } from "~/mailing-list/path";
import { PaymentLinksList } from "~/sales/PaymentLinksList";
import type { PaymentLinkRow } from "~/sales/payment-links.server";
import { PaymentInstructionsForm } from "~/admin/PaymentInstructionsForm";

export type SalesPageData =
  | SignedOut
  | {
      signedIn: true;
      sales: SaleRow[];
      reservations: ReservationRow[];
      paymentLinks: PaymentLinkRow[];
      /** Whether replies can carry Stripe payment links (STRIPE_SECRET_KEY is set). */
      stripe: boolean;
      instructions: string;
      recorded: string | null;
      reserved: string | null;
    };

/** "Sales" (/sales): every sale recorded, the one just recorded named first. */
export function SalesPage({ data }: { data: SalesPageData }) {
  const { pathname } = useLocation();
  const result = useActionData<FormResult>();
  if (!data.signedIn) return <SignInForm next={pathname} sharedPasskeyOff={data.sharedPasskeyOff} />;
  const failure = result && !result.ok ? result : undefined;
  const recorded = data.sales.find((sale) => sale.id === data.recorded);
  const reserved = data.reservations.find((reservation) => reservation.artworkId === data.reserved);
  const notice = result?.ok
    ? result.notice
    : recorded
      ? `Sale recorded: ${recorded.artworkTitle}.`
      : reserved
        ? `Reserved: ${reserved.artworkTitle}, for ${reserved.name}.`
        : undefined;
  return (
    <AdminPage title="Sales" className="sales">
      <p className="sales__links">
        <Link to={COLLECTORS_PATH}>Collectors</Link> · <Link to={CHARITIES_PATH}>Charities and donations</Link> ·{" "}
        <Link to={SUBSCRIBERS_PATH}>Mailing list</Link>
      </p>
      <FormMessages error={failure?.formError} success={notice} />
      <h2 className="sales__heading">Reserved</h2>
      <ReservationsList reservations={data.reservations} />
      {data.stripe || data.paymentLinks.length > 0 ? (
        <>
          <h2 className="sales__heading">Payment links</h2>
          <PaymentLinksList links={data.paymentLinks} />
        </>
      ) : null}
      <h2 className="sales__heading">Sold</h2>
      <SalesList sales={data.sales} recorded={data.recorded} />
      <PaymentInstructionsForm instructions={data.instructions} />
    </AdminPage>
  );
}
