import { Link, useActionData, useLocation } from "@remix-run/react";
import { AdminPage } from "~/admin/AdminPage";
import { SignInForm, type SignedOut } from "~/admin/SignInForm";
import { InboxList } from "~/messages/InboxList";
import { COMMISSION_REQUESTS_PATH, commissionRequestPath } from "~/commissions/path";
import type { InboxData } from "~/messages/inbox.server";
import { recordSalePath, reservePath } from "~/sales/path";
import { PaymentReplyFields, type ReplyPayments } from "~/sales/PaymentReplyFields";

export type InboxPageData = SignedOut | ({ signedIn: true; payments: ReplyPayments } & InboxData);

export function InboxPage({ data }: { data: InboxPageData }) {
  // Without JavaScript the buttons post the whole page: a refusal (a message deleted meanwhile, a
  // retry that failed again) comes back as action data and is shown above the list.
  const result = useActionData<{ ok: boolean; formError?: string }>();
  const { pathname } = useLocation();
  if (!data.signedIn) return <SignInForm next={pathname} sharedPasskeyOff={data.sharedPasskeyOff} />;
  return (
    <AdminPage title="Inbox" className="inbox-page">
      <div role="status">
        {result && !result.ok ? <p className="form-error form-error--panel">{result.formError}</p> : null}
      </div>
      <p>
        <Link to={COMMISSION_REQUESTS_PATH}>Commission requests, with their photos and stages</Link>
      </p>
      <InboxList
        data={data}
        commissionHref={commissionRequestPath}
        saleHref={(enquiry, step) =>
          (step === "reserve" ? reservePath : recordSalePath)(enquiry.artworkId, { enquiry: enquiry.id })
        }
        enquiryReplyExtra={(kept) => <PaymentReplyFields payments={data.payments} kept={kept} />}
      />
    </AdminPage>
  );
}
