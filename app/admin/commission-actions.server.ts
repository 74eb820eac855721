// What the artist does on a commission request's page (/inbox/commissions/{id}), as one call for its route:
// share progress photos, send a quote, move its stage, deliver it, or delete it. Each answers as every form
// does (app/forms/result.server.ts), or with a redirect.
import { redirect } from "@remix-run/cloudflare";
import { z } from "zod";
import { closeDepositLinkOf, sendQuote, type QuoteOutcome } from "~/admin/commission-quote.server";
import { deliverCommission, parseDelivery } from "~/admin/commission-delivery.server";
import { DELIVER_INTENT } from "~/admin/CommissionDeliveryForm";
import { COMMISSION_REQUESTS_PATH } from "~/commissions/path";
import { moveStage, type MoveOutcome } from "~/commissions/pipeline.server";
import { shareProgress } from "~/commissions/progress.server";
import { quoteSchema } from "~/commissions/quote-form";
import { QUOTE_INTENT } from "~/commissions/QuoteForm";
import { deleteRequest } from "~/commissions/requests.server";
import { MOVE_INTENT } from "~/commissions/StageActions";
import { parseForm, readForm } from "~/forms/parse.server";
import { formFailure, formSuccess, type FailureStatus } from "~/forms/result.server";
import { keptFrom } from "~/forms/result";
import { submissionIdOf } from "~/forms/submission.server";
import type { ImageBindings } from "~/images/writes.server";
import type { Database } from "~/platform/db.server";
import type { AppEnv } from "~/platform/env.server";
import type { PublicCache } from "~/public-cache/purge.server";
import { salePath } from "~/sales/path";
import { todayIn } from "~/ui/dates";

export type CommissionDeps = { env: AppEnv; database: Database; images: ImageBindings; publicCache: PublicCache };

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

/** The answer to a form sent from commission `id`'s page by the signed-in artist. */
export async function actOnCommission(request: Request, deps: CommissionDeps, id: string): Promise<Response> {
  // The progress form is the page's one form with files: read as it streams, photos stored as they come.
  if ((request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data")) return share(request, deps, id);
  const form = await readForm(request);
  const parsed = intentSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return formFailure(400, { formError: "That request was not understood." });
  const input = parsed.data;
  if (input.intent === "delete") {
    await closeDepositLinkOf(deps, id);
    const deleted = await deleteRequest(deps.database, deps.images.IMAGES, id);
    return deleted ? redirect(COMMISSION_REQUESTS_PATH) : formFailure(404, { formError: GONE });
  }
  if (input.intent === DELIVER_INTENT) return deliver(form, deps, id);
  if (input.intent === MOVE_INTENT) return move(deps, id, input.to);
  return quote(form, deps, id);
}

async function share(request: Request, deps: CommissionDeps, id: string): Promise<Response> {
  const shared = await shareProgress(request, deps, id);
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

async function deliver(form: FormData, deps: CommissionDeps, id: string): Promise<Response> {
  const mark = { intent: DELIVER_INTENT };
  const submission = submissionIdOf(form);
  const read = parseDelivery(form);
  if (!read.ok)
    return formFailure(400, { kept: { ...read.kept, values: { ...read.kept.values, ...mark, submission } } });
  const outcome = await deliverCommission({ ...deps, images: deps.images.IMAGES }, submission, id, read.delivery);
  if (outcome.delivered) return redirect(salePath(outcome.saleId));
  const refusal = DELIVERY_REFUSALS[outcome.refusal] ?? { status: 409, message: "The sale could not be recorded." };
  return formFailure(refusal.status, {
    kept: { values: { ...keptFrom(form).values, ...mark } },
    formError: refusal.message,
  });
}

/** A move past Quoted (the deposit paid some other way, or declined) closes the quote's deposit link. */
async function move(deps: CommissionDeps, id: string, to: "deposit-paid" | "in-progress" | "declined") {
  const moved = await moveStage(deps.database, id, to);
  if (moved !== "moved")
    return formFailure(MOVES[moved].status, {
      kept: { values: { intent: MOVE_INTENT } },
      formError: MOVES[moved].message,
    });
  await closeDepositLinkOf(deps, id);
  return formSuccess();
}

async function quote(form: FormData, deps: CommissionDeps, id: string): Promise<Response> {
  const quote = parseForm(form, quoteSchema(todayIn()));
  const kept = { ...quote, values: { ...quote.values, intent: QUOTE_INTENT, submission: submissionIdOf(form) } };
  if (!quote.ok) return formFailure(400, { kept });
  const outcome = await sendQuote(deps, kept.values.submission, id, quote.data);
  const refusal = outcome === null ? MOVES.gone : QUOTE_REFUSALS[outcome];
  if (refusal) return formFailure(refusal.status, { kept, formError: refusal.message });
  if (outcome === "failed") return formSuccess("The quote is saved, but its e-mail failed: retry it in the Inbox.");
  return formSuccess("Quote sent.");
}
