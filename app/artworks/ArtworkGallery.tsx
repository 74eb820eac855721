// The artwork page's carousel (react-image-gallery): thumbnails, bullets and fullscreen only when there is more
// than one image, and 'Image not available' in place of any image that fails to load. Its stylesheet is linked by
// the route (links() exists only in route modules).
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import ImageGallery, { type GalleryItem } from "react-image-gallery";
import { HIGH_PRIORITY } from "~/ui/high-priority";
import type { ResponsiveImage } from "~/images/references";
import { useImageFailed } from "~/images/use-image-failed";
import { Icon } from "~/ui/Icon";

// The full-size viewer's code comes only when a visitor opens it. Marked pure: a top-level call would keep
// this whole module in the page's first load, where ArtworkGalleryOnDemand imports it for the server only.
const ImageZoom = /* @__PURE__ */ lazy(() => import("~/images/ImageZoom"));

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

// The slide is the page's width on a phone and about 60 % of it beside the details on a laptop.
const SLIDE_SIZES = "(min-width: 960px) 60vw, 100vw";

export function ArtworkGallery({
  title,
  images,
  onReady,
}: {
  title: string;
  /** Each with its original, full size, which the zoom shows. */
  images: (ResponsiveImage & { original: string })[];
  /** Called once the carousel works in the browser (ArtworkGalleryOnDemand). */
  onReady?: () => void;
}) {
  useEffect(() => onReady?.(), [onReady]);
  const count = images.length;
  const multiple = count > 1;
  // The same items while the artwork is the same: new ones (a render on each slide) would restart the carousel.
  const items = useMemo<GalleryItem[]>(
    () =>
      images.map((image, index) => ({
        original: image.src,
        srcSet: image.srcSet,
        sizes: image.srcSet ? SLIDE_SIZES : undefined,
        thumbnail: image.thumbnail,
        originalAlt: count > 1 ? `${title}, image ${index + 1} of ${count}` : title,
        thumbnailAlt: "",
        loading: index === 0 ? "eager" : "lazy",
        thumbnailLoading: "lazy",
      })),
    [images, title, count],
  );
  const renderItem = useCallback((item: GalleryItem) => <GallerySlide item={item} />, []);
  const [current, setCurrent] = useState(0);
  const shown = items[current] ?? items[0];
  const zoomed = images[current] ?? images[0];
  // Drawn over the slides, outside them: slides render lazily, the controls at once.
  const renderZoom = useCallback(
    () =>
      shown && zoomed ? (
        <ZoomControl original={zoomed.original} placeholder={zoomed.src} alt={shown.originalAlt ?? title} />
      ) : null,
    [shown, zoomed, title],
  );
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
        renderCustomControls={renderZoom}
        onSlide={setCurrent}
        renderThumbInner={renderThumb}
      />
    </div>
  );
}

/** A slide that shows 'Image not available' when its image fails, also when it failed before hydration. */
function GallerySlide({ item }: { item: GalleryItem }) {
  const { failed, ref, onError } = useImageFailed();
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
      srcSet={item.srcSet}
      sizes={item.sizes}
      alt={item.originalAlt}
      width={1200}
      height={900}
      loading={item.loading}
      decoding={eager ? "sync" : "async"}
      {...(eager ? HIGH_PRIORITY : {})}
      onError={onError}
    />
  );
}

function GalleryThumb({ item }: { item: GalleryItem }) {
  const { failed, ref, onError } = useImageFailed();
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
          onError={onError}
        />
      )}
    </span>
  );
}

/**
 * "View full size" for the image on show: a link to its original, which opens itself without JavaScript;
 * with it, the zoom (its code fetched now), and focus back here when it closes.
 */
function ZoomControl({ original, placeholder, alt }: { original: string; placeholder: string; alt: string }) {
  const [zooming, setZooming] = useState(false);
  const trigger = useRef<HTMLAnchorElement>(null);
  return (
    <>
      <a
        ref={trigger}
        href={original}
        className="post-gallery__zoom"
        onClick={(event) => {
          event.preventDefault();
          setZooming(true);
        }}
      >
        <Icon name="zoom-in" size={20} />
        <span className="visually-hidden">{`View ${alt} full size`}</span>
      </a>
      {zooming ? (
        <Suspense
          fallback={
            <span className="post-gallery__zoom-loading" role="status">
              Opening full size...
            </span>
          }
        >
          <ImageZoom
            original={original}
            placeholder={placeholder}
            alt={alt}
            onClose={() => {
              setZooming(false);
              trigger.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
