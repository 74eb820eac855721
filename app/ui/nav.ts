// Items of the navigation bar, in order. Icons are chosen in the Navbar component.
export const NAV_ITEMS = [
  { to: "/gallery", label: "Shop" },
  { to: "/events", label: "Events" },
  { to: "/about", label: "About Me" },
  { to: "/contact", label: "Contact" },
  { to: "/testimonials", label: "Testimonials" },
] as const;

export type NavPath = (typeof NAV_ITEMS)[number]["to"];

/**
 * Whether a navigation item is highlighted on `pathname`: an item matches its own path and every
 * path below it (/events/edit/1 highlights Events); home matches only itself.
 */
export function isActivePath(itemPath: string, pathname: string): boolean {
  if (itemPath === "/") return pathname === "/";
  const current = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return current === itemPath || current.startsWith(`${itemPath}/`);
}

/** Scroll offsets (px) past which the navbar changes style and the home scroll hint hides. */
export const NAVBAR_SCROLL_THRESHOLD = 20;
export const SCROLL_INDICATOR_THRESHOLD = 100;
