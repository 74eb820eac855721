import type { ShouldRevalidateFunction } from "@remix-run/react";

/**
 * Remix does not reload a page's data after an action answers 4xx. A 409 says another save changed
 * the artwork meanwhile, so the page reads it again and shows what is stored now (next to what was typed).
 */
export const revalidateAfterConflict: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 409 || defaultShouldRevalidate;
