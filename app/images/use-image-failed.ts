import { useEffect, useRef, useState } from "react";

/**
 * Whether an <img> failed to load, also when it failed before React hydrated (its error event then
 * came too early to be heard). Pass `ref` and `onError` to the image.
 */
export function useImageFailed() {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const img = ref.current;
    if (img?.complete && img.naturalWidth === 0) setFailed(true);
  }, []);
  return { failed, ref, onError: () => setFailed(true) };
}
