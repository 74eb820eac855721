import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { isUncounted, beaconSchema, recordBeacon } from "~/analytics/record.server";
import { isAdmin } from "~/admin/session.server";
import { clientNetwork } from "~/platform/client-ip";
import { BEACON_MAX_BYTES } from "~/analytics/limits";
import { bodyText } from "~/platform/body-cap.server";

// POST /api/event: the page-view and named-event beacon (app/analytics/client.ts). Answers 204
// whether or not the beacon was counted (bots, the admin, a day past PAGE_VIEWS_PER_DAY): the browser
// has nothing to do about any of them; 400 for a malformed one, 429 past the per-address limit.
// Its body is capped at BEACON_MAX_BYTES before it arrives here (bodyCap, app/platform/body-cap.server.ts).

export const bodyCap = BEACON_MAX_BYTES;

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return problem(405, "Use POST.");
  const { success } = await context.cloudflare.env.EVENT_LIMITER.limit({ key: `event:${clientNetwork(request)}` });
  if (!success) return problem(429, "Too many events.");

  const text = await bodyText(request);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return problem(400, "The event is not JSON.");
  }
  const parsed = beaconSchema.safeParse(json);
  if (!parsed.success) return problem(400, "The event is not valid.");

  if (isUncounted(request) || (await isAdmin(request, context))) return new Response(null, { status: 204 });
  await recordBeacon(request, context, parsed.data);
  return new Response(null, { status: 204 });
}

export function loader() {
  return problem(405, "Use POST.");
}

// A resource route answers with plain Responses (Remix's data() is for routes that render).
function problem(status: number, error: string): Response {
  return Response.json({ error }, { status, headers: status === 405 ? { Allow: "POST" } : undefined });
}
