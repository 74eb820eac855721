import { Form, Link, useActionData, useLocation } from "@remix-run/react";
import { Download, Search } from "lucide-react";
import { AdminPage } from "~/admin/AdminPage";
import { SignInForm, type SignedOut } from "~/admin/SignInForm";
import { FormMessages } from "~/forms/FormMessages";
import type { FormResult } from "~/forms/result";
import type { SubscriberCounts, SubscriberRow } from "~/mailing-list/subscribers.server";
import { SubscribersList } from "~/mailing-list/SubscribersList";
import { SUBSCRIBERS_CSV_PATH } from "~/mailing-list/path";
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
        <Link to={SALES_PATH}>All sales</Link> · {/* A file: the browser saves it and the page stays. */}
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
      <Form method="get" role="search" className="sales__search">
        <label htmlFor="subscriber-search" className="field__label">
          Search by e-mail
        </label>
        <div className="sales__search-row">
          <input
            id="subscriber-search"
            type="search"
            name="q"
            defaultValue={data.query}
            maxLength={100}
            className="field__control"
          />
          <button type="submit" className="button button--secondary">
            <Search size={16} aria-hidden="true" /> Search
          </button>
        </div>
      </Form>
      <FormMessages
        error={result && !result.ok ? result.formError : undefined}
        success={result?.ok ? result.notice : undefined}
      />
      <SubscribersList subscribers={data.subscribers} searched={data.query !== ""} />
    </AdminPage>
  );
}
