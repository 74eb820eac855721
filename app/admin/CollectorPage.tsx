import { Form, Link, useActionData, useLocation, useNavigation } from "@remix-run/react";
import { FormField } from "~/forms/FormField";
import { FormMessages } from "~/forms/FormMessages";
import type { FormResult } from "~/forms/result";
import { AdminPage } from "~/admin/AdminPage";
import { SignInForm, type SignedOut } from "~/admin/SignInForm";
import { ConfirmButton } from "~/ui/ConfirmButton";
import { formatDateTime } from "~/ui/dates";
import type { collectorPage } from "~/sales/collectors.server";
import { purchasesText } from "~/sales/CollectorsList";
import { SalesList } from "~/sales/SalesList";
import { COLLECTORS_PATH } from "~/sales/path";

export type CollectorPageData =
  SignedOut | ({ signedIn: true; merged: boolean } & NonNullable<Awaited<ReturnType<typeof collectorPage>>>);

/** One collector (/collectors/:id): their details, every purchase, their messages, and deletion on request. */
export function CollectorPage({ data }: { data: CollectorPageData }) {
  const { pathname } = useLocation();
  if (!data.signedIn) return <SignInForm next={pathname} sharedPasskeyOff={data.sharedPasskeyOff} />;
  const { collector, purchases, enquiries, others, merged } = data;
  return (
    <AdminPage title={collector.name} className="sales">
      <p className="sales__links">
        <Link to={COLLECTORS_PATH}>All collectors</Link>
      </p>
      {merged ? <FormMessages success="Merged: every purchase of both records is here now." /> : null}
      <div className="card-panel sales__sale">
        <p>
          <a href={`mailto:${collector.email}`}>{collector.email}</a>
        </p>
        {collector.address ? <p className="sales__note">{collector.address}</p> : null}
        <p>
          <strong>{purchasesText(collector)}</strong>
        </p>
      </div>
      <h2 className="sales__heading">Purchases</h2>
      <SalesList sales={purchases} recorded={null} />
      <h2 className="sales__heading">Messages</h2>
      {enquiries.length === 0 ? (
        <p>No messages from this address.</p>
      ) : (
        <ul className="sales__messages">
          {enquiries.map((message) => (
            <li key={message.id}>
              <Link to={`/inbox?read=${encodeURIComponent(message.id)}#message-${message.id}`}>
                {message.kind === "enquiry" ? `Enquiry about ${message.artworkTitle ?? "an artwork"}` : "Message"}
              </Link>{" "}
              · <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
            </li>
          ))}
        </ul>
      )}
      {others.length > 0 ? <MergeForm name={collector.name} others={others} /> : null}
      <h2 className="sales__heading">On their request</h2>
      <Form method="post">
        <ConfirmButton
          confirmText={`Delete ${collector.name}'s name, e-mail address and address, their messages and their commission requests with every photo? Their purchases stay, with no buyer. This cannot be undone.`}
          name="intent"
          value="delete"
          className="button button--ghost admin-form__delete"
        >
          Delete Their Details
        </ConfirmButton>
      </Form>
    </AdminPage>
  );
}

/** One buyer recorded twice: this record's purchases go to the one chosen, and this record goes. */
function MergeForm({ name, others }: { name: string; others: { id: string; name: string; email: string }[] }) {
  const result = useActionData<FormResult>();
  const navigation = useNavigation();
  const merging = navigation.formData?.get("intent") === "merge";
  return (
    <Form method="post" className="form sales__merge">
      <h2 className="sales__heading">The same person as another collector?</h2>
      <FormField
        label="Merge into"
        name="into"
        defaultValue=""
        options={[
          // Required, so the browser asks for a choice before sending.
          { value: "", label: "Choose a collector" },
          ...others.map((other) => ({ value: other.id, label: `${other.name} · ${other.email}` })),
        ]}
      />
      <FormMessages error={result && !result.ok ? result.formError : undefined} />
      <ConfirmButton
        confirmText={`Move ${name}'s purchases to the collector you chose, and delete this record? Their messages stay in the Inbox.`}
        name="intent"
        value="merge"
        className="button button--secondary"
        disabled={merging}
      >
        {merging ? "Merging..." : "Merge Into Them"}
      </ConfirmButton>
    </Form>
  );
}
