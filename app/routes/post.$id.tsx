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
import {
  Link,
  useActionData,
  useFetcher,
  useLoaderData,
  useSearchParams,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { ArrowLeft, CheckCircle2, Mail, Share2, X } from "lucide-react";
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent } from "react";
import ImageGallery, { type GalleryItem } from "react-image-gallery";
import galleryStyles from "react-image-gallery/styles/image-gallery.css?url";
import { FormField } from "~/components/FormField";
import { db } from "~/db/client.server";
import type { Post } from "~/db/schema";
import { CATEGORY_LABELS, categoriesOf, galleryHref, type Category } from "~/lib/categories";
import { parseForm, readForm, type FormFailure } from "~/lib/forms.server";
import { imageSrc } from "~/lib/images";
import { useNonce } from "~/lib/nonce";
import { formatPrice, NO_PRICE_TEXT } from "~/lib/price";
import { ADDRESS_MAX, EMAIL_MAX, MESSAGE_MAX, NAME_MAX } from "~/lib/limits";
import { enquirySchema } from "~/lib/schemas";
import { absoluteUrl, pageMeta, pageTitle, siteUrlOf, summarise } from "~/lib/seo";
import { SITE } from "~/lib/site";
import { FEEDBACK_MS, useTimeout } from "~/lib/use-timeout";
import { createMessage } from "~/models/messages.server";
import { getPost } from "~/models/posts.server";
import postStyles from "~/styles/post.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: galleryStyles },
  { rel: "stylesheet", href: postStyles },
];

const ENQUIRY_FAILED = "Sorry, your enquiry could not be sent. Please try again.";
const ARTWORK_NOT_FOUND = "Artwork not found";
const LINK_COPIED = "Link copied to clipboard!";

// Spec §2 and §9: the carousel's settings.
const GALLERY_OPTIONS = {
  lazyLoad: true,
  showPlayButton: false,
  autoPlay: false,
  slideDuration: 450,
  slideInterval: 3000,
  swipeThreshold: 30,
  // Arrow keys move the gallery only while it has focus, never while the visitor types in the enquiry form.
  useWindowKeyDown: false,
} as const;

type ArtworkView = {
  id: string;
  title: string;
  description: string;
  medium: string;
  size: string;
  price: string | null;
  available: "yes" | "no";
  categories: Category[];
  images: string[];
};

function toView(post: Post): ArtworkView {
  return {
    id: post.id,
    title: post.title,
    description: post.description,
    medium: post.medium,
    size: post.size,
    price: post.price,
    available: post.available,
    categories: categoriesOf(post),
    images: post.imageUrls,
  };
}

const postPath = (id: string) => `/post/${encodeURIComponent(id)}`;

// ---------------------------------------------------------------------------------------------------------
// Server

export async function loader({ params, context }: LoaderFunctionArgs) {
  const year = new Date().getFullYear();
  const id = params.id?.trim();
  let post: Post | undefined;
  try {
    post = id ? await getPost(db(context.cloudflare.env), id) : undefined;
  } catch (error) {
    // Spec §8: a fetch error is only logged; the page shows its not-found branch.
    console.error(`Could not read artwork ${id}:`, error);
    return data({ post: null, year, url: null, unavailable: true }, { status: 503 });
  }
  if (!post) return data({ post: null, year, url: null, unavailable: false }, { status: 404 });
  return data({
    post: toView(post),
    year,
    url: absoluteUrl(context.env.SITE_URL, postPath(post.id)),
    unavailable: false,
  });
}

type EnquiryResult = { ok: true } | FormFailure;

export async function action({ request, params, context }: ActionFunctionArgs) {
  const database = db(context.cloudflare.env);
  const formData = await readForm(request);
  const id = params.id?.trim();
  const post = id ? await getPost(database, id) : undefined;
  if (!post) {
    const failure: FormFailure = { ok: false, errors: {}, values: {}, formError: ARTWORK_NOT_FOUND };
    return data(failure, { status: 404 });
  }

  const parsed = parseForm(formData, enquirySchema);
  if (!parsed.ok) return data(parsed satisfies FormFailure, { status: 400 });

  try {
    // Stored as pending; e-mail delivery picks it up (a later issue).
    await createMessage(database, {
      kind: "enquiry",
      postId: post.id,
      postTitle: post.title,
      name: parsed.data.name,
      email: parsed.data.email,
      address: parsed.data.address,
      message: parsed.data.message,
    });
  } catch (error) {
    console.error(`Could not store an enquiry about ${post.id}:`, error);
    const failure: FormFailure = { ok: false, errors: {}, values: parsed.values, formError: ENQUIRY_FAILED };
    return data(failure, { status: 503 });
  }
  return data({ ok: true } as const);
}

// Neither an enquiry nor opening/closing the modal (?enquire=1) changes the artwork: no need to read it again.
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
      return params.toString();
    };
    if (strip(currentUrl) === strip(nextUrl)) return false;
  }
  return defaultShouldRevalidate;
};

// ---------------------------------------------------------------------------------------------------------
// Meta and structured data

export const meta: MetaFunction<typeof loader> = ({ data: loaderData, matches }) => {
  const post = loaderData?.post;
  if (!post) {
    return [
      { title: pageTitle(ARTWORK_NOT_FOUND) },
      { name: "description", content: "This artwork could not be found. Browse the shop for available pieces." },
      { name: "robots", content: "noindex" },
    ];
  }
  const siteUrl = siteUrlOf(matches);
  const first = post.images[0];
  return pageMeta({
    title: post.title,
    description: summarise(post.description) || `${post.title} by ${SITE.artistName}`,
    url: absoluteUrl(siteUrl, postPath(post.id)),
    image: first ? absoluteUrl(siteUrl, imageSrc(first)) : undefined,
    type: "product",
  });
};

const AMOUNT = String.raw`(\d+(?:\.\d{1,2})?)`;

/** The numeric price for structured data: "150" -> "150", "200-300" -> its lower bound; text -> null. */
function priceAmount(price: string | null): { price: string; max?: string } | null {
  const value = price?.trim() ?? "";
  const range = new RegExp(String.raw`^£?\s*${AMOUNT}\s*[-–]\s*£?\s*${AMOUNT}$`).exec(value);
  if (range?.[1] && range[2]) return { price: range[1], max: range[2] };
  const single = new RegExp(String.raw`^£?\s*${AMOUNT}$`).exec(value);
  return single?.[1] ? { price: single[1] } : null;
}

/** Width, height and depth from a free-text size such as "50 x 40 cm" or "A3 (42 x 29.7 cm)". */
function dimensionsOf(size: string): { width: string; height: string; depth?: string } | null {
  const match =
    /(\d+(?:\.\d+)?)\s*[x×]\s*(\d+(?:\.\d+)?)(?:\s*[x×]\s*(\d+(?:\.\d+)?))?\s*(mm|cm|m|in|inches|")(?![a-z])/i.exec(
      size,
    );
  if (!match?.[1] || !match[2] || !match[4]) return null;
  const unit = match[4] === '"' || match[4].toLowerCase() === "inches" ? "in" : match[4].toLowerCase();
  return {
    width: `${match[1]} ${unit}`,
    height: `${match[2]} ${unit}`,
    ...(match[3] ? { depth: `${match[3]} ${unit}` } : {}),
  };
}

function artworkJsonLd(post: ArtworkView, url: string): Record<string, unknown> {
  const amount = priceAmount(post.price);
  const dimensions = dimensionsOf(post.size);
  return {
    "@context": "https://schema.org",
    "@type": "VisualArtwork",
    name: post.title,
    url,
    image: post.images.map((stored) => absoluteUrl(url, imageSrc(stored))),
    description: post.description,
    artMedium: post.medium,
    artform: post.categories.map((category) => CATEGORY_LABELS[category]).join(", ") || undefined,
    size: post.size,
    ...(dimensions ?? {}),
    creator: { "@type": "Person", name: SITE.artistName },
    offers: {
      "@type": "Offer",
      priceCurrency: "GBP",
      ...(amount ? { price: amount.price } : {}),
      ...(amount?.max
        ? {
            priceSpecification: {
              "@type": "PriceSpecification",
              priceCurrency: "GBP",
              minPrice: amount.price,
              maxPrice: amount.max,
            },
          }
        : {}),
      availability: post.available === "no" ? "https://schema.org/SoldOut" : "https://schema.org/InStock",
      url,
    },
  };
}

/** JSON for an inline script: `<` is escaped so the text can never close the script element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

// ---------------------------------------------------------------------------------------------------------
// Page

function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

export default function ArtworkPage() {
  const { post, year, url, unavailable } = useLoaderData<typeof loader>();
  if (!post || !url) return <ArtworkMissing unavailable={unavailable} />;
  return <Artwork key={post.id} post={post} year={year} url={url} />;
}

function ArtworkMissing({ unavailable }: { unavailable: boolean }) {
  return (
    <section className="not-found post-missing" aria-labelledby="post-missing-title">
      <h1 id="post-missing-title">{ARTWORK_NOT_FOUND}</h1>
      <p className="lead">
        {unavailable
          ? "This artwork could not be loaded just now. Please try again in a moment."
          : "It may have been removed, or the link may be incomplete."}
      </p>
      <div className="button-row">
        <Link to="/gallery" className="button button--primary" prefetch="intent">
          <ArrowLeft size={18} aria-hidden="true" /> Return to Gallery
        </Link>
      </div>
    </section>
  );
}

function Artwork({ post, year, url }: { post: ArtworkView; year: number; url: string }) {
  const nonce = useNonce();
  const hydrated = useHydrated();
  const [searchParams, setSearchParams] = useSearchParams();
  const [enquiring, setEnquiring] = useState(searchParams.get("enquire") === "1");
  const enquireRef = useRef<HTMLAnchorElement>(null);
  const sold = post.available === "no";
  const price = formatPrice(post.price) ?? NO_PRICE_TEXT;
  const enquireHref = `${postPath(post.id)}?enquire=1`;

  const openEnquiry = (event: MouseEvent<HTMLAnchorElement>) => {
    // With JavaScript the modal opens in place; without, the link renders the page with it open.
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    setEnquiring(true);
  };

  const closeEnquiry = useCallback(() => {
    setEnquiring(false);
    if (searchParams.has("enquire")) {
      const next = new URLSearchParams(searchParams);
      next.delete("enquire");
      setSearchParams(next, { replace: true, preventScrollReset: true });
    }
    // After the modal's own state has settled, give focus back to the control that opened it.
    requestAnimationFrame(() => enquireRef.current?.focus());
  }, [searchParams, setSearchParams]);

  return (
    <article className="post" aria-labelledby="post-title">
      <script
        type="application/ld+json"
        nonce={nonce}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: scriptJson(artworkJsonLd(post, url)) }}
      />
      <p className="post__back">
        <Link to="/gallery" className="text-link" prefetch="intent">
          <ArrowLeft size={18} aria-hidden="true" /> Back to the Shop
        </Link>
      </p>

      <div className="post__layout">
        <div className="post__media">
          <ArtworkGallery title={post.title} images={post.images} />
        </div>

        <div className="post__details">
          <header className="post__header">
            {sold ? <span className="badge badge--sold post__badge">SOLD</span> : null}
            <h1 id="post-title" className="post__title">
              {post.title}
            </h1>
            <p className={`post__availability${sold ? " post__availability--sold" : ""}`}>
              <span className="post__dot" aria-hidden="true" />
              {sold ? "Sold" : "Available for Purchase"}
            </p>
            <p className="post__price">
              <span className="visually-hidden">Price: </span>
              {price}
            </p>
          </header>

          <div className="post__actions">
            <Link
              ref={enquireRef}
              to={enquireHref}
              className="button button--primary"
              aria-haspopup="dialog"
              preventScrollReset
              onClick={openEnquiry}
            >
              <Mail size={18} aria-hidden="true" /> Make Enquiry
            </Link>
            <ShareButton title={post.title} id={post.id} disabled={!hydrated} />
          </div>

          <section className="post__section" aria-labelledby="post-specs-title">
            <h2 id="post-specs-title" className="post__subtitle">
              Specifications
            </h2>
            <dl className="post__specs">
              <div>
                <dt>Medium</dt>
                <dd>{post.medium}</dd>
              </div>
              <div>
                <dt>Dimensions</dt>
                <dd>{post.size}</dd>
              </div>
              {post.categories.length > 0 ? (
                <div>
                  <dt>{post.categories.length > 1 ? "Categories" : "Category"}</dt>
                  <dd>
                    <ul className="post__tags">
                      {post.categories.map((category) => (
                        <li key={category}>
                          <Link to={galleryHref(category)} className="post__tag" prefetch="intent">
                            {CATEGORY_LABELS[category]}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  </dd>
                </div>
              ) : null}
            </dl>
          </section>

          <section className="post__section" aria-labelledby="post-description-title">
            <h2 id="post-description-title" className="post__subtitle">
              About this piece
            </h2>
            <p className="post__description">{post.description}</p>
          </section>

          <section className="post__section post__order" aria-labelledby="post-order-title">
            <h2 id="post-order-title" className="post__subtitle">
              Placing an order
            </h2>
            <p>
              Send an enquiry with the button above and I will reply by e-mail. Payment is arranged with you directly
              after your enquiry; nothing is charged on this website.
            </p>
            <ul>
              <li>Prices are in pounds sterling (£, GBP).</li>
              <li>Shipping included within UK: sent by Royal Mail or courier, with tracking.</li>
              <li>International orders are sent by courier, with shipping charged accordingly.</li>
            </ul>
          </section>

          <p className="post__copyright">
            {`© ${year} ${SITE.artistName}. All rights reserved. Images may not be reproduced without permission.`}
          </p>
        </div>
      </div>

      <EnquiryModal post={post} open={enquiring} hydrated={hydrated} onClose={closeEnquiry} />
    </article>
  );
}

// ---------------------------------------------------------------------------------------------------------
// Gallery

function ArtworkGallery({ title, images }: { title: string; images: string[] }) {
  const count = images.length;
  const multiple = count > 1;
  const items: GalleryItem[] = images.map((stored, index) => ({
    original: imageSrc(stored),
    thumbnail: imageSrc(stored),
    originalAlt: count > 1 ? `${title}, image ${index + 1} of ${count}` : title,
    thumbnailAlt: "",
    loading: index === 0 ? "eager" : "lazy",
    thumbnailLoading: "lazy",
  }));
  const renderItem = useCallback((item: GalleryItem) => <GallerySlide item={item} />, []);
  const renderThumb = useCallback((item: GalleryItem) => <GalleryThumb item={item} />, []);

  if (count === 0) {
    return (
      <div className="post-gallery post-gallery--empty">
        <div className="post-gallery__missing" role="img" aria-label={`${title}: Image not available`}>
          Image not available
        </div>
      </div>
    );
  }

  return (
    <div className={`post-gallery${multiple ? " post-gallery--multiple" : " post-gallery--single"}`}>
      <ImageGallery
        items={items}
        {...GALLERY_OPTIONS}
        showThumbnails={multiple}
        showBullets={multiple}
        showIndex={multiple}
        showNav={multiple}
        showFullscreenButton={multiple}
        renderItem={renderItem}
        renderThumbInner={renderThumb}
      />
    </div>
  );
}

// React 18 does not know the camel-cased prop yet and warns; the lowercase attribute is what browsers read.
const HIGH_PRIORITY = { fetchpriority: "high" } as Record<string, string>;

/** A slide that shows 'Image not available' when its image fails, also when it failed before hydration. */
function GallerySlide({ item }: { item: GalleryItem }) {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const img = ref.current;
    if (img?.complete && img.naturalWidth === 0) setFailed(true);
  }, []);
  if (failed) {
    return (
      <div className="post-gallery__missing" role="img" aria-label={`${item.originalAlt}: Image not available`}>
        Image not available
      </div>
    );
  }
  const eager = item.loading === "eager";
  return (
    <img
      ref={ref}
      className="image-gallery-image"
      src={item.original}
      alt={item.originalAlt}
      width={1200}
      height={900}
      loading={item.loading}
      decoding={eager ? "sync" : "async"}
      {...(eager ? HIGH_PRIORITY : {})}
      onError={() => setFailed(true)}
    />
  );
}

function GalleryThumb({ item }: { item: GalleryItem }) {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const img = ref.current;
    if (img?.complete && img.naturalWidth === 0) setFailed(true);
  }, []);
  return (
    <span className="image-gallery-thumbnail-inner">
      {failed ? (
        <span className="post-gallery__thumb-missing" aria-hidden="true" />
      ) : (
        <img
          ref={ref}
          className="image-gallery-thumbnail-image"
          src={item.thumbnail}
          alt=""
          width={96}
          height={72}
          loading="lazy"
          decoding="async"
          onError={() => setFailed(true)}
        />
      )}
    </span>
  );
}

// ---------------------------------------------------------------------------------------------------------
// Share

function ShareButton({ title, id, disabled }: { title: string; id: string; disabled: boolean }) {
  const [copied, setCopied] = useState(false);
  const [fallbackUrl, setFallbackUrl] = useState<string | null>(null);
  useTimeout(copied, () => setCopied(false), FEEDBACK_MS);

  async function share() {
    const url = new URL(postPath(id), window.location.origin).toString();
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title, text: `${title} by ${SITE.artistName}`, url });
        return;
      } catch (error) {
        // The visitor closed the share sheet: nothing to do. Any other failure falls back to copying.
        if (error instanceof DOMException && error.name === "AbortError") return;
      }
    }
    if (await copyText(url)) {
      setFallbackUrl(null);
      setCopied(false);
      // Re-trigger the toast (and its timer) even when it is already showing.
      requestAnimationFrame(() => setCopied(true));
    } else {
      setFallbackUrl(url);
    }
  }

  return (
    <>
      <button type="button" className="button button--secondary" onClick={share} disabled={disabled}>
        <Share2 size={18} aria-hidden="true" /> Share
      </button>
      <div className="toast-region" role="status" aria-live="polite">
        {copied ? (
          <p className="toast">
            <CheckCircle2 size={18} aria-hidden="true" /> {LINK_COPIED}
          </p>
        ) : null}
        {fallbackUrl ? (
          <p className="toast toast--wide">
            Copy this link: <span className="toast__url">{fallbackUrl}</span>
            <button type="button" className="toast__close" aria-label="Dismiss" onClick={() => setFallbackUrl(null)}>
              <X size={18} aria-hidden="true" />
            </button>
          </p>
        ) : null}
      </div>
    </>
  );
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Older browsers or a denied permission: the selection-based fallback.
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    try {
      return document.execCommand("copy");
    } catch {
      return false;
    } finally {
      area.remove();
    }
  }
}

// ---------------------------------------------------------------------------------------------------------
// Enquiry

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), textarea:not([disabled]), [tabindex="0"]';

function EnquiryModal({
  post,
  open,
  hydrated,
  onClose,
}: {
  post: ArtworkView;
  open: boolean;
  hydrated: boolean;
  onClose: () => void;
}) {
  const titleId = useId();
  const fetcher = useFetcher<typeof action>();
  const actionData = useActionData<typeof action>();
  const result = (fetcher.data ?? actionData) as EnquiryResult | undefined;
  // A result stays in fetcher.data after it has been dealt with; this remembers which one was.
  const [dismissed, setDismissed] = useState<EnquiryResult | undefined>(undefined);
  const [formKey, setFormKey] = useState(0);
  const panelRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const current = result && result !== dismissed ? result : undefined;
  const succeeded = current?.ok === true;
  const failure = current && !current.ok ? current : undefined;
  const busy = fetcher.state !== "idle";
  const errors = failure?.errors ?? {};
  const values = failure?.values ?? {};
  const fieldErrorCount = Object.keys(errors).length;

  // Success: 'Enquiry Sent!' for 3 s, then the modal closes and the fields are cleared.
  useTimeout(succeeded && open && hydrated, () => {
    setDismissed(result);
    setFormKey((key) => key + 1);
    onClose();
  });

  // Focus moves into the dialog when it opens, to the first field the server rejected if any.
  useEffect(() => {
    if (!open) return;
    const form = formRef.current;
    const target =
      form?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? form?.querySelector<HTMLElement>("input, textarea");
    target?.focus();
  }, [open, failure]);

  // Escape closes; the page behind does not scroll while the dialog is open.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === "Escape") {
        event.preventDefault();
        onClose();
      }
    };
    document.addEventListener("keydown", onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      document.removeEventListener("keydown", onKey);
      document.body.style.overflow = overflow;
    };
  }, [open, onClose]);

  // Tab and Shift+Tab stay inside the dialog.
  const trapFocus = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== "Tab" || !panelRef.current) return;
    const focusable = [...panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (element) => element.offsetParent !== null,
    );
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const pagePath = postPath(post.id);

  return (
    <div className="modal" hidden={!open}>
      <div className="modal__backdrop" aria-hidden="true" onClick={onClose} />
      <div
        ref={panelRef}
        className="modal__panel card-panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={trapFocus}
      >
        <div className="modal__head">
          <div>
            <p className="modal__eyebrow">Make an enquiry</p>
            <h2 id={titleId} className="modal__title">
              {post.title}
            </h2>
          </div>
          {hydrated ? (
            <button type="button" className="modal__close" aria-label="Close" onClick={onClose}>
              <X size={22} aria-hidden="true" />
            </button>
          ) : null}
        </div>
        <p className="modal__intro">I will reply by e-mail. Payment is arranged with you after your enquiry.</p>

        <fetcher.Form
          key={formKey}
          ref={formRef}
          method="post"
          action={`${pagePath}?enquire=1`}
          className="form"
          aria-describedby={failure ? `${titleId}-problem` : undefined}
        >
          <div id={`${titleId}-problem`} role="alert" className="form-problem">
            {failure?.formError ? (
              <p className="form-error">{failure.formError}</p>
            ) : fieldErrorCount > 0 ? (
              <p className="form-error">Please check the {fieldErrorCount === 1 ? "field" : "fields"} marked below.</p>
            ) : null}
          </div>
          <FormField
            label="Full Name"
            name="name"
            autoComplete="name"
            maxLength={NAME_MAX}
            defaultValue={values.name}
            error={errors.name}
          />
          <FormField
            label="Email Address"
            name="email"
            type="email"
            autoComplete="email"
            maxLength={EMAIL_MAX}
            defaultValue={values.email}
            error={errors.email}
          />
          <FormField
            label="Address"
            name="address"
            multiline
            rows={2}
            autoComplete="street-address"
            maxLength={ADDRESS_MAX}
            defaultValue={values.address}
            error={errors.address}
          />
          <FormField
            label="Message"
            name="message"
            multiline
            rows={4}
            maxLength={MESSAGE_MAX}
            defaultValue={values.message}
            error={errors.message}
          />
          <div className="modal__buttons">
            {hydrated ? (
              <button type="button" className="button button--ghost" onClick={onClose}>
                Cancel
              </button>
            ) : (
              <a href={pagePath} className="button button--ghost">
                Cancel
              </a>
            )}
            <button type="submit" className="button button--primary" disabled={busy}>
              {busy ? "Sending..." : "Send Enquiry"}
            </button>
          </div>
        </fetcher.Form>

        <div role="status" className={succeeded ? "success-overlay" : "visually-hidden"}>
          {succeeded ? (
            <>
              <CheckCircle2 size={48} aria-hidden="true" />
              <h3>Enquiry Sent!</h3>
              <p>Thank you for your interest in “{post.title}”. I will reply by e-mail soon.</p>
              {hydrated ? null : (
                <a href={pagePath} className="button button--secondary">
                  Back to the artwork
                </a>
              )}
            </>
          ) : null}
        </div>
      </div>
    </div>
  );
}
