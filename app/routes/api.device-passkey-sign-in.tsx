import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { authenticationResponseSchema, jsonField } from "~/admin/device-passkey-input.server";
import { authenticationOptions, DEVICE_PASSKEY_REFUSED, signInWithDevicePasskey } from "~/admin/device-passkeys.server";
import { safeNextPath } from "~/admin/sign-in.server";
import { readForm } from "~/forms/parse.server";
import { DEVICE_PASSKEY_MAX_BYTES } from "~/forms/limits";
import { NOT_STORED } from "~/platform/cache-control";

// POST /api/device-passkey-sign-in: the public half of device passkeys. `options` hands out a signed challenge (nothing is stored);
// `sign-in` checks the signature and answers with the session cookies and where to go. Not counted
// against the budget of wrong shared passkeys: nothing here can be guessed.

export const bodyCap = DEVICE_PASSKEY_MAX_BYTES;

const intentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("options") }),
  z.object({
    intent: z.literal("sign-in"),
    response: jsonField(authenticationResponseSchema),
    next: z.string().max(200).optional(),
  }),
]);

export async function action({ request, context }: ActionFunctionArgs) {
  const parsed = intentSchema.safeParse(Object.fromEntries(await readForm(request, DEVICE_PASSKEY_MAX_BYTES)));
  if (!parsed.success) return answer(400, { error: DEVICE_PASSKEY_REFUSED });
  const input = parsed.data;
  if (input.intent === "options") {
    return answer(200, { options: await authenticationOptions(context) });
  }
  const headers = await signInWithDevicePasskey(request, context, input.response);
  if (!headers) return answer(401, { error: DEVICE_PASSKEY_REFUSED });
  headers.set("Cache-Control", NOT_STORED);
  return Response.json({ signedIn: true, next: safeNextPath(input.next) }, { headers });
}

export function loader() {
  return answer(405, { error: "Use POST." });
}

function answer(status: number, body: unknown): Response {
  return Response.json(body, { status, headers: { "Cache-Control": NOT_STORED } });
}
