import { type ActionFunctionArgs, type LinksFunction, type MetaFunction } from "@remix-run/cloudflare";
import { absoluteUrl, pageMeta, siteUrlOf } from "~/ui/seo";
import { SITE } from "~/ui/site";
import styles from "~/messages/contact.css?url";
import { receiveMessage } from "~/messages/intake.server";
import { ContactPage } from "~/messages/ContactPage";
import { PUBLIC_FORM_MAX_BYTES } from "~/forms/limits";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Contact",
    description: `Get in touch with ${SITE.artistName} about a painting, a commission or an event. Based in ${SITE.location}.`,
    url: absoluteUrl(siteUrlOf(matches), "/contact"),
  });

export const bodyCap = PUBLIC_FORM_MAX_BYTES;

export async function action({ request, context }: ActionFunctionArgs) {
  return receiveMessage(request, context, { kind: "contact" });
}

export default function Contact() {
  return <ContactPage />;
}
