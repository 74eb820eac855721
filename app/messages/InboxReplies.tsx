import { useFetcher } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
import { RotateCw, Send } from "lucide-react";
import { FormField } from "~/forms/FormField";
import { FormMessages } from "~/forms/FormMessages";
import { SUBMISSION_FIELD } from "~/forms/submission";
import type { FormResult } from "~/forms/result";
import { useEnhancedForm } from "~/forms/use-enhanced-form";
import type { InboxData } from "~/messages/inbox.server";
import { attemptsText, DELIVERY_STATUS } from "~/messages/delivery-status";
import { REPLY_MAX } from "~/messages/limits";
import { formatDateTime } from "~/ui/dates";

type ThreadReply = InboxData["messages"][number]["replies"][number];

/** The artist's replies to one message, oldest first, each with how its e-mail went. */
export function ReplyThread({ replies }: { replies: ThreadReply[] }) {
  if (replies.length === 0) return null;
  return (
    <ol className="inbox__thread" aria-label="Your replies">
      {replies.map((reply) => (
        <ThreadItem key={reply.id} reply={reply} />
      ))}
    </ol>
  );
}

function ThreadItem({ reply }: { reply: ThreadReply }) {
  const fetcher = useFetcher<FormResult>();
  const retrying = fetcher.state !== "idle";
  const status = DELIVERY_STATUS[reply.status];
  return (
    <li className="inbox__reply">
      <p className="inbox__reply-meta">
        You replied <time dateTime={reply.createdAt}>{formatDateTime(reply.createdAt)}</time>{" "}
        <span className={`badge ${status.badge}`}>{retrying ? "Sending" : status.label}</span>
      </p>
      <p className="inbox__text">{reply.body}</p>
      {reply.status === "failed" ? (
        <>
          <p className="inbox__error">{attemptsText(reply)}</p>
          <fetcher.Form method="post">
            <input type="hidden" name="id" value={reply.id} />
            <button
              type="submit"
              name="intent"
              value="retry-reply"
              className="button button--ghost"
              disabled={retrying}
            >
              <RotateCw size={16} aria-hidden="true" /> {retrying ? "Retrying..." : "Retry reply"}
            </button>
          </fetcher.Form>
          <FormMessages error={fetcher.data && !fetcher.data.ok ? fetcher.data.formError : undefined} />
        </>
      ) : null}
    </li>
  );
}

/**
 * A reply to one message, sent from the site's address with the artist's as Reply-To. What she wrote
 * stays in the box when it is refused, or not sent for want of a network; once stored (sent, or failed
 * and kept for retry) the box empties. The form names its submission (`submission`, from the loader):
 * sent again after a lost answer it is stored and e-mailed once, and only a stored reply makes way for
 * the next id. Other words sent under an id already stored are refused with the next id to use.
 */
export function ReplyForm({
  messageId,
  name,
  submission,
  extra,
}: {
  messageId: string;
  name: string;
  submission: string;
  /** More fields for this reply (an enquiry's payment link), given what was typed into them when refused. */
  extra?: (kept: { values: Record<string, string>; errors: Record<string, string> }) => ReactNode;
}) {
  const { fetcher, formRef, busy, failure } = useEnhancedForm({ resetOnSuccess: true });
  // Without JavaScript every reply form on the page reads the one action result: only this message's counts.
  const mine = failure && (failure.values.id ?? messageId) === messageId ? failure : undefined;
  // A refusal that gives no text back stored the reply (its e-mail failed, kept for Retry): the box empties,
  // so it is not sent twice.
  const storedButFailed = mine !== undefined && mine.values.body === undefined;
  useEffect(() => {
    if (storedButFailed) formRef.current?.reset();
  }, [storedButFailed, mine, formRef]);
  const stored = !busy && (fetcher.data?.ok === true || storedButFailed);
  // The page's data is read again after every answer, with a fresh id for each message; this form takes
  // it only once its own reply is stored, so a reply kept after a lost answer goes again under its own.
  const [sendingAs, setSendingAs] = useState(submission);
  if (stored && sendingAs !== submission) setSendingAs(submission);
  // Other words under an id already stored were refused (409), with the next id to send them under.
  const given = mine?.values[SUBMISSION_FIELD];
  if (given && given !== sendingAs) setSendingAs(given);
  // The thread shows a stored reply either way; "Reply sent." is this form's own answer, with JavaScript.
  const sent = fetcher.data?.ok === true && !busy;
  return (
    <fetcher.Form method="post" className="inbox__reply-form" ref={formRef}>
      <input type="hidden" name="intent" value="reply" />
      <input type="hidden" name="id" value={messageId} />
      <input type="hidden" name={SUBMISSION_FIELD} value={sendingAs} />
      <FormField
        label={`Reply to ${name}`}
        name="body"
        multiline
        rows={4}
        maxLength={REPLY_MAX}
        defaultValue={mine?.values.body}
        error={mine?.errors.body}
        note="Sent from the site's address, with your words above theirs; their answer comes to your e-mail."
      />
      {extra?.({ values: mine?.values ?? {}, errors: mine?.errors ?? {} })}
      <button type="submit" className="button button--primary" disabled={busy}>
        <Send size={16} aria-hidden="true" /> {busy ? "Sending..." : "Send Reply"}
      </button>
      <FormMessages error={mine?.formError} success={sent ? "Reply sent." : undefined} />
    </fetcher.Form>
  );
}
