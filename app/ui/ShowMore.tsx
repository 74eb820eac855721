import { Link, useLocation } from "@remix-run/react";
import { hrefWith } from "~/ui/href-with";
import { usePendingLocation } from "~/ui/use-pending-location";

/**
 * How a "Show more" list is loading: `more` while its next page comes (the items shown stay on
 * screen), `other` while any other change to the page's query comes (a new tab: the list gives way to
 * its loading text).
 */
export function useShowMoreLoading(pathname: string): { more: boolean; other: boolean } {
  const next = usePendingLocation(pathname);
  const more = next !== null && new URLSearchParams(next.search).has("page");
  return { more, other: next !== null && !more };
}

/**
 * The "Show more" link of a public list (paging.ts): the same page with one page more, landing on
 * the first new item, whose id is `${anchor}-${its position}`.
 */
export function ShowMore({
  page,
  size,
  anchor,
  label,
  loading,
}: {
  page: number;
  size: number;
  anchor: string;
  label: string;
  loading: boolean;
}) {
  const location = useLocation();
  return (
    <p className="show-more">
      <Link
        to={hrefWith(location, { page: String(page + 1) }, `#${anchor}-${page * size + 1}`)}
        className="button button--ghost"
        preventScrollReset
      >
        {loading ? "Loading more..." : label}
      </Link>
    </p>
  );
}
