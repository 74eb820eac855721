// The app's URL patterns from a Remix route table (the server build's or the client manifest's), so
// tests that must cover every route pick up a new route file without being edited.

export type RouteEntry = { id: string; parentId?: string; path?: string };

/** Every route but the root layout, with its URL pattern, e.g. `/post/:id`, `/images/*`, `/*`. */
export function routePatterns(routes: Record<string, RouteEntry | undefined>): { id: string; pattern: string }[] {
  return Object.values(routes)
    .filter((route): route is RouteEntry => route !== undefined && route.id !== "root")
    .map((route) => {
      const segments: string[] = [];
      for (let at: RouteEntry | undefined = route; at; at = at.parentId ? routes[at.parentId] : undefined) {
        if (at.path) segments.unshift(at.path);
      }
      return { id: route.id, pattern: `/${segments.join("/")}` };
    });
}
