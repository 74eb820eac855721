import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { ADMIN_APP_LINKS } from "~/admin/app-links";
import { commissionPage } from "~/admin/commission-page.server";
import { sendQuote, type QuoteOutcome } from "~/admin/commission-quote.server";
import { deliverCommission, parseDelivery } from "~/admin/commission-delivery.server";
import { DELIVER_INTENT } from "~/admin/CommissionDeliveryForm";
import { salePath } from "~/sales/path";
import { CommissionRequestPage } from "~/admin/CommissionRequestPage";
import { requireAdmin } from "~/admin/guard.server";
import { signedOut } from "~/admin/sign-in.server";
import { COMMISSION_REQUESTS_PATH } from "~/commissions/path";
import { moveStage, type MoveOutcome } from "~/commissions/pipeline.server";
import { shareProgress } from "~/commissions/progress.server";
import { quoteSchema } from "~/commissions/quote-form";
import { QUOTE_INTENT } from "~/commissions/QuoteForm";
import { deleteRequest } from "~/commissions/requests.server";
import { MOVE_INTENT } from "~/commissions/StageActions";
import { parseForm, readForm } from "~/forms/parse.server";
import { formFailure, formSuccess, type FailureStatus } from "~/forms/result.server";
import { submissionIdOf } from "~/forms/submission.server";
import { keptFrom } from "~/forms/result";
import { sendImageForm } from "~/images/send-image-form";
import { UPLOAD_MAX_BYTES } from "~/images/limits";
import { db } from "~/platform/db.server";
import { todayIn } from "~/ui/dates";
import { pageTitle } from "~/ui/seo";
import styles from "~/commissions/requests.css?url";
import requestStyles from "~/commissions/request.css?url";
import imagePickerStyles from "~/images/image-picker.css?url";

export const links: LinksFunction = () => [
  ...ADMIN_APP_LINKS,
  { rel: "stylesheet", href: styles },
  { rel: "stylesheet", href: requestStyles },
  { rel: "stylesheet", href: imagePickerStyles },
];

export const meta: MetaFunction = () => [
  { title: pageTitle("Commission request") },
  { name: "robots", content: "noindex, nofollow" },
];

/** Progress photos come from her phone, as an artwork's images do: the upload forms' cap. */
export const bodyCap = UPLOAD_MAX_BYTES;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, context);
  if (!admin.signedIn) return signedOut(context);
  const page = await commissionPage(db(context.cloudflare.env), context.env, params.id ?? "");
  if (!page) throw data(null, { status: 404 });
  return { signedIn: true as const, ...page };
}

const intentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal(QUOTE_INTENT) }),
  z.object({ intent: z.literal(MOVE_INTENT), to: z.enum(["deposit-paid", "in-progress", "declined"]) }),
  z.object({ intent: z.literal(DELIVER_INTENT) }),
  z.object({ intent: z.literal("delete") }),
]);

const GONE = "That commission request no longer exists.";
const MOVES: Record<Exclude<MoveOutcome, "moved">, { status: FailureStatus; message: string }> = {
  gone: { status: 404, message: GONE },
  "out-of-order": { status: 409, message: "Its stage changed meanwhile: see it as it is now, and try again." },
};
const DELIVERY_REFUSALS: Partial<Record<string, { status: FailureStatus; message: string }>> = {
  ...MOVES,
  "no-photo": { status: 400, message: "Share a photo of the finished painting first: its certificate shows it." },
};
const QUOTE_REFUSALS: Partial<Record<NonNullable<QuoteOutcome>, { status: FailureStatus; message: string }>> = {
  ...MOVES,
  "no-payment-way": {
    status: 400,
    message: "There is no way to pay a deposit yet: set your payment instructions on the Sales page, or ask for none.",
  },
  "stripe-failed": {
    status: 502,
    message: "Stripe did not make the deposit link, so nothing was sent (the quote is saved). Send again to retry.",
  },
  used: { status: 409, message: "This quote was sent already; reload the page to send another." },
};

export async function action({ request, params, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context);
  if (!admin.signedIn) return admin.refusal;
  const id = params.id ?? "";
  const database = db(context.cloudflare.env);
  const mail = { env: context.env, database };
  // The progress form is the page's one form with files: read as it streams, photos stored as they come.
  if ((request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data")) {
    const shared = await shareProgress(request, { ...mail, images: context.cloudflare.env }, id);
    if ("refusal" in shared) return shared.refusal;
    if (shared.mailed === "failed") {
      return formFailure(502, {
        kept: { values: { intent: "save" } },
        formError: "The photos are shared, but the e-mail failed: retry it in the Inbox.",
      });
    }
    if (shared.mailed === "not-asked") return formSuccess("Shared.");
    // No e-mail went (the request is held, or this form's id was used): the photos are on the page all the same.
    if (shared.mailed === null || shared.mailed === "used") return formSuccess("Shared; no e-mail went to the client.");
    return formSuccess("Shared, and the client has the link.");
  }
  const form = await readForm(request);
  const parsed = intentSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return formFailure(400, { formError: "That request was not understood." });
  const input = parsed.data;
  if (input.intent === "delete") {
    const deleted = await deleteRequest(database, context.cloudflare.env.IMAGES, id);
    if (!deleted) return formFailure(404, { formError: GONE });
    return redirect(COMMISSION_REQUESTS_PATH);
  }
  const mark = { intent: input.intent };
  if (input.intent === DELIVER_INTENT) {
    const submission = submissionIdOf(form);
    const read = parseDelivery(form);
    if (!read.ok)
      return formFailure(400, { kept: { ...read.kept, values: { ...read.kept.values, ...mark, submission } } });
    const deps = { database, publicCache: context.publicCache, images: context.cloudflare.env.IMAGES };
    const outcome = await deliverCommission(deps, submission, id, read.delivery);
    if (outcome.delivered) return redirect(salePath(outcome.saleId));
    const refusal = DELIVERY_REFUSALS[outcome.refusal] ?? { status: 409, message: "The sale could not be recorded." };
    return formFailure(refusal.status, {
      kept: { values: { ...keptFrom(form).values, ...mark } },
      formError: refusal.message,
    });
  }
  if (input.intent === MOVE_INTENT) {
    const moved = await moveStage(database, id, input.to);
    if (moved === "moved") return formSuccess();
    return formFailure(MOVES[moved].status, { kept: { values: mark }, formError: MOVES[moved].message });
  }
  const quote = parseForm(form, quoteSchema(todayIn()));
  const kept = { ...quote, values: { ...quote.values, ...mark, submission: submissionIdOf(form) } };
  if (!quote.ok) return formFailure(400, { kept });
  const outcome = await sendQuote(mail, kept.values.submission, id, quote.data);
  const refusal = outcome === null ? MOVES.gone : QUOTE_REFUSALS[outcome];
  if (refusal) return formFailure(refusal.status, { kept, formError: refusal.message });
  if (outcome === "failed") return formSuccess("The quote is saved, but its e-mail failed: retry it in the Inbox.");
  return formSuccess("Quote sent.");
}

/** The progress form's photos go by XMLHttpRequest (./inbox_.commissions.$id.upload.tsx) to show their progress. */
export const clientAction = sendImageForm;

export default function CommissionRequest() {
  return <CommissionRequestPage data={useLoaderData<typeof loader>()} />;
}
