// The pages the judges look at, discovered rather than listed: every route of the production build
// (from its client manifest) plus every page and state a same-site crawl from `/` reaches, for a
// signed-out visitor and for the signed-in admin. A new route, a new filter or a new admin screen is
// judged without editing a list.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { APIRequestContext } from "@playwright/test";
import { routePatterns, type RouteEntry } from "../route-patterns";
import { crawl, fetchEntry, type Crawl } from "./crawl";

/** Two levels of links from `/`: the home page, what it links to, and what those link to. */
export const CRAWL_DEPTH = 2;

export type Session = "signed out" | "signed in";

export type JudgedPage = { url: string; route: string; html: string; status: number };

export type SiteMap = {
  /** Per session, one page per route and query string (e.g. each shop category), HTML answers only. */
  pages: Record<Session, JudgedPage[]>;
  /** Per session, everything the crawl fetched: pages, images, scripts, styles. */
  crawls: Record<Session, Crawl>;
  /** Routes with a `:param` that no crawled link reaches, so no real instance could be judged. */
  unreached: string[];
};

type Route = {
  id: string;
  pattern: string;
  matcher: RegExp;
  staticSegments: number;
  /** No loader and no browser code (its chunk is empty): only a POST gets an answer (an upload route). */
  postOnly: boolean;
};

/** The routes of the production build, read from the client manifest `remix vite:build` writes. */
export function buildRoutes(clientDir = join(process.cwd(), "build/client")): Route[] {
  const assets = join(clientDir, "assets");
  const file = readdirSync(assets).find((name) => /^manifest-.*\.js$/.test(name));
  if (!file) throw new Error(`No Remix manifest in ${assets}: run \`npm run build\` first.`);
  const source = readFileSync(join(assets, file), "utf8");
  const manifest = JSON.parse(source.slice(source.indexOf("=") + 1).replace(/;\s*$/, "")) as {
    routes: Record<string, RouteEntry & { hasLoader: boolean; module: string }>;
  };
  return routePatterns(manifest.routes).map(({ id, pattern }) => {
    const entry = manifest.routes[id]!;
    const segments = pattern.split("/").filter(Boolean);
    const source = segments
      .map((segment) => (segment === "*" ? ".+" : segment.startsWith(":") ? "[^/]+" : escapeRegExp(segment)))
      .join("/");
    return {
      id,
      pattern,
      matcher: new RegExp(`^/${source}$`),
      staticSegments: segments.filter((segment) => segment !== "*" && !segment.startsWith(":")).length,
      postOnly: !entry.hasLoader && statSync(join(clientDir, entry.module)).size <= 1,
    };
  });
}

/** The route that answers `path`, as Remix ranks them: the most static segments win. */
export function routeFor(routes: Route[], path: string): Route | undefined {
  const pathname = path.split("?")[0]!;
  return routes.filter((route) => route.matcher.test(pathname)).sort((a, b) => b.staticSegments - a.staticSegments)[0];
}

/**
 * Crawls the site as each session and adds every route the crawl did not reach: static routes as they
 * are, dynamic ones with a real id found by either crawl and with an id that does not exist (their
 * "not found" state), the catch-all with an unknown path.
 */
export async function discoverSite(requests: Record<Session, APIRequestContext>, origin: string): Promise<SiteMap> {
  const routes = buildRoutes();
  const sessions = Object.keys(requests) as Session[];
  const crawls = Object.fromEntries(
    await Promise.all(
      sessions.map(async (session) => [session, await crawl(requests[session], origin, "/", CRAWL_DEPTH)]),
    ),
  ) as Record<Session, Crawl>;

  const crawled = sessions.flatMap((session) => [...crawls[session].values()]).filter((entry) => entry.status < 400);
  const unreached: string[] = [];
  const routeUrls: string[] = [];
  for (const route of routes) {
    if (route.postOnly) continue;
    if (!/[:*]/.test(route.pattern)) {
      routeUrls.push(route.pattern);
      continue;
    }
    const instance = crawled.find((entry) => routeFor(routes, entry.url)?.id === route.id);
    if (instance) routeUrls.push(instance.url);
    else if (route.pattern !== "/*") unreached.push(route.pattern);
    routeUrls.push(route.pattern.replace(/:\w+/g, "judges-no-such-id").replace(/\*$/, "judges/no-such-page"));
  }

  const pages = {} as Record<Session, JudgedPage[]>;
  for (const session of sessions) {
    const fetched = [...crawls[session].values()];
    for (const url of routeUrls) {
      if (!crawls[session].has(url)) fetched.push(await fetchEntry(requests[session], url));
    }
    const byState = new Map<string, JudgedPage>();
    for (const entry of fetched) {
      if (entry.html === undefined) continue;
      // A redirect (e.g. an edit page for a missing artwork) is judged where it lands.
      const url = entry.finalUrl;
      const route = routeFor(routes, url)?.id ?? "(none)";
      const missing = url.includes("judges-no-such-") ? " missing" : "";
      const state = `${route}${missing}?${url.split("?")[1] ?? ""}`;
      if (!byState.has(state)) byState.set(state, { url, route, html: entry.html, status: entry.status });
    }
    pages[session] = [...byState.values()];
  }
  return { pages, crawls, unreached };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
