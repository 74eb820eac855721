import { Form, Link, useLocation } from "@remix-run/react";
import { AdminPage } from "~/admin/AdminPage";
import { SignInForm, type SignedOut } from "~/admin/SignInForm";
import { ConfirmButton } from "~/ui/ConfirmButton";
import { formatDateTime } from "~/ui/dates";
import type { collectorPage } from "~/sales/collectors.server";
import { purchasesText } from "~/sales/CollectorsList";
import { SalesList } from "~/sales/SalesList";
import { COLLECTORS_PATH } from "~/sales/path";

export type CollectorPageData =
  SignedOut | ({ signedIn: true } & NonNullable<Awaited<ReturnType<typeof collectorPage>>>);

/** One collector (/collectors/:id): their details, every purchase, their messages, and deletion on request. */
export function CollectorPage({ data }: { data: CollectorPageData }) {
  const { pathname } = useLocation();
  if (!data.signedIn) return <SignInForm next={pathname} sharedPasskeyOff={data.sharedPasskeyOff} />;
  const { collector, purchases, enquiries } = data;
  return (
    <AdminPage title={collector.name} className="sales">
      <p className="sales__links">
        <Link to={COLLECTORS_PATH}>All collectors</Link>
      </p>
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
      <h2 className="sales__heading">On their request</h2>
      <Form method="post">
        <ConfirmButton
          confirmText={`Delete ${collector.name}'s name, e-mail address and address, and their messages? Their purchases stay, with no buyer. This cannot be undone.`}
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
