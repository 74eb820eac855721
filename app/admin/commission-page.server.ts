// The artist's page of one commission request, as one call for its route: the request with its photos
// (commissions), how a deposit would be paid (Stripe, or her instructions, a site setting), the progress
// shared so far, and a fresh id for the page's forms.
import { progressPhotosOf } from "~/commissions/pipeline.server";
import { getRequest } from "~/commissions/requests.server";
import type { Pipeline } from "~/commissions/RequestDetails";
import type { Database } from "~/platform/db.server";
import type { AppEnv } from "~/platform/env.server";
import { newId } from "~/platform/id";
import { todayIn } from "~/ui/dates";
import { paymentInstructions } from "~/site/settings.server";

export async function commissionPage(database: Database, env: Pick<AppEnv, "STRIPE_SECRET_KEY">, id: string) {
  const [found, progress, instructions] = await Promise.all([
    getRequest(database, id),
    progressPhotosOf(database, id),
    env.STRIPE_SECRET_KEY ? null : paymentInstructions(database),
  ]);
  if (!found) return undefined;
  const pipeline: Pipeline = {
    submission: newId(),
    payments: env.STRIPE_SECRET_KEY ? "stripe" : instructions ? "instructions" : "none",
    token: found.request.progressToken,
    progress: progress.map(({ id, caption, createdAt }) => ({ id, caption, createdAt })),
  };
  return { ...found, pipeline, today: todayIn() };
}
