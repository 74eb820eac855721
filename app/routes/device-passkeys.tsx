import {
  redirect,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { DevicePasskeysPage } from "~/admin/DevicePasskeysPage";
import { devicePasskeysPage } from "~/admin/device-passkeys-page.server";
import { removeDevicePasskeys } from "~/admin/device-passkeys.server";
import { requireAdmin } from "~/admin/guard.server";
import { dashboardWith } from "~/admin/notices";
import { destroyAdminSession } from "~/admin/session.server";
import { INCORRECT_PASSKEY, signedOut, signIn } from "~/admin/sign-in.server";
import { readForm } from "~/forms/parse.server";
import { formFailure, formSuccess } from "~/forms/result.server";
import { pageTitle } from "~/ui/seo";
import dashboardStyles from "~/admin/dashboard.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: dashboardStyles }];

export const meta: MetaFunction = () => [
  { title: pageTitle("Device passkeys") },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, context);
  if (!admin.signedIn) return signedOut(context);
  return { signedIn: true as const, ...(await devicePasskeysPage(context, admin.session)) };
}

const intentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("remove"), id: z.string().min(1).max(1024) }),
  // Signing in again with the shared passkey, to add a device passkey (the page asks after a few minutes).
  z.object({ intent: z.literal("login"), passkey: z.string().max(500) }),
]);

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context);
  if (!admin.signedIn) return admin.refusal;
  const parsed = intentSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return formFailure(400, { formError: "That request was not understood." });
  const input = parsed.data;
  if (input.intent === "login") {
    const attempt = await signIn(request, context, input.passkey);
    if (attempt.signedIn) return redirect("/device-passkeys", { headers: attempt.headers });
    const formError = attempt.status === 401 ? INCORRECT_PASSKEY : attempt.message;
    return formFailure(attempt.status, { kept: { values: { intent: "login" } }, formError });
  }
  await removeDevicePasskeys(context, admin.session, [input.id]);
  if (admin.session?.devicePasskeyId === input.id) {
    // It had signed this browser in: this session ended with it.
    const cleared = await destroyAdminSession(request, context);
    return redirect(dashboardWith("device-passkey-removed-here"), { headers: { "Set-Cookie": cleared } });
  }
  return formSuccess("Device passkey removed: it signs in no more, and the browsers it signed in are signed out.");
}

export default function DevicePasskeys() {
  return <DevicePasskeysPage data={useLoaderData<typeof loader>()} />;
}
