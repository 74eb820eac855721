// The artwork detail page (/post/:id): gallery, details, share and the enquiry form.
// Server-rendered from D1. The enquiry works without JavaScript (?enquire=1 renders the modal open and the
// form posts to this route's action); with JavaScript the modal opens in place and submits through a fetcher.
import {
  data,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { isAdmin } from "~/admin/session.server";
import galleryStyles from "react-image-gallery/styles/image-gallery.css?url";
import { ArtworkPage, type ArtworkPageParts } from "~/artworks/ArtworkPage";
import { ArtworkGalleryOnDemand } from "~/document/ArtworkGalleryOnDemand";
import { SubscribeForm } from "~/mailing-list/SubscribeForm";
import { EnquiryModalOnDemand, loadEnquiryModal } from "~/document/EnquiryModalOnDemand";
import { db } from "~/platform/db.server";
import { artworkView } from "~/artworks/view";
import { imageSrc } from "~/images/references";
import { artworkPath } from "~/artworks/path";
import { ARTWORK_NOT_FOUND } from "~/artworks/not-found";
import { absoluteUrl, pageMeta, pageTitle, siteUrlOf, summarise } from "~/ui/seo";
import { SITE } from "~/ui/site";
import { getArtworkForPage } from "~/artworks/queries.server";
import { artworkJsonLd, scriptJson } from "~/artworks/jsonld";
import { reservedOptions } from "~/artworks/reservations";
import artworkStyles from "~/artworks/artwork-page.css?url";
import { receiveMessage } from "~/messages/intake.server";
import { PUBLIC_FORM_MAX_BYTES } from "~/forms/limits";

// The carousel's and the enquiry dialog's code comes on demand (app/document).
const PARTS: ArtworkPageParts = {
  enquiry: { Dialog: EnquiryModalOnDemand, load: loadEnquiryModal },
  Carousel: ArtworkGalleryOnDemand,
  SimilarWork: ({ categories }) => (
    <SubscribeForm
      source="artwork"
      title="Tell me about similar work"
      note="One e-mail when new work of this kind is in the shop. Leave with one click."
      similarTo={categories}
    />
  ),
};

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: galleryStyles },
  { rel: "stylesheet", href: artworkStyles },
];

// ---------------------------------------------------------------------------------------------------------
// Server

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const year = new Date().getFullYear();
  const id = params.id?.trim();
  let artwork: Awaited<ReturnType<typeof getArtworkForPage>>;
  const missing = { artwork: null, year, url: null, jsonLd: null, unavailable: false, draft: false };
  try {
    artwork = id ? await getArtworkForPage(db(context.cloudflare.env), id) : undefined;
  } catch (error) {
    // Spec §8: a fetch error is only logged; the page shows its not-found branch.
    console.error(`Could not read artwork ${id}:`, error);
    return data({ ...missing, unavailable: true }, { status: 503 });
  }
  // A draft is the admin's preview; to everyone else it does not exist (and a 404 is never cached).
  if (!artwork || (artwork.draft && !(await isAdmin(request, context)))) {
    return data(missing, { status: 404 });
  }
  const view = artworkView(artwork, artwork.rates);
  const url = absoluteUrl(context.env.SITE_URL, artworkPath(artwork.id));
  return data({
    artwork: view,
    year,
    url,
    // Written here, so the page's code does not carry the rules of structured data; a draft has none.
    jsonLd: artwork.draft ? null : scriptJson(artworkJsonLd(view, url, reservedOptions(artwork))),
    unavailable: false,
    draft: artwork.draft,
  });
}

export const bodyCap = PUBLIC_FORM_MAX_BYTES;

export async function action({ request, params, context }: ActionFunctionArgs) {
  return receiveMessage(request, context, { kind: "enquiry", artworkId: params.id });
}

// Neither an enquiry nor opening/closing the modal (?enquire=1, and the option it asks about) changes the
// artwork: no need to read it again.
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formAction,
  formMethod,
  defaultShouldRevalidate,
}) => {
  if (formMethod && formMethod.toUpperCase() !== "GET" && formAction) {
    if (new URL(formAction, currentUrl).pathname === currentUrl.pathname) return false;
  }
  if (!formMethod && currentUrl.pathname === nextUrl.pathname) {
    const strip = (url: URL) => {
      const params = new URLSearchParams(url.search);
      params.delete("enquire");
      params.delete("option");
      return params.toString();
    };
    if (strip(currentUrl) === strip(nextUrl)) return false;
  }
  return defaultShouldRevalidate;
};

// ---------------------------------------------------------------------------------------------------------
// Meta and structured data

export const meta: MetaFunction<typeof loader> = ({ data: loaderData, matches }) => {
  const artwork = loaderData?.artwork;
  if (!artwork) {
    return [
      { title: pageTitle(ARTWORK_NOT_FOUND) },
      { name: "description", content: "This artwork could not be found. Browse the shop for available pieces." },
      { name: "robots", content: "noindex" },
    ];
  }
  const siteUrl = siteUrlOf(matches);
  const first = artwork.images[0];
  if (loaderData.draft)
    return [{ title: pageTitle(`Draft: ${artwork.title}`) }, { name: "robots", content: "noindex" }];
  return pageMeta({
    title: artwork.title,
    description: summarise(artwork.description) || `${artwork.title} by ${SITE.artistName}`,
    url: absoluteUrl(siteUrl, artworkPath(artwork.id)),
    image: first ? absoluteUrl(siteUrl, imageSrc(first.src)) : undefined,
    type: "product",
  });
};

// ---------------------------------------------------------------------------------------------------------
// Page

export default function ArtworkDetail() {
  return <ArtworkPage {...useLoaderData<typeof loader>()} parts={PARTS} />;
}
