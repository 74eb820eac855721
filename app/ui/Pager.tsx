import { Link, useLocation } from "@remix-run/react";
import type { Paging } from "~/platform/paging";
import { hrefWith } from "~/ui/href-with";

/**
 * Previous and Next links between the pages of one list, kept in the query string as `param`, so the
 * other lists and the search on the page stay where they are. Nothing when there is one page.
 */
export function Pager({ param, paging, label }: { param: string; paging: Paging; label: string }) {
  const location = useLocation();
  const { page, pages } = paging;
  if (pages <= 1) return null;
  const href = (to: number) => hrefWith(location, { [param]: String(to) });
  return (
    <nav aria-label={label} className="pager">
      {page > 1 ? (
        <Link to={href(page - 1)} preventScrollReset className="button button--ghost">
          Previous
        </Link>
      ) : null}
      <span className="pager__where">{`Page ${page} of ${pages}`}</span>
      {page < pages ? (
        <Link to={href(page + 1)} preventScrollReset className="button button--ghost">
          Next
        </Link>
      ) : null}
    </nav>
  );
}
