import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { pageTitle } from "~/ui/seo";
import { PUBLIC_FORM_MAX_BYTES } from "~/forms/limits";
import type { FormResult } from "~/forms/result";
import { changePreferences, NOT_LISTED, preferencesOf } from "~/mailing-list/manage.server";
import { PreferencesPage } from "~/mailing-list/PreferencesPage";
import styles from "~/mailing-list/mailing-list.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

// A personal link: kept out of search engines.
export const meta: MetaFunction = () => [
  { title: pageTitle("Mailing list preferences") },
  { name: "robots", content: "noindex, nofollow" },
];

export const bodyCap = PUBLIC_FORM_MAX_BYTES;

export async function loader({ request, context }: LoaderFunctionArgs) {
  return { listed: await preferencesOf(request, context), notListed: NOT_LISTED };
}

/** Save preferences, or Leave the mailing list. */
export async function action({ request, context }: ActionFunctionArgs) {
  return changePreferences(request, context);
}

export default function Preferences() {
  const { listed, notListed } = useLoaderData<typeof loader>();
  return <PreferencesPage listed={listed} notListed={notListed} result={useActionData<FormResult>()} />;
}
