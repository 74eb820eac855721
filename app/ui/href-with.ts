/**
 * The current page's address with `changes` made to its query (the outcome notice of the last action
 * dropped), so links that page a list or open an item keep everything else on the page as it is.
 */
export function hrefWith(location: { pathname: string; search: string }, changes: Record<string, string>, hash = "") {
  const params = new URLSearchParams(location.search);
  for (const [name, value] of Object.entries(changes)) params.set(name, value);
  params.delete("notice");
  return `${location.pathname}?${params.toString()}${hash}`;
}
