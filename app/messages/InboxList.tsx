import { Link, useFetcher, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { FormMessages } from "~/forms/FormMessages";
import { RotateCw, Send } from "lucide-react";
import { artworkPath } from "~/artworks/path";
import type { InboxData } from "~/messages/inbox.server";
import { INBOX_VIEWS, type InboxView } from "~/messages/views";
import { attemptsText, DELIVERY_STATUS } from "~/messages/delivery-status";
import { ReplyForm, ReplyThread } from "~/messages/InboxReplies";
import { ConfirmButton } from "~/ui/ConfirmButton";
import { Icon } from "~/ui/Icon";
import { DeleteAllButton } from "~/ui/DeleteAllButton";
import { Tabs, type Tab } from "~/ui/Tabs";
import { formatDateTime } from "~/ui/dates";
import { hrefWith } from "~/ui/href-with";
import { Pager } from "~/ui/Pager";

type InboxMessage = InboxData["messages"][number];

const counted = (n: number) => (n === 1 ? "1 message" : `${n} messages`);

// The lists, as their tabs name them, and what each says when it is empty.
const VIEWS: Record<InboxView, { tab: string; empty: string }> = {
  received: { tab: "All", empty: "No enquiries, commission requests or messages yet." },
  new: { tab: "New", empty: "Nothing new: every message is handled." },
  handled: { tab: "Handled", empty: "No handled messages." },
  failed: { tab: "Failed", empty: "No message failed to send." },
  held: { tab: "Held", empty: "No held messages." },
};

/**
 * Stored enquiries and contact messages, newest first, in lists by state (all, new, handled, failed):
 * read one, retry a failed e-mail, mark it handled, delete it, or clear every handled one away. Those
 * held past the hourly cap are a list of their own, to release or clear away.
 */
/**
 * Where the artist reserves the artwork an enquiry asks about for its sender, or records the sale that
 * came of it (the sales desk's addresses).
 */
export type SaleHref = (enquiry: { id: string; artworkId: string }, step: "reserve" | "record") => string;

/** The sales desk's fields in a reply to an enquiry (a payment link, or the artist's payment instructions). */
export type EnquiryReplyExtra = (kept: { values: Record<string, string>; errors: Record<string, string> }) => ReactNode;

/** Where a commission request's own page is (its photos, its stage, and its Delete). */
export type CommissionHref = (id: string) => string;

const KIND_LABEL: Record<InboxMessage["kind"], string> = {
  enquiry: "Enquiry",
  contact: "Contact",
  commission: "Commission request",
};

export function InboxList({
  data,
  saleHref,
  commissionHref,
  enquiryReplyExtra,
}: {
  data: InboxData;
  saleHref: SaleHref;
  commissionHref: CommissionHref;
  enquiryReplyExtra?: EnquiryReplyExtra;
}) {
  const { messages, paging, view, counts } = data;
  const heldView = view === "held";
  const tabs: Tab[] = INBOX_VIEWS.filter((name) => name !== "held" || counts.held > 0 || heldView).map((name) => ({
    key: name,
    to: name === "received" ? "/inbox" : `/inbox?show=${name}`,
    text: `${VIEWS[name].tab} (${counts[name]})`,
    selected: name === view,
  }));
  return (
    <>
      <Tabs label="Inbox lists" tabs={tabs} />
      {heldView ? (
        <div className="inbox__held-intro">
          <p>
            These arrived past the hourly limit on messages, during a flood. Nothing was e-mailed; Release sends one as
            if it had just arrived.
          </p>
          {counts.held > 0 ? (
            <DeleteAllButton
              intent="delete-held"
              count={counts.held}
              noun={["held message", "held messages"]}
              label="Delete All Held"
              stays="Messages received stay, and so do commission requests (delete one on its own page)."
            />
          ) : null}
        </div>
      ) : null}
      {view === "handled" && counts.handled > 0 ? (
        <DeleteAllButton
          intent="delete-handled"
          count={counts.handled}
          noun={["handled message", "handled messages"]}
          label="Delete All Handled"
          stays="New, failed and held messages stay, and so do commission requests (delete one on its own page)."
        />
      ) : null}
      <p className="dashboard__count">{counted(paging.total)}</p>
      {messages.length === 0 ? (
        <p className="empty-state">{VIEWS[view].empty}</p>
      ) : (
        <div className="table-scroll">
          <table className="admin-table inbox">
            <thead>
              <tr>
                <th scope="col">Kind</th>
                <th scope="col">Artwork</th>
                <th scope="col">From</th>
                <th scope="col">Date</th>
                <th scope="col">Status</th>
                <th scope="col">Message</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {messages.map((message) => (
                <InboxRow
                  key={message.id}
                  message={message}
                  saleHref={saleHref}
                  commissionHref={commissionHref}
                  enquiryReplyExtra={enquiryReplyExtra}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager param="page" paging={paging} label={heldView ? "Held message pages" : "Inbox pages"} />
    </>
  );
}

function InboxRow({
  message,
  saleHref,
  commissionHref,
  enquiryReplyExtra,
}: {
  message: InboxMessage;
  saleHref: SaleHref;
  commissionHref: CommissionHref;
  enquiryReplyExtra?: EnquiryReplyExtra;
}) {
  const location = useLocation();
  const fetcher = useFetcher<{ ok: boolean; formError?: string }>();
  const intent = fetcher.formData?.get("intent");
  // Show the new state at once; the loader revalidates after the action.
  const handled = intent === "handled" ? true : intent === "unhandled" ? false : Boolean(message.handledAt);
  const retrying = intent === "retry";
  const releasing = intent === "release";
  const held = message.status === "held";
  const status = DELIVERY_STATUS[message.status];
  const kind = KIND_LABEL[message.kind];
  const commission = message.kind === "commission";
  return (
    <tr className={handled ? "inbox__row--handled" : undefined}>
      <td data-label="Kind">{kind}</td>
      <td data-label="Artwork">
        {message.artworkId ? (
          <Link to={artworkPath(message.artworkId)}>{message.artworkTitle ?? message.artworkId}</Link>
        ) : commission ? (
          <Link to={commissionHref(message.id)}>Photos and stage</Link>
        ) : (
          "—"
        )}
        {message.artworkOption ? <span className="inbox__option">{message.artworkOption}</span> : null}
      </td>
      <td data-label="From">
        <div className="inbox__from">
          <span>{message.name}</span>
          <a href={`mailto:${message.email}`}>{message.email}</a>
        </div>
      </td>
      <td data-label="Date">
        <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
      </td>
      <td data-label="Status">
        <span className={`badge ${status.badge}`}>{retrying || releasing ? "Sending" : status.label}</span>
        {handled ? <span className="badge badge--upcoming inbox__handled">Handled</span> : null}
        {(message.status === "failed" || message.status === "digest") && message.lastError ? (
          <p className="inbox__error">{attemptsText(message)}</p>
        ) : null}
      </td>
      <td data-label="Message" className="admin-table__message">
        <details className="inbox__details" id={`message-${message.id}`} open={message.reading || undefined}>
          <summary>
            Read {kind.toLowerCase()} from {message.name}
          </summary>
          <p className="inbox__text">{message.message}</p>
          {message.whole ? null : (
            <Link
              to={hrefWith(location, { read: message.id }, `#message-${message.id}`)}
              preventScrollReset
              aria-label={`Read all of the ${kind.toLowerCase()} from ${message.name}`}
            >
              Read all
            </Link>
          )}
          {message.address ? (
            <p className="inbox__address">
              <strong>Address:</strong> {message.address}
            </p>
          ) : null}
          <ReplyThread replies={message.replies} />
          {held ? null : (
            <ReplyForm
              messageId={message.id}
              name={message.name}
              submission={message.replySubmission}
              extra={message.kind === "enquiry" && message.artworkId ? enquiryReplyExtra : undefined}
            />
          )}
        </details>
      </td>
      <td data-label="Actions">
        {message.kind === "enquiry" && message.artworkId && !held ? (
          <>
            <Link
              to={saleHref({ id: message.id, artworkId: message.artworkId }, "reserve")}
              className="button button--ghost inbox__sale"
              aria-label={`Reserve for ${message.name}`}
            >
              Reserve
            </Link>
            <Link
              to={saleHref({ id: message.id, artworkId: message.artworkId }, "record")}
              className="button button--ghost inbox__sale"
              aria-label={`Record Sale: ${message.name}`}
            >
              Record Sale
            </Link>
          </>
        ) : null}
        <fetcher.Form method="post" className="inbox__actions">
          <input type="hidden" name="id" value={message.id} />
          {held ? (
            <button
              type="submit"
              name="intent"
              value="release"
              className="button button--ghost"
              disabled={releasing}
              aria-label={`Release ${kind.toLowerCase()} from ${message.name}`}
            >
              <Send size={16} aria-hidden="true" /> {releasing ? "Releasing..." : "Release"}
            </button>
          ) : null}
          {message.status === "failed" ? (
            <button type="submit" name="intent" value="retry" className="button button--ghost" disabled={retrying}>
              <RotateCw size={16} aria-hidden="true" /> {retrying ? "Retrying..." : "Retry"}
            </button>
          ) : null}
          {held ? null : (
            <button
              type="submit"
              name="intent"
              value={handled ? "unhandled" : "handled"}
              className="button button--ghost"
              aria-label={`${handled ? "Mark not handled" : "Mark handled"}: ${kind.toLowerCase()} from ${message.name}`}
            >
              {handled ? "Mark not handled" : "Mark handled"}
            </button>
          )}
          {commission ? (
            // Deleted on its own page, with its photos.
            <Link
              to={commissionHref(message.id)}
              className="button button--ghost"
              aria-label={`Open request from ${message.name}`}
            >
              Open request
            </Link>
          ) : (
            <ConfirmButton
              confirmText={`Delete this ${kind.toLowerCase()} from ${message.name}? It cannot be undone.`}
              name="intent"
              value="delete"
              className="button button--ghost"
              disabled={intent === "delete"}
              aria-label={`Delete: ${kind.toLowerCase()} from ${message.name}`}
            >
              <Icon name="trash" /> {intent === "delete" ? "Deleting..." : "Delete"}
            </ConfirmButton>
          )}
        </fetcher.Form>
        <FormMessages error={fetcher.data && !fetcher.data.ok ? fetcher.data.formError : undefined} />
      </td>
    </tr>
  );
}
