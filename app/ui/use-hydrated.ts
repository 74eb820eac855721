import { useSyncExternalStore } from "react";

const neverChanges = () => () => {};

/**
 * False on the server and in the first browser render, true once React has hydrated. Lets a component show its
 * no-JavaScript fallback (a plain link, a disabled button) until the scripted version can work, while the first
 * browser render still matches the server's HTML. (React renders the server snapshot while hydrating, then the
 * browser's; a component mounted after hydration is true at once.)
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}
