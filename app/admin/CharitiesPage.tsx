import { useActionData, useLocation } from "@remix-run/react";
import { AdminPage } from "~/admin/AdminPage";
import { SignInForm, type SignedOut } from "~/admin/SignInForm";
import { FormMessages } from "~/forms/FormMessages";
import type { FormResult } from "~/forms/result";
import { CharitiesList } from "~/charities/CharitiesList";
import { CharityForm } from "~/charities/CharityForm";
import type { Charity } from "~/charities/schema";

export type CharitiesPageData = SignedOut | { signedIn: true; charities: Charity[] };

/** "Charities" (/charities): the charities she supports, which an artwork's sale can name, and a form to add one. */
export function CharitiesPage({ data }: { data: CharitiesPageData }) {
  const { pathname } = useLocation();
  const result = useActionData<FormResult>();
  if (!data.signedIn) return <SignInForm next={pathname} sharedPasskeyOff={data.sharedPasskeyOff} />;
  const failure = result && !result.ok ? result : undefined;
  const adding = failure?.values.intent === "save" ? failure : undefined;
  return (
    <AdminPage title="Charities" className="charities">
      <p>
        The charities your sales support. Each artwork can name one and the share of its price it receives; each sale
        keeps what it pledged.
      </p>
      <FormMessages error={adding ? undefined : failure?.formError} success={result?.ok ? result.notice : undefined} />
      <CharitiesList charities={data.charities} />
      <h2 className="charities__heading">Add a charity</h2>
      <div className="card-panel">
        <CharityForm
          key={result?.ok ? result.notice : "adding"}
          failure={adding}
          submitLabel="Add Charity"
          busyLabel="Adding..."
        />
      </div>
    </AdminPage>
  );
}
