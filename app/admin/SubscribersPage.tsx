import { Link, useActionData, useLocation } from "@remix-run/react";
import { Download } from "lucide-react";
import { AdminPage } from "~/admin/AdminPage";
import { SearchForm } from "~/admin/SearchForm";
import { SignInForm, type SignedOut } from "~/admin/SignInForm";
import { FormMessages } from "~/forms/FormMessages";
import type { FormResult } from "~/forms/result";
import type { SubscriberCounts, SubscriberRow } from "~/mailing-list/subscribers.server";
import { SubscribersList } from "~/mailing-list/SubscribersList";
import { ANNOUNCE_PATH, SUBSCRIBERS_CSV_PATH } from "~/mailing-list/path";
import { SALES_PATH } from "~/sales/path";

export type SubscribersPageData =
  SignedOut | { signedIn: true; counts: SubscriberCounts; subscribers: SubscriberRow[]; query: string };

/** "Mailing list" (/subscribers): how many are listed, the addresses (searchable), delete on request, CSV. */
export function SubscribersPage({ data }: { data: SubscribersPageData }) {
  const { pathname } = useLocation();
  const result = useActionData<FormResult>();
  if (!data.signedIn) return <SignInForm next={pathname} sharedPasskeyOff={data.sharedPasskeyOff} />;
  const { counts } = data;
  return (
    <AdminPage title="Mailing list" className="sales">
      <p className="sales__links">
        <Link to={SALES_PATH}>All sales</Link> · <Link to={ANNOUNCE_PATH}>Announce new work and events</Link> ·{" "}
        {/* A file: the browser saves it and the page stays. */}
        <a href={SUBSCRIBERS_CSV_PATH}>
          <Download size={16} aria-hidden="true" /> Download as CSV
        </a>
      </p>
      <dl className="subscribers__counts">
        <div>
          <dt>Confirmed</dt>
          <dd>{counts.confirmed}</dd>
        </div>
        <div>
          <dt>Waiting to confirm</dt>
          <dd>{counts.pending}</dd>
        </div>
        <div>
          <dt>Left</dt>
          <dd>{counts.left}</dd>
        </div>
      </dl>
      <SearchForm id="subscriber-search" label="Search by e-mail" query={data.query} />
      <FormMessages
        error={result && !result.ok ? result.formError : undefined}
        success={result?.ok ? result.notice : undefined}
      />
      <SubscribersList subscribers={data.subscribers} searched={data.query !== ""} />
    </AdminPage>
  );
}
