import type { ImgHTMLAttributes } from "react";
import { useImageFailed } from "~/images/use-image-failed";

/** An image that shows 'Image not available' in its place when it fails, also when it failed before hydration. */
export function ImageWithFallback(props: ImgHTMLAttributes<HTMLImageElement> & { alt: string }) {
  const { failed, ref, onError } = useImageFailed();
  if (failed) {
    return (
      <span
        className={`image-fallback ${props.className ?? ""}`}
        role="img"
        aria-label={`${props.alt}: Image not available`}
      >
        Image not available
      </span>
    );
  }
  return <img ref={ref} {...props} alt={props.alt} onError={onError} />;
}
