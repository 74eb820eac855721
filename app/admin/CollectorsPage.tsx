import { Link, useLocation } from "@remix-run/react";
import { Download } from "lucide-react";
import { AdminPage } from "~/admin/AdminPage";
import { SearchForm } from "~/admin/SearchForm";
import { SignInForm, type SignedOut } from "~/admin/SignInForm";
import { FormMessages } from "~/forms/FormMessages";
import type { CollectorSummary } from "~/sales/collectors.server";
import { CollectorsList } from "~/sales/CollectorsList";
import { SALES_PATH } from "~/sales/path";

export type CollectorsPageData =
  SignedOut | { signedIn: true; collectors: CollectorSummary[]; query: string; deleted: boolean };

/** "Collectors" (/collectors): everyone who has bought from the artist, searchable, and as CSV. */
export function CollectorsPage({ data }: { data: CollectorsPageData }) {
  const { pathname } = useLocation();
  if (!data.signedIn) return <SignInForm next={pathname} sharedPasskeyOff={data.sharedPasskeyOff} />;
  return (
    <AdminPage title="Collectors" className="sales">
      <p className="sales__links">
        <Link to={SALES_PATH}>All sales</Link> · {/* A file: the browser saves it and the page stays. */}
        <a href="/collectors.csv">
          <Download size={16} aria-hidden="true" /> Download as CSV
        </a>
      </p>
      <SearchForm id="collector-search" label="Search by name or e-mail" query={data.query} />
      <FormMessages
        success={data.deleted ? "The collector's details and messages are deleted; their purchases stay." : undefined}
      />
      <CollectorsList collectors={data.collectors} searched={data.query !== ""} />
    </AdminPage>
  );
}
