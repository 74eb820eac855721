import { Link, useLocation } from "@remix-run/react";
import { AdminFormPage } from "~/admin/AdminFormPage";
import { SignInForm, type SignedOut } from "~/admin/SignInForm";
import { PageForm } from "~/commissions/PageForm";
import type { CommissionsContent } from "~/commissions/content";
import { COMMISSION_REQUESTS_PATH } from "~/commissions/path";

export type CommissionsEditPageData =
  SignedOut | { signedIn: true; content: CommissionsContent; savedAt: string | null };

/** The commissions page's words, edited by the artist (/commissions/edit). */
export function CommissionsEditPage({ data }: { data: CommissionsEditPageData }) {
  const { pathname } = useLocation();
  if (!data.signedIn) return <SignInForm next={pathname} sharedPasskeyOff={data.sharedPasskeyOff} />;
  return (
    <AdminFormPage title="Edit the commissions page">
      <p>
        <Link to={COMMISSION_REQUESTS_PATH}>Commission requests</Link>
      </p>
      <PageForm content={data.content} savedAt={data.savedAt} />
    </AdminFormPage>
  );
}
