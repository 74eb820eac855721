// The app's routes as the production build knows them (the same build server.ts serves), so tests
// that must cover every route pick up a new route file without being edited.
import type { ServerBuild } from "@remix-run/cloudflare";
import { env } from "cloudflare:workers";
import { db } from "~/platform/db.server";
import { upsertArtworks } from "~/artworks/queries.server";
import { upsertEvents } from "~/events/queries.server";
import { certificateNumberText } from "~/sales/certificate-number";
import { upsertSales } from "~/sales/queries.server";
import { routePatterns } from "../support/route-patterns";
import { makeArtwork, TINY_JPEG } from "./helpers";
// @ts-ignore The server build exists only after `npm run build`, as for server.ts.
import * as build from "../../build/server";

/** Route ids (app/routes/<file>) a visitor may use without a session. Everything else is admin-only. */
export const PUBLIC = new Set([
  "routes/_index",
  "routes/gallery",
  "routes/post.$id",
  "routes/about",
  "routes/impact",
  "routes/commissions._index",
  // Asking for a commission: its photos go to the artist alone, never to a public address.
  "routes/commissions.request",
  "routes/commissions.request.upload",
  // A client's private page of their commission, and its photos: the unguessable token is the guard.
  "routes/commissions.progress.$token",
  "routes/commissions.progress.$token.photos.$photo",
  "routes/events._index",
  "routes/testimonials._index",
  "routes/testimonials.add",
  "routes/contact",
  // The mailing list: subscribing is public; its confirm, preferences and leave pages are guarded by the
  // signed link in the subscriber's e-mail, never a session.
  "routes/mailing-list._index",
  "routes/mailing-list.confirm",
  "routes/mailing-list.preferences",
  "routes/mailing-list.leave",
  "routes/api.event",
  // Stripe's webhook: its signature, checked with the webhook secret, is the guard, never a session.
  "routes/api.stripe-webhook",
  // Signing in with a device passkey: challenges and signatures, nothing that needs a session.
  "routes/api.device-passkey-sign-in",
  "routes/images.$",
  "routes/sitemap[.]xml",
  "routes/robots[.]txt",
  // The admin app's manifest: names and icons, nothing private; it opens the dashboard, which asks.
  "routes/admin[.]webmanifest",
  // A certificate of authenticity, checked by whoever holds one: the work, never the buyer.
  "routes/certificate.$number",
  "routes/$",
]);

/** Fills every `:param`: a test stores a post and an event with this id, so any `:id` route finds one. */
export const ID = "acc-1";
/** Fills a certificate's `:number`: a test that needs the page stores a sale with this number (sales.certificateNumber). */
export const CERTIFICATE_NUMBER = "ACC1000000000001";
/** Fills a splat (`/images/*`): a test stores this R2 object. */
export const IMAGE_KEY = `posts/1_${ID}.jpg`;

/** `page`: the route renders a page (it has a component); without one it answers a file or data. */
export type DiscoveredRoute = { id: string; path: string; loader: boolean; action: boolean; page: boolean };

/** Every route of the build but the root layout, with a URL that reaches it (params filled with existing ids). */
export function discoverRoutes(): DiscoveredRoute[] {
  const routes = (build as unknown as ServerBuild).routes;
  return routePatterns(routes).map(({ id, pattern }) => {
    const module = routes[id]!.module;
    const path = pattern
      .replace(/:number\b/, certificateNumberText(CERTIFICATE_NUMBER))
      .replace(/:\w+/g, ID)
      .replace(/\*$/, IMAGE_KEY);
    return { id, path, loader: Boolean(module.loader), action: Boolean(module.action), page: Boolean(module.default) };
  });
}

/** Stores what the discovered paths name: the artwork and the event `ID`, its image, and a sale with its certificate. */
export async function storeDiscoveredRows(): Promise<void> {
  const database = db(env);
  await upsertArtworks(database, [makeArtwork({ id: ID, imageUrls: [IMAGE_KEY] })]);
  await upsertEvents(database, [{ id: ID, name: "Open Studio", description: "d", date: "2027-05-05" }]);
  await env.IMAGES.put(IMAGE_KEY, TINY_JPEG, { httpMetadata: { contentType: "image/jpeg" } });
  await upsertSales(
    database,
    [],
    [{ id: ID, artworkId: ID, artworkTitle: "Sold", soldOn: "2026-11-20", certificateNumber: CERTIFICATE_NUMBER }],
  );
}
