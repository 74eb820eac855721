import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ADMIN_APP_LINKS } from "~/admin/app-links";
import { CommissionsEditPage } from "~/admin/CommissionsEditPage";
import { requireAdmin } from "~/admin/guard.server";
import { signedOut } from "~/admin/sign-in.server";
import { formFailure, formRedrawn, formSuccess } from "~/forms/result.server";
import { parseForm, readForm } from "~/forms/parse.server";
import { rowChangeOf } from "~/forms/row-changes";
import { revalidateAfterAnswer } from "~/forms/revalidate";
import { sendForm } from "~/forms/send-form";
import { VERSION_FIELD } from "~/forms/submission";
import { db } from "~/platform/db.server";
import { pageTitle } from "~/ui/seo";
import { contentOf, PAGE_EDITED_ELSEWHERE, PAGE_FORM_ROWS, pageSchema } from "~/commissions/page-form";
import { commissionsContent, saveCommissionsContent } from "~/commissions/page.server";
import styles from "~/commissions/commissions.css?url";

export const links: LinksFunction = () => [...ADMIN_APP_LINKS, { rel: "stylesheet", href: styles }];

export const meta: MetaFunction = () => [
  { title: pageTitle("Edit the commissions page") },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, context);
  if (!admin.signedIn) return signedOut(context);
  return { signedIn: true as const, ...(await commissionsContent(db(context.cloudflare.env))) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context);
  if (!admin.signedIn) return admin.refusal;
  const form = await readForm(request);
  // Without JavaScript, a row's Add, Move or Remove button sends the form: drawn again with that change.
  const changed = rowChangeOf(form, PAGE_FORM_ROWS);
  if (changed) return formRedrawn(changed);
  const page = parseForm(form, pageSchema, { rows: PAGE_FORM_ROWS });
  if (!page.ok) return formFailure(400, { kept: page });
  const version = String(form.get(VERSION_FIELD) ?? "");
  const saved = await saveCommissionsContent(
    db(context.cloudflare.env),
    context.publicCache,
    contentOf(page.data),
    version,
  );
  if (saved === "changed") return formFailure(409, { kept: page, formError: PAGE_EDITED_ELSEWHERE });
  return formSuccess("Saved. The commissions page shows your changes.");
}

/** On a weak signal the form stays as typed, to send again; a 409 reads the page as saved now. */
export const clientAction = sendForm;
export const shouldRevalidate = revalidateAfterAnswer;

export default function CommissionsEdit() {
  return <CommissionsEditPage data={useLoaderData<typeof loader>()} />;
}
