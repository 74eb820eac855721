import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { requireAdmin } from "~/admin/guard.server";
import { ADMIN_APP_LINKS } from "~/admin/app-links";
import { signedOut } from "~/admin/sign-in.server";
import { InboxPage } from "~/admin/InboxPage";
import { formFailure, formRefused, formSuccess, type FieldRefusal } from "~/forms/result.server";
import { parseForm, readForm } from "~/forms/parse.server";
import { revalidateAfterAnswer } from "~/forms/revalidate";
import { sendForm } from "~/forms/send-form";
import { SUBMISSION_FIELD } from "~/forms/submission";
import { submissionIdOf } from "~/forms/submission.server";
import { getInboxData, inboxViewParam, releaseMessage, retryMessage, retryReply } from "~/messages/inbox.server";
import { inboxReplySchema, sendInboxReply, type InboxReplyOutcome } from "~/admin/inbox-reply.server";
import { paymentInstructions } from "~/site/settings.server";
import { deleteHandledMessages, deleteHeldMessages, deleteMessage, setMessageHandled } from "~/messages/queries.server";
import { db } from "~/platform/db.server";
import { newId } from "~/platform/id";
import { pageParam } from "~/platform/paging";
import { pageTitle } from "~/ui/seo";
import dashboardStyles from "~/admin/dashboard.css?url";

export const links: LinksFunction = () => [...ADMIN_APP_LINKS, { rel: "stylesheet", href: dashboardStyles }];

export const meta: MetaFunction = () => [
  { title: pageTitle("Inbox") },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, context);
  if (!admin.signedIn) return signedOut(context);
  const params = new URL(request.url).searchParams;
  const view = inboxViewParam(params);
  const database = db(context.cloudflare.env);
  const [inbox, instructions] = await Promise.all([
    getInboxData(database, view, pageParam(params, "page"), params.get("read")),
    paymentInstructions(database),
  ]);
  const payments = { stripe: Boolean(context.env.STRIPE_SECRET_KEY), instructions: instructions !== null };
  return { signedIn: true as const, ...inbox, payments };
}

const intentSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.enum(["retry", "retry-reply", "handled", "unhandled", "release", "delete"]),
    id: z.string().min(1).max(100),
  }),
  z.object({ intent: z.literal("delete-held") }),
  z.object({ intent: z.literal("delete-handled") }),
  z.object({ intent: z.literal("reply") }),
]);

const MESSAGE_GONE = "That message no longer exists.";

/** Why a reply with a payment link (or instructions) was not sent: nothing was e-mailed, and the words stay. */
const PAYMENT_REFUSALS: Partial<Record<NonNullable<InboxReplyOutcome>, FieldRefusal>> = {
  "not-enquiry": { status: 400, field: "payLink", message: "A payment link answers an enquiry about an artwork." },
  "missing-artwork": { status: 404, field: "payLink", message: "The artwork of this enquiry no longer exists." },
  "needs-option": {
    status: 409,
    field: "payLink",
    message: "This enquiry names no option of the print that still exists: reserve it and record the sale by hand.",
  },
  sold: { status: 409, field: "payLink", message: "It is sold already, so no payment link was made." },
  "held-already": {
    status: 409,
    field: "payLink",
    message: "It is held for someone else: end that reservation on the Sales page first.",
  },
  changed: { status: 409, field: "payLink", message: "The artwork changed meanwhile. Send the reply again." },
  "stripe-failed": {
    status: 502,
    field: "form",
    message: "Stripe did not make the link, so nothing was sent (the work is reserved for them). Send again to retry.",
  },
  "no-stripe": { status: 400, field: "payLink", message: "Payment links need Stripe to be configured." },
  "no-instructions": {
    status: 400,
    field: "addInstructions",
    message: "You have no payment instructions yet: set them on the Sales page.",
  },
};

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context);
  if (!admin.signedIn) return admin.refusal;
  const form = await readForm(request);
  const parsed = intentSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return formFailure(400, { formError: "That request was not understood." });
  const input = parsed.data;
  const database = db(context.cloudflare.env);
  const mail = { env: context.env, database };
  if (input.intent === "reply") {
    const reply = parseForm(form, inboxReplySchema);
    if (!reply.ok) return formFailure(400, { kept: reply });
    const outcome = await sendInboxReply(
      { ...mail, publicCache: context.publicCache },
      submissionIdOf(form),
      reply.data,
    );
    if (outcome === null) return formFailure(404, { kept: reply, formError: MESSAGE_GONE });
    const refusal = PAYMENT_REFUSALS[outcome];
    if (refusal) return formRefused(refusal, reply);
    if (outcome === "used") {
      // The form takes the next id from this answer, so sending again adds these words as a new reply.
      return formFailure(409, {
        kept: { ...reply, values: { ...reply.values, [SUBMISSION_FIELD]: newId() } },
        formError: "Your earlier reply is saved (see it above); this one was not sent. Send it again to add it.",
      });
    }
    if (outcome === "failed") {
      // What was typed is not given back: it is stored, and shown in the thread with Retry.
      return formFailure(502, {
        kept: { values: { id: reply.data.id } },
        formError: "Your reply is saved, but sending failed; see the error beside it.",
      });
    }
    return formSuccess("Reply sent.");
  }
  if (input.intent === "delete-held") {
    await deleteHeldMessages(database);
    return formSuccess();
  }
  if (input.intent === "delete-handled") {
    await deleteHandledMessages(database);
    return formSuccess();
  }
  const { intent, id } = input;
  if (intent === "delete") {
    if (!(await deleteMessage(database, id))) return formFailure(404, { formError: MESSAGE_GONE });
    return formSuccess();
  }
  if (intent === "release") {
    const outcome = await releaseMessage(mail, id);
    if (outcome === null) return formFailure(404, { formError: "That message is no longer held." });
    if (outcome === "failed")
      return formFailure(502, { formError: "Released, but sending failed; see the error beside it." });
    return formSuccess();
  }
  if (intent === "retry-reply") {
    const outcome = await retryReply(mail, id);
    if (outcome === "gone") return formFailure(404, { formError: "That reply no longer exists." });
    if (outcome === "failed") return formFailure(502, { formError: "Sending failed again; see the error beside it." });
    return formSuccess();
  }
  if (intent === "retry") {
    // Sent now, while the admin waits, so the Inbox shows the outcome; null: already sent or being sent.
    const outcome = await retryMessage(mail, id);
    if (outcome === "gone") return formFailure(404, { formError: MESSAGE_GONE });
    if (outcome === "failed") return formFailure(502, { formError: "Sending failed again; see the error beside it." });
    return formSuccess();
  }
  const changed = await setMessageHandled(database, id, intent === "handled");
  if (!changed) return formFailure(404, { formError: MESSAGE_GONE });
  return formSuccess();
}

/** Kept when no network answers (a reply's text stays in its box), to send again with one tap. */
export const clientAction = sendForm;

export const shouldRevalidate = revalidateAfterAnswer;

export default function Inbox() {
  return <InboxPage data={useLoaderData<typeof loader>()} />;
}
