import { Link, useActionData, useLocation } from "@remix-run/react";
import { SALES_PATH } from "~/sales/path";
import { IMPACT_PATH } from "~/charities/path";
import { AdminPage } from "~/admin/AdminPage";
import { SignInForm, type SignedOut } from "~/admin/SignInForm";
import { FormMessages } from "~/forms/FormMessages";
import type { FormResult } from "~/forms/result";
import { CharitiesList } from "~/charities/CharitiesList";
import { CharityForm } from "~/charities/CharityForm";
import type { Charity } from "~/charities/schema";
import type { DonationRow } from "~/charities/queries.server";
import { DonationForm } from "~/charities/DonationForm";
import { DonationsList } from "~/charities/DonationsList";

export type CharitiesPageData =
  SignedOut | { signedIn: true; charities: Charity[]; donations: DonationRow[]; submission: string; today: string };

/** "Charities" (/charities): the charities she supports, which an artwork's sale can name, and a form to add one. */
export function CharitiesPage({ data }: { data: CharitiesPageData }) {
  const { pathname } = useLocation();
  const result = useActionData<FormResult>();
  if (!data.signedIn) return <SignInForm next={pathname} sharedPasskeyOff={data.sharedPasskeyOff} />;
  const failure = result && !result.ok ? result : undefined;
  const adding = failure?.values.intent === "save" ? failure : undefined;
  const donating = failure?.values.intent === "donate" ? failure : undefined;
  return (
    <AdminPage title="Charities" className="charities">
      <p>
        <Link to={SALES_PATH}>Sales</Link> · <Link to={IMPACT_PATH}>The public impact page</Link>
      </p>
      <p>
        The charities your sales support. Each artwork can name one and the share of its price it receives; each sale
        keeps what it pledged.
      </p>
      <FormMessages
        error={adding || donating ? undefined : failure?.formError}
        success={result?.ok ? result.notice : undefined}
      />
      <h2 className="charities__heading">Your charities</h2>
      <CharitiesList charities={data.charities} />
      {data.charities.length > 0 ? (
        <>
          <h2 className="charities__heading">Donations given</h2>
          <p>What you have paid to the charities, shown on the impact page beside what sales pledged.</p>
          <div className="card-panel">
            <DonationForm
              key={data.submission}
              charities={data.charities}
              submission={data.submission}
              today={data.today}
              failure={donating}
            />
          </div>
          <DonationsList donations={data.donations} />
        </>
      ) : null}
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
