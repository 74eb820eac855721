// An upload that stops half-way: the admin pressed Cancel (the browser drops the connection) or the
// signal went. Whatever part of it the Worker had stored is deleted again, and no artwork is saved.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { artworkForm, jpeg, signIn } from "./admin-helpers";
import { fetchApp, ORIGIN, TINY_JPEG, webpOfWidth } from "./helpers";
import { snapshotStorage } from "./storage-snapshot";

let cookie: string;
beforeAll(async () => {
  cookie = await signIn();
});

const postKeys = async () => (await env.IMAGES.list({ prefix: "posts/" })).objects.map((object) => object.key);

/**
 * The artwork form of `title` with two images: the first with its display copy, the second large. Its
 * bytes are sent up to the middle of the second image; then `stop` runs once the first image is in R2.
 */
async function sendHalf(title: string, stop: (body: ReadableStreamDefaultController<Uint8Array>) => void) {
  const form = artworkForm(
    { intent: "save", title, description: "d", medium: "Oil", size: "1 x 1 m" },
    ["oil"],
    [
      jpeg("first.jpg"),
      ["display-0", new Blob([webpOfWidth(1600)], { type: "image/webp" }), "display-0.webp"],
      ["images", new Blob([TINY_JPEG, new Uint8Array(512 * 1024)], { type: "image/jpeg" }), "second.jpg"],
    ],
  );
  const encoded = new Response(form);
  const bytes = new Uint8Array(await encoded.arrayBuffer());
  const half = bytes.length - 256 * 1024;
  const before = await postKeys();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      c.enqueue(bytes.subarray(0, half));
    },
  });
  const abort = new AbortController();
  const answer = fetchApp("/createPost", {
    method: "POST",
    redirect: "manual",
    signal: abort.signal,
    // As a browser sends a form: its length declared up front.
    headers: {
      Origin: ORIGIN,
      Cookie: cookie,
      "Content-Type": encoded.headers.get("Content-Type")!,
      "Content-Length": String(bytes.length),
    },
    body,
    duplex: "half",
  } as RequestInit).catch((error: unknown) => error);
  // The first image is stored as soon as it has arrived, before the rest of the form.
  await expect.poll(async () => (await postKeys()).filter((key) => !before.includes(key)).length).toBe(2);
  stop(controller);
  return { answer, abort };
}

describe("an upload that stops half-way", () => {
  it("when the body ends early, deletes the images it had stored and saves nothing", async () => {
    const before = await snapshotStorage();
    const { answer } = await sendHalf("Cut Off", (body) => body.close());
    const response = (await answer) as Response;
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("The form could not be read. Please try again.");
    await expect.poll(() => snapshotStorage()).toBe(before);
  });

  it("when the sender goes away (Cancel), deletes them too, though nobody waits for the answer", async () => {
    const before = await snapshotStorage();
    const { abort } = await sendHalf("Cancelled", () => {});
    abort.abort();
    await expect.poll(() => snapshotStorage()).toBe(before);
  });
});
