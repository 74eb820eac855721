import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { fetchApp, TINY_JPEG } from "./helpers";
import { freshClientIp } from "../support/addresses";

/** A form POST from its own client IP (the sign-in throttle is per IP), not following redirects. */
export function postForm(path: string, body: Record<string, string>, headers: Record<string, string> = {}) {
  return fetchApp(path, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: "http://localhost", "CF-Connecting-IP": freshClientIp(), ...headers },
    body: new URLSearchParams(body),
  });
}

/** Signs in through /dashboard and returns the Cookie header value of the admin session. */
export async function signIn(): Promise<string> {
  const response = await postForm("/dashboard", { intent: "login", passkey: env.ADMIN_PASSKEY });
  expect(response.status).toBe(302);
  return response.headers.get("Set-Cookie")!.split(";")[0]!;
}

/** A multipart form POST (the artwork form), from its own client IP, not following redirects. */
export function postMultipart(path: string, body: FormData, headers: Record<string, string> = {}) {
  return fetchApp(path, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: "http://localhost", "CF-Connecting-IP": freshClientIp(), ...headers },
    body,
  });
}

/** The artwork form as the browser sends it: text fields, categories, then files. */
export function artworkForm(
  values: Record<string, string>,
  categories: string[] = ["acrylic", "oil"],
  files: Array<[string, Blob, string]> = [],
): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) form.append(name, value);
  for (const category of categories) form.append("categories", category);
  for (const [name, blob, filename] of files) form.append(name, blob, filename);
  return form;
}

/** A tiny JPEG as the artwork form's `images` field sends it. */
export const jpeg = (filename: string): [string, Blob, string] => [
  "images",
  new Blob([TINY_JPEG], { type: "image/jpeg" }),
  filename,
];
