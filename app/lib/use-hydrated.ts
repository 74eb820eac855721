import { useEffect, useState } from "react";

/**
 * False on the server and in the first browser render, true once React has hydrated. Lets a component show its
 * no-JavaScript fallback (a plain link, a disabled button) until the scripted version can work, while the first
 * browser render still matches the server's HTML.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
