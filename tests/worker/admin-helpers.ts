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

let saleSubmissions = 0;
/**
 * The Record a Sale form as the browser sends it (£450, no buyer, no option), with a submission id of its
 * own; `fields` names the artwork and changes what a test is about.
 */
export function saleForm(fields: Record<string, string> & { artwork: string }): Record<string, string> {
  return {
    submission: `SaleSubmission${String(++saleSubmissions).padStart(6, "0")}`,
    option: "",
    editionNumber: "",
    price: "450",
    soldOn: "2026-11-20",
    payment: "bank-transfer",
    shipping: "courier",
    name: "",
    email: "",
    address: "",
    note: "",
    enquiry: "",
    ...fields,
  };
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

type Send = (path: string, init: RequestInit) => Promise<Response>;

/**
 * One browser: it keeps the cookies the site sets (dropping those it clears), sends them back, and
 * comes from one address. `send` is the way to the Worker (by default the whole app as deployed).
 */
export class Browser {
  readonly cookies = new Map<string, string>();
  constructor(
    private readonly send: Send = (path, init) => fetchApp(path, { redirect: "manual", ...init }),
    readonly address = freshClientIp(),
  ) {}

  /** The Cookie header it sends. */
  get cookie(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  async get(path: string): Promise<Response> {
    return this.keep(await this.send(path, { headers: this.headers() }));
  }

  async post(path: string, body: Record<string, string>): Promise<Response> {
    const headers = { ...this.headers(), Origin: "http://localhost" };
    return this.keep(await this.send(path, { method: "POST", headers, body: new URLSearchParams(body) }));
  }

  /** Types a passkey on /dashboard. */
  signIn(passkey = env.ADMIN_PASSKEY): Promise<Response> {
    return this.post("/dashboard", { intent: "login", passkey });
  }

  /** Whether /dashboard shows this browser the signed-in dashboard. */
  async isSignedIn(): Promise<boolean> {
    const html = await (await this.get("/dashboard")).text();
    return html.includes("Admin Dashboard</h1>");
  }

  private headers(): Record<string, string> {
    return { "CF-Connecting-IP": this.address, ...(this.cookies.size > 0 ? { Cookie: this.cookie } : {}) };
  }

  private keep(response: Response): Response {
    for (const set of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = set.split(";").map((part) => part.trim());
      const [name = "", value = ""] = pair.split(/=(.*)/s);
      const cleared = attributes.some((a) => /^max-age=0$/i.test(a) || /^expires=.*1970/i.test(a));
      if (cleared || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }
}
