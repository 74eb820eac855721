// Sign Out Everywhere: every session ends and every browser is forgotten, this one too; with the one
// choice the dashboard offers beside it, every device passkey is removed as well, so nothing anyone
// enrolled while holding her session still signs in (each removal recorded and e-mailed).
import type { AppLoadContext } from "@remix-run/cloudflare";
import { removeDevicePasskeys } from "~/admin/device-passkeys.server";
import type { AdminSession } from "~/admin/schema";
import { forgetEveryDevice } from "~/admin/session.server";

/** The Set-Cookie headers that clear this browser's cookies, once everything asked for has ended. */
export async function signOutEverywhere(
  request: Request,
  context: AppLoadContext,
  by: AdminSession | undefined,
  { devicePasskeys }: { devicePasskeys: "keep" | "remove" },
): Promise<Headers> {
  if (devicePasskeys === "remove") await removeDevicePasskeys(context, by, "all");
  return forgetEveryDevice(request, context);
}
