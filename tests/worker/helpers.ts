import { exports } from "cloudflare:workers";

export const ORIGIN = "http://localhost";

/** A whole request through server.ts (the Worker entry) and the production Remix build. */
export function fetchApp(path: string, init?: RequestInit): Promise<Response> {
  const app = (exports as unknown as { default: Fetcher }).default;
  const request = new Request(new URL(path, ORIGIN), init);
  // A browser always sends Host; Remix compares it with Origin on actions.
  if (!request.headers.has("Host")) request.headers.set("Host", new URL(ORIGIN).host);
  return app.fetch(request);
}

/** A small but valid 1x1 JPEG, for image storage tests. */
export const TINY_JPEG = Uint8Array.from(
  atob(
    "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=",
  ),
  (c) => c.charCodeAt(0),
);
