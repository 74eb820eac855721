import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { jsonField, registrationResponseSchema } from "~/admin/device-passkey-input.server";
import { addDevicePasskey, registrationOptions } from "~/admin/device-passkeys.server";
import { requireAdmin } from "~/admin/guard.server";
import { FRESH_SIGN_IN_MINUTES } from "~/admin/fresh-sign-in";
import { signedInRecently } from "~/admin/sessions.server";
import { readForm } from "~/forms/parse.server";
import { DEVICE_PASSKEY_MAX_BYTES } from "~/forms/limits";
import { NOT_STORED } from "~/platform/cache-control";

// POST /api/device-passkeys: enrolling a device passkey, for the admin signed in within the last few
// minutes only (a minute at an unlocked screen must not become a passkey of someone else's for ever).
// `options` hands out a challenge for the browser's prompt; `add` checks the browser's answer and keeps
// the passkey.
// No loader: Remix answers a GET with 405. JSON answers: the page's script (app/admin/DevicePasskeysPage.tsx) reads them.

export const bodyCap = DEVICE_PASSKEY_MAX_BYTES;

export const DEVICE_NAME_MAX = 60;

export const SIGN_IN_AGAIN = `Adding a device passkey needs a sign-in within the last ${FRESH_SIGN_IN_MINUTES} minutes. Please sign in again below.`;

const intentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("options") }),
  z.object({
    intent: z.literal("add"),
    name: z.string().trim().min(1, "Please name the device.").max(DEVICE_NAME_MAX),
    response: jsonField(registrationResponseSchema),
  }),
]);

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context);
  if (!admin.signedIn) return answer(401, { error: "You are not signed in." });
  if (!admin.session || !signedInRecently(admin.session))
    return answer(403, { error: SIGN_IN_AGAIN, signInAgain: true });
  const parsed = intentSchema.safeParse(Object.fromEntries(await readForm(request, DEVICE_PASSKEY_MAX_BYTES)));
  if (!parsed.success)
    return answer(400, { error: parsed.error.issues[0]?.message ?? "That request was not understood." });
  const input = parsed.data;
  if (input.intent === "options") {
    return answer(200, { options: await registrationOptions(context) });
  }
  const outcome = await addDevicePasskey(context, admin.session, input.name, input.response);
  return outcome.added ? answer(200, { added: true }) : answer(400, { error: outcome.message });
}

function answer(status: number, body: unknown): Response {
  return Response.json(body, { status, headers: { "Cache-Control": NOT_STORED } });
}
