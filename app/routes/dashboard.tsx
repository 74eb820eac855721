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
import { AdminDashboard } from "~/admin/AdminDashboard";
import { SignInForm } from "~/admin/SignInForm";
import {
  createAdminSession,
  destroyAdminSession,
  INCORRECT_PASSKEY,
  isAdmin,
  passkeyMatches,
  requireAdmin,
  safeNextPath,
  signInAllowed,
  TOO_MANY_ATTEMPTS,
} from "~/admin/session.server";
import { db } from "~/platform/db.server";
import { readForm } from "~/forms/parse.server";
import { noticeFor } from "~/admin/notices";
import { pageTitle } from "~/site/seo";
import { getDashboardData } from "~/admin/dashboard.server";
import { deliverMessage } from "~/messages/mail.server";
import { getMessage, setMessageHandled } from "~/messages/queries.server";
import { setTestimonialApproved } from "~/testimonials/queries.server";
import styles from "~/styles/dashboard.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = () => [
  { title: pageTitle("Admin Dashboard") },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  if (!(await isAdmin(request, context))) return { signedIn: false as const };
  const params = new URL(request.url).searchParams;
  const query = params.get("q") ?? "";
  const notice = noticeFor(params.get("notice"));
  return { signedIn: true as const, query, notice, ...(await getDashboardData(db(context.cloudflare.env), query)) };
}

const intentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("login"), passkey: z.string().max(500), next: z.string().max(200).optional() }),
  z.object({ intent: z.literal("logout") }),
  z.object({ intent: z.enum(["approve", "disapprove"]), id: z.string().min(1).max(100) }),
  z.object({ intent: z.enum(["retry", "handled", "unhandled"]), id: z.string().min(1).max(100) }),
]);

const MESSAGE_GONE = "That message no longer exists.";

export async function action({ request, context }: ActionFunctionArgs) {
  const form = Object.fromEntries(await readForm(request));
  const parsed = intentSchema.safeParse(form);
  if (!parsed.success)
    return data({ ok: false as const, formError: "That request was not understood." }, { status: 400 });
  const input = parsed.data;

  if (input.intent === "login") {
    const next = safeNextPath(input.next);
    // A failed attempt keeps where the admin was going, so the next try still returns there.
    const keep = next === "/dashboard" ? undefined : next;
    if (!(await signInAllowed(request, context))) {
      return data({ ok: false as const, formError: TOO_MANY_ATTEMPTS, next: keep }, { status: 429 });
    }
    if (!(await passkeyMatches(input.passkey, context.env.ADMIN_PASSKEY))) {
      return data({ ok: false as const, formError: INCORRECT_PASSKEY, next: keep }, { status: 401 });
    }
    return redirect(next, { headers: { "Set-Cookie": await createAdminSession(request, context) } });
  }

  if (input.intent === "logout") {
    return redirect("/dashboard", { headers: { "Set-Cookie": await destroyAdminSession(request, context) } });
  }

  await requireAdmin(request, context);
  const database = db(context.cloudflare.env);
  if (input.intent === "retry") {
    // Sent now, while the admin waits, so the Inbox shows the outcome; null: already sent or being sent.
    const outcome = await deliverMessage({ env: context.env, database }, input.id);
    if (outcome === null && !(await getMessage(database, input.id))) {
      return data({ ok: false as const, formError: MESSAGE_GONE }, { status: 404 });
    }
    if (outcome === "failed") {
      return data({ ok: false as const, formError: "Sending failed again; see the error beside it." }, { status: 502 });
    }
    return { ok: true as const };
  }
  if (input.intent === "handled" || input.intent === "unhandled") {
    const changed = await setMessageHandled(database, input.id, input.intent === "handled");
    if (!changed) return data({ ok: false as const, formError: MESSAGE_GONE }, { status: 404 });
    return { ok: true as const };
  }
  const changed = await setTestimonialApproved(database, input.id, input.intent === "approve");
  if (!changed) return data({ ok: false as const, formError: "That testimonial no longer exists." }, { status: 404 });
  return { ok: true as const };
}

export default function Dashboard() {
  const loaderData = useLoaderData<typeof loader>();
  if (!loaderData.signedIn) return <SignInForm />;
  return <AdminDashboard data={loaderData} />;
}
