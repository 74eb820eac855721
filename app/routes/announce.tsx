import {
  redirect,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/admin/guard.server";
import { ADMIN_APP_LINKS } from "~/admin/app-links";
import { signedOut } from "~/admin/sign-in.server";
import { AnnouncePage } from "~/admin/AnnouncePage";
import { parseForm, readForm } from "~/forms/parse.server";
import { formFailure } from "~/forms/result.server";
import { db } from "~/platform/db.server";
import { pageTitle } from "~/ui/seo";
import { announceSchema } from "~/mailing-list/form";
import {
  announceScreen,
  queuedPath,
  sendAnnouncement,
  sendTestAnnouncement,
  testedPath,
} from "~/mailing-list/announce.server";
import salesStyles from "~/sales/sales.css?url";
import listStyles from "~/mailing-list/mailing-list.css?url";

export const links: LinksFunction = () => [
  ...ADMIN_APP_LINKS,
  { rel: "stylesheet", href: salesStyles },
  { rel: "stylesheet", href: listStyles },
];

export const meta: MetaFunction = () => [
  { title: pageTitle("Announce") },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, context);
  if (!admin.signedIn) return signedOut(context);
  const query = new URL(request.url).searchParams;
  return { signedIn: true as const, ...(await announceScreen(context.env, db(context.cloudflare.env), query)) };
}

const NOTHING_LEFT =
  "None of those can be announced now (announced already, a draft, or an event gone by): please pick again.";

/** Send me a test, or Send: the announcement stored with its recipients and queued; the e-mailing is the queue's. */
export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context);
  if (!admin.signedIn) return admin.refusal;
  const parsed = parseForm(await readForm(request), announceSchema, { lists: ["artworks", "events"] });
  if (!parsed.ok) return formFailure(400, { kept: parsed });
  const database = db(context.cloudflare.env);
  if (parsed.data.intent === "test") {
    const sent = await sendTestAnnouncement(context.env, database, parsed.data);
    if (!sent) return formFailure(400, { kept: parsed, formError: NOTHING_LEFT });
    if (sent.status === "failed") {
      return formFailure(502, { kept: parsed, formError: `The test could not be sent: ${sent.error}` });
    }
    return redirect(testedPath(parsed.data, sent.status), { headers: admin.headers });
  }
  const outcome = await sendAnnouncement(context.env, database, context.cloudflare.env.ANNOUNCEMENTS, parsed.data);
  if (outcome.outcome === "nothing") return formFailure(400, { kept: parsed, formError: NOTHING_LEFT });
  return redirect(queuedPath(outcome), { headers: admin.headers });
}

export default function Announce() {
  return <AnnouncePage data={useLoaderData<typeof loader>()} />;
}
