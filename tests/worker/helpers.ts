import { exports } from "cloudflare:workers";
import type { ArtworkOption } from "~/artworks/options";
import type { NewArtwork } from "~/artworks/schema";
import { freshClientIp } from "../support/addresses";

export const ORIGIN = "http://localhost";

/**
 * A whole request through server.ts (the Worker entry) and the production Remix build. Without a
 * CF-Connecting-IP of its own it comes from a new client address, so no two tests share a limit.
 */
export function fetchApp(path: string, init?: RequestInit): Promise<Response> {
  const app = (exports as unknown as { default: Fetcher }).default;
  return app.fetch(asBrowserSends(new Request(new URL(path, ORIGIN), init)));
}

/** The headers every request carries from a browser (Host) and from Cloudflare (the client's address). */
export function asBrowserSends(request: Request): Request {
  // Remix compares Host with Origin on actions.
  if (!request.headers.has("Host")) request.headers.set("Host", new URL(ORIGIN).host);
  if (!request.headers.has("CF-Connecting-IP")) request.headers.set("CF-Connecting-IP", freshClientIp());
  return request;
}

/** A small but valid 1x1 JPEG, for image storage tests. */
export const TINY_JPEG = Uint8Array.from(
  atob(
    "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=",
  ),
  (c) => c.charCodeAt(0),
);

/** A post row with every required field filled; override what a test is about. */
export function makeArtwork(overrides: Partial<NewArtwork> & { id: string }): NewArtwork {
  return {
    title: `Artwork ${overrides.id}`,
    description: "A painting.",
    medium: "Oil on canvas",
    categories: ["oil"],
    category: "oil",
    size: "40 x 30 cm",
    price: null,
    imageUrls: [`posts/1_${overrides.id}.jpg`],
    available: "yes",
    ...overrides,
  };
}

/** A print option (an A3 giclée, edition of 50 with 6 sold) for an artwork's `options`; override what a test is about. */
export function makeOption(overrides: Partial<ArtworkOption> & { id: string }): ArtworkOption {
  return { label: "A3 giclée print", size: "42 × 29.7 cm", pricePence: 6500, edition: 50, sold: 6, ...overrides };
}

/** A WebP header as a browser's canvas writes it (lossy VP8), `width` pixels wide. Enough for the server's checks. */
export function webpOfWidth(width: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(40);
  bytes.set(
    [..."RIFF"].map((c) => c.charCodeAt(0)),
    0,
  );
  new DataView(bytes.buffer).setUint32(4, bytes.length - 8, true);
  bytes.set(
    [..."WEBPVP8 "].map((c) => c.charCodeAt(0)),
    8,
  );
  new DataView(bytes.buffer).setUint32(16, bytes.length - 20, true);
  bytes.set([0x9d, 0x01, 0x2a], 23);
  new DataView(bytes.buffer).setUint16(26, width, true);
  new DataView(bytes.buffer).setUint16(28, Math.round(width * 0.75), true);
  return bytes;
}

/** What an answer's page says, as a reader sees its text (React writes ' as &#x27;, " as &quot;, & as &amp;). */
export async function pageText(response: Response): Promise<string> {
  return (await response.text()).replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");
}
