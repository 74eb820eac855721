import { Link, useLocation } from "@remix-run/react";
import { AdminPage } from "~/admin/AdminPage";
import { SignInForm, type SignedOut } from "~/admin/SignInForm";
import { RequestsList } from "~/commissions/RequestsList";
import { COMMISSIONS_EDIT_PATH } from "~/commissions/path";
import type { RequestRow } from "~/commissions/requests.server";
import type { Paging } from "~/platform/paging";
import { Pager } from "~/ui/Pager";

export type CommissionRequestsPageData = SignedOut | { signedIn: true; rows: RequestRow[]; paging: Paging };

/** The Inbox's commission requests (/inbox/commissions), newest first, phone first. */
export function CommissionRequestsPage({ data }: { data: CommissionRequestsPageData }) {
  const { pathname } = useLocation();
  if (!data.signedIn) return <SignInForm next={pathname} sharedPasskeyOff={data.sharedPasskeyOff} />;
  return (
    <AdminPage title="Commission requests" className="requests">
      <p className="requests__links">
        <a href="/inbox">All messages in the Inbox</a>
        <Link to={COMMISSIONS_EDIT_PATH}>Edit the commissions page</Link>
      </p>
      <RequestsList requests={data.rows} />
      <Pager param="page" paging={data.paging} label="Commission request pages" />
    </AdminPage>
  );
}
