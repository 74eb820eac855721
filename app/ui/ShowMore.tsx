import { Link, useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { usePendingLocation } from "~/ui/use-pending-location";

/**
 * A "Show more" list's state (paging.ts): `more` while its next page comes (the items shown stay on
 * screen), `other` while any other change to the page's query comes (a new tab: the list gives way to
 * its loading text). Once more have come, focus moves to the first new item, so a keyboard or screen
 * reader user goes on from where the new ones start (the link they followed moves or is gone).
 */
export function useShowMore(pathname: string, anchor: string): { more: boolean; other: boolean } {
  const next = usePendingLocation(pathname);
  const location = useLocation();
  useEffect(() => {
    if (!location.hash.startsWith(`#${anchor}-`)) return;
    const first = document.getElementById(location.hash.slice(1));
    if (!first) return;
    if (first.tabIndex < 0) first.tabIndex = -1;
    first.focus({ preventScroll: true });
  }, [location.key, location.hash, anchor]);
  const more = next !== null && new URLSearchParams(next.search).has("page");
  return { more, other: next !== null && !more };
}

/**
 * The "Show more" link of a public list: the same page with one page more, landing on the first new
 * item, whose id is `${anchor}-${its position}`. Only the list's own parameters (`keep`, and the page)
 * are carried, so every visitor's link is the same address, which the public cache shares.
 */
export function ShowMore({
  page,
  size,
  anchor,
  label,
  loading,
  keep = [],
}: {
  page: number;
  size: number;
  anchor: string;
  label: string;
  loading: boolean;
  keep?: string[];
}) {
  const location = useLocation();
  const current = new URLSearchParams(location.search);
  const params = new URLSearchParams();
  for (const name of keep) {
    const value = current.get(name);
    if (value !== null) params.set(name, value);
  }
  params.set("page", String(page + 1));
  return (
    <p className="show-more">
      <Link
        to={`${location.pathname}?${params}#${anchor}-${page * size + 1}`}
        className="button button--ghost"
        preventScrollReset
      >
        {loading ? "Loading more..." : label}
      </Link>
    </p>
  );
}
