import { Link, useLocation } from "@remix-run/react";
import { AdminPage } from "~/admin/AdminPage";
import { SignInForm, type SignedOut } from "~/admin/SignInForm";
import { RequestDetails } from "~/commissions/RequestDetails";
import { CommissionDeliveryForm } from "~/admin/CommissionDeliveryForm";
import { COMMISSION_REQUESTS_PATH } from "~/commissions/path";
import type { commissionPage } from "~/admin/commission-page.server";

export type CommissionRequestPageData =
  SignedOut | ({ signedIn: true } & NonNullable<Awaited<ReturnType<typeof commissionPage>>>);

/** One commission request (/inbox/commissions/:id): what was asked, the photos, and the way to answer it. */
export function CommissionRequestPage({ data }: { data: CommissionRequestPageData }) {
  const { pathname } = useLocation();
  if (!data.signedIn) return <SignInForm next={pathname} sharedPasskeyOff={data.sharedPasskeyOff} />;
  const { request } = data;
  // The Inbox lists a held message under Held; `read` opens it there in full.
  const inbox = `/inbox?${request.status === "held" ? "show=held&" : ""}read=${encodeURIComponent(request.id)}#message-${request.id}`;
  return (
    <AdminPage title={`Commission request from ${request.name}`} className="requests">
      <p>
        <Link to={COMMISSION_REQUESTS_PATH}>All commission requests</Link>
      </p>
      <RequestDetails
        request={request}
        message={data.message}
        photos={data.photos}
        inboxHref={inbox}
        pipeline={data.pipeline}
        delivery={
          <CommissionDeliveryForm
            submission={data.pipeline.submission}
            pricePence={request.quotePence}
            client={{ name: request.name, email: request.email }}
            today={data.today}
            hasPhoto={data.pipeline.progress.length > 0}
          />
        }
      />
    </AdminPage>
  );
}
