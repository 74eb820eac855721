import { Link, useActionData, useLocation } from "@remix-run/react";
import { AdminFormPage } from "~/admin/AdminFormPage";
import { SignInForm, type SignedOut } from "~/admin/SignInForm";
import type { FormResult } from "~/forms/result";
import { CharityForm } from "~/charities/CharityForm";
import { CHARITIES_PATH } from "~/charities/path";
import type { Charity } from "~/charities/schema";

export type CharityPageData = SignedOut | { signedIn: true; charity: Charity };

/** One charity's details, changed (/charities/:id). */
export function CharityPage({ data }: { data: CharityPageData }) {
  const { pathname } = useLocation();
  const result = useActionData<FormResult>();
  if (!data.signedIn) return <SignInForm next={pathname} sharedPasskeyOff={data.sharedPasskeyOff} />;
  return (
    <AdminFormPage title={`Edit ${data.charity.name}`}>
      <p>
        <Link to={CHARITIES_PATH}>All charities</Link>
      </p>
      <CharityForm
        charity={data.charity}
        failure={result && !result.ok ? result : undefined}
        submitLabel="Save Charity"
        busyLabel="Saving..."
      />
    </AdminFormPage>
  );
}
