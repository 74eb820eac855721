import { data, redirect, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { db } from "~/platform/db.server";
import { pageTitle } from "~/ui/seo";
import { parseCertificateNumber } from "~/sales/certificate-number";
import { certificateByNumber } from "~/sales/certificates.server";
import { CERTIFICATE_NOT_FOUND, CertificatePage } from "~/sales/CertificatePage";
import { certificatePath } from "~/sales/path";
import styles from "~/sales/certificate.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

// A certificate is checked by whoever holds one, not found through a search engine.
export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => [
  { title: pageTitle(loaderData?.certificate ? "Certificate of authenticity" : CERTIFICATE_NOT_FOUND) },
  { name: "description", content: "Check a certificate of authenticity issued by the artist." },
  { name: "robots", content: "noindex" },
];

export async function loader({ params, context }: LoaderFunctionArgs) {
  const typed = (params.number ?? "").slice(0, 40);
  const number = parseCertificateNumber(typed);
  // Typed in lower case, or without its dashes: the one address that is cached and purged.
  if (number && certificatePath(number) !== `/certificate/${typed}`) return redirect(certificatePath(number), 301);
  const certificate = number ? await certificateByNumber(db(context.cloudflare.env), number) : undefined;
  if (!certificate) return data({ certificate: null, number: typed }, { status: 404 });
  return { certificate };
}

export default function Certificate() {
  return <CertificatePage data={useLoaderData<typeof loader>()} />;
}
