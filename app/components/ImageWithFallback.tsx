import { useEffect, useRef, useState, type ImgHTMLAttributes } from "react";

/** An image that shows 'Image not available' in its place when it fails, also when it failed before hydration. */
export function ImageWithFallback(props: ImgHTMLAttributes<HTMLImageElement> & { alt: string }) {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const img = ref.current;
    if (img?.complete && img.naturalWidth === 0) setFailed(true);
  }, []);
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
  return <img ref={ref} {...props} onError={() => setFailed(true)} />;
}
