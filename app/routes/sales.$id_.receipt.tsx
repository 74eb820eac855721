import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin } from "~/admin/guard.server";
import { readForm } from "~/forms/parse.server";
import { submissionIdOf } from "~/forms/submission.server";
import { db } from "~/platform/db.server";
import { receiptSentPath } from "~/sales/path";
import { sendReceipt } from "~/sales/send-receipt.server";

// "E-mail Receipt" on a sale's page: stored, sent while the artist waits, and answered by returning to
// the page, which lists the receipt and how it went.
export async function action({ request, params, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context);
  if (!admin.signedIn) return admin.refusal;
  const saleId = params.id ?? "";
  const deps = { env: context.env, database: db(context.cloudflare.env), images: context.cloudflare.env };
  const answer = await sendReceipt(deps, submissionIdOf(await readForm(request)), saleId);
  return redirect(receiptSentPath(saleId, answer));
}
