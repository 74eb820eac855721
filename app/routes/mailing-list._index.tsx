import type { ActionFunctionArgs, LinksFunction, MetaFunction } from "@remix-run/cloudflare";
import { absoluteUrl, pageMeta, siteUrlOf } from "~/ui/seo";
import { SITE } from "~/ui/site";
import { PUBLIC_FORM_MAX_BYTES } from "~/forms/limits";
import { MAILING_LIST_PATH } from "~/mailing-list/path";
import { receiveSubscription } from "~/mailing-list/subscribe.server";
import { MailingListPage } from "~/mailing-list/MailingListPage";
import styles from "~/mailing-list/mailing-list.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Mailing List",
    description: `Hear from ${SITE.artistName} when new work is in the shop or an event is coming up.`,
    url: absoluteUrl(siteUrlOf(matches), MAILING_LIST_PATH),
  });

export const bodyCap = PUBLIC_FORM_MAX_BYTES;

/** Every subscribe form on the site sends here. */
export async function action({ request, context }: ActionFunctionArgs) {
  return receiveSubscription(request, context);
}

export default function MailingList() {
  return <MailingListPage />;
}
