import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { pageTitle } from "~/ui/seo";
import { PUBLIC_FORM_MAX_BYTES } from "~/forms/limits";
import { confirmFromLink, confirmLinkState, LINK_EXPIRED } from "~/mailing-list/manage.server";
import { ConfirmPage } from "~/mailing-list/ConfirmPage";
import styles from "~/mailing-list/mailing-list.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

// A personal link: kept out of search engines.
export const meta: MetaFunction = () => [
  { title: pageTitle("Confirm your subscription") },
  { name: "robots", content: "noindex, nofollow" },
];

export const bodyCap = PUBLIC_FORM_MAX_BYTES;

export async function loader({ request, context }: LoaderFunctionArgs) {
  return { ...(await confirmLinkState(request, context)), expired: LINK_EXPIRED };
}

export async function action({ request, context }: ActionFunctionArgs) {
  return confirmFromLink(request, context);
}

export default function Confirm() {
  const { valid, wording, expired } = useLoaderData<typeof loader>();
  return <ConfirmPage valid={valid} wording={wording} expired={expired} confirmed={useActionData<typeof action>()} />;
}
