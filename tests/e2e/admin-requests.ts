// The admin's requests made without a browser page, for tests that need an artwork of their own to
// act on: signing in, and creating a published artwork as the create form posts it without JavaScript.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { APIRequestContext } from "@playwright/test";
import { ADMIN_PASSKEY, expect } from "./fixtures";

const POPPIES = fileURLToPath(new URL("../../seed/images/wild-poppies-1.jpg", import.meta.url));

/** Signs `request` (a page's or a context's) in with the passkey. */
export async function signIn(request: APIRequestContext, baseURL: string) {
  const response = await request.post("/dashboard", {
    form: { intent: "login", passkey: ADMIN_PASSKEY },
    headers: { Origin: baseURL },
  });
  expect(await response.text()).toContain("Admin Dashboard");
}

/** Creates a published artwork as the create form posts it without JavaScript; returns its id. */
export async function createArtwork(request: APIRequestContext, baseURL: string, title: string): Promise<string> {
  const created = await request.post("/createPost", {
    multipart: {
      intent: "save",
      title,
      description: "Light on water.",
      medium: "Watercolour",
      size: "20 x 30 cm",
      available: "yes",
      categories: "watercolor",
      images: { name: "poppies.jpg", mimeType: "image/jpeg", buffer: readFileSync(POPPIES) },
    },
    headers: { Origin: baseURL },
  });
  expect(await created.text()).toContain("Post created successfully!");
  const dashboard = await (await request.get(`/dashboard?q=${encodeURIComponent(title)}`)).text();
  const id = /href="\/edit\/([^"]+)"/.exec(dashboard)?.[1];
  expect(id, `the dashboard links to ${title}'s edit page`).toBeTruthy();
  return decodeURIComponent(id!);
}
