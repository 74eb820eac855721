import {
  redirect,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { requireAdmin } from "~/admin/guard.server";
import { ADMIN_APP_LINKS } from "~/admin/app-links";
import { destroyAdminSession, removeDeviceFor } from "~/admin/session.server";
import { signOutEverywhere } from "~/admin/sign-out-everywhere.server";
import { INCORRECT_PASSKEY, safeNextPath, signedOut, signIn } from "~/admin/sign-in.server";
import { formFailure, formSuccess } from "~/forms/result.server";
import { db } from "~/platform/db.server";
import { recordPortrait } from "~/site/settings.server";
import { pageParam } from "~/platform/paging";
import { readForm } from "~/forms/parse.server";
import { dashboardWith, noticeFor } from "~/admin/notices";
import { pageTitle } from "~/ui/seo";
import { getDashboardData, testimonialViewParam } from "~/admin/dashboard.server";
import { DashboardPage } from "~/admin/DashboardPage";
import { markAvailable, recordOneTapSale } from "~/sales/record.server";
import { SALE_REFUSALS } from "~/sales/form";
import {
  deleteHeldTestimonials,
  deletePendingTestimonials,
  deleteTestimonial,
  releaseHeldTestimonial,
  setTestimonialApproved,
} from "~/testimonials/queries.server";
import styles from "~/admin/dashboard.css?url";

export const links: LinksFunction = () => [...ADMIN_APP_LINKS, { rel: "stylesheet", href: styles }];

export const meta: MetaFunction = () => [
  { title: pageTitle("Admin Dashboard") },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  const notice = noticeFor(params.get("notice"));
  if (!admin.signedIn) return { ...(await signedOut(context)), notice: notice?.failed ? null : notice };
  const query = params.get("q") ?? "";
  const pages = {
    artworks: pageParam(params, "artworks"),
    events: pageParam(params, "events"),
    testimonials: pageParam(params, "testimonials"),
  };
  const data = await getDashboardData(
    db(context.cloudflare.env),
    query,
    admin.session?.deviceId,
    pages,
    params.get("read"),
    testimonialViewParam(params),
  );
  return { signedIn: true as const, query, notice, ...data };
}

const intentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("login"), passkey: z.string().max(500), next: z.string().max(200).optional() }),
  z.object({ intent: z.literal("logout") }),
  z.object({ intent: z.literal("refresh-public-pages") }),
  z.object({
    intent: z.literal("sign-out-everywhere"),
    // The box beside the button: unticked, the device passkeys stay.
    removeDevicePasskeys: z.literal("on").optional(),
  }),
  z.object({ intent: z.literal("remove-device"), device: z.string().min(1).max(100) }),
  z.object({
    intent: z.enum(["approve", "disapprove", "delete-testimonial", "release-testimonial"]),
    id: z.string().min(1).max(100),
  }),
  z.object({ intent: z.enum(["mark-sold", "mark-available"]), id: z.string().min(1).max(100) }),
  z.object({ intent: z.literal("one-more-sold"), id: z.string().min(1).max(100), option: z.string().min(1).max(40) }),
  z.object({ intent: z.literal("delete-pending-testimonials") }),
  z.object({ intent: z.literal("delete-held-testimonials") }),
]);

const CHANGED_ELSEWHERE = "That artwork was changed elsewhere just now. Please try again.";

export async function action({ request, context }: ActionFunctionArgs) {
  // This action is also the public sign-in: the guard comes once the form says what is asked.
  const parsed = intentSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return formFailure(400, { formError: "That request was not understood." });
  const input = parsed.data;

  if (input.intent === "login") {
    const next = safeNextPath(input.next);
    // A failed attempt keeps where the admin was going, so the next try still returns there.
    const values: Record<string, string> = next === "/dashboard" ? {} : { next };
    const attempt = await signIn(request, context, input.passkey);
    if (attempt.signedIn) return redirect(next, { headers: attempt.headers });
    const formError = attempt.status === 401 ? INCORRECT_PASSKEY : attempt.message;
    return formFailure(attempt.status, { kept: { values }, formError });
  }

  if (input.intent === "logout") {
    return redirect("/dashboard", { headers: { "Set-Cookie": await destroyAdminSession(request, context) } });
  }

  const admin = await requireAdmin(request, context);
  if (!admin.signedIn) return admin.refusal;
  if (input.intent === "sign-out-everywhere") {
    // Every device and session row goes, this browser's too: every copy of every cookie is refused from now on.
    const devicePasskeys = input.removeDevicePasskeys === "on" ? "remove" : "keep";
    const headers = await signOutEverywhere(request, context, admin.session, { devicePasskeys });
    const notice = devicePasskeys === "remove" ? "signed-out-everywhere-passkeys-removed" : "signed-out-everywhere";
    return redirect(dashboardWith(notice), { headers });
  }
  if (input.intent === "remove-device") {
    const headers = await removeDeviceFor(request, context, admin.session, input.device);
    return redirect(dashboardWith("device-removed"), { headers });
  }
  if (input.intent === "refresh-public-pages") {
    // For changes made outside the site (an import into the remote database, a new portrait in R2).
    await recordPortrait(db(context.cloudflare.env), context.cloudflare.env.IMAGES);
    await context.publicCache.purgeEverything();
    return redirect(dashboardWith("pages-refreshed"), { headers: admin.headers });
  }
  const database = db(context.cloudflare.env);
  if (input.intent === "mark-available") {
    const outcome = await markAvailable(database, context.publicCache, input.id);
    if (outcome === "missing") return formFailure(404, { formError: "That artwork no longer exists." });
    if (outcome === "has-options") {
      return formFailure(409, { formError: "That artwork is sold by its options: undo a sale on the Sales page." });
    }
    if (outcome === "changed") return formFailure(409, { formError: CHANGED_ELSEWHERE });
    return formSuccess();
  }
  if (input.intent === "mark-sold" || input.intent === "one-more-sold") {
    const option = input.intent === "one-more-sold" ? input.option : null;
    const outcome = await recordOneTapSale(database, context.publicCache, input.id, option);
    if (outcome === "sold") return formSuccess();
    if (outcome === "needs-option") {
      return formFailure(409, { formError: "That artwork is sold by its options: count one more sold on one." });
    }
    return formFailure(SALE_REFUSALS[outcome].status, {
      formError: outcome === "changed" ? CHANGED_ELSEWHERE : SALE_REFUSALS[outcome].message,
    });
  }
  if (input.intent === "delete-pending-testimonials") {
    await deletePendingTestimonials(database);
    return formSuccess();
  }
  if (input.intent === "delete-held-testimonials") {
    await deleteHeldTestimonials(database);
    return formSuccess();
  }
  if (input.intent === "release-testimonial") {
    if (!(await releaseHeldTestimonial(database, input.id))) {
      return formFailure(404, { formError: "That testimonial is no longer held." });
    }
    return formSuccess();
  }
  if (input.intent === "delete-testimonial") {
    const deleted = await deleteTestimonial(database, context.publicCache, input.id);
    if (!deleted) return formFailure(404, { formError: "That testimonial no longer exists." });
    return formSuccess();
  }
  const changed = await setTestimonialApproved(database, context.publicCache, input.id, input.intent === "approve");
  if (!changed) return formFailure(404, { formError: "That testimonial no longer exists." });
  return formSuccess();
}

export default function Dashboard() {
  return <DashboardPage data={useLoaderData<typeof loader>()} />;
}
