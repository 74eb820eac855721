import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { DevicePasskeysPage } from "~/admin/DevicePasskeysPage";
import { listDevicePasskeys, removeDevicePasskey } from "~/admin/device-passkeys.server";
import { requireAdmin } from "~/admin/guard.server";
import { signedOut } from "~/admin/sign-in.server";
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
  const passkeys = await listDevicePasskeys(context);
  return {
    signedIn: true as const,
    passkeys: passkeys.map((passkey) => ({
      ...passkey,
      createdAt: new Date(passkey.createdAt).toISOString(),
      lastUsedAt: passkey.lastUsedAt === null ? null : new Date(passkey.lastUsedAt).toISOString(),
    })),
  };
}

const intentSchema = z.object({ intent: z.literal("remove"), id: z.string().min(1).max(1024) });

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context);
  if (!admin.signedIn) return admin.refusal;
  const parsed = intentSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return formFailure(400, { formError: "That request was not understood." });
  await removeDevicePasskey(context, parsed.data.id);
  return formSuccess("Device passkey removed.");
}

export default function DevicePasskeys() {
  return <DevicePasskeysPage data={useLoaderData<typeof loader>()} />;
}
