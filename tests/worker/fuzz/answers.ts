// The properties every answer to generated input must have: a clear 4xx or a success, never the error
// page, nothing unescaped shown, and storage left sound.
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { isValidImageKey } from "~/images/storage.server";
import { snapshotStorage } from "../storage-snapshot";
import { HTML_PAYLOADS, wellFormed } from "./values";

export type AnswerFormat = "html" | "data" | "json";

function textOf(markup: string): string {
  return markup
    .replace(/<!--.*?-->/g, "")
    .replace(/<[^>]*>/g, "")
    .trim();
}

/** The messages a rendered page shows to explain a refusal: form and field errors, or the error/404 page. */
export function shownMessages(html: string): string[] {
  const found: string[] = [];
  const patterns = [
    /<p[^>]*class="[^"]*\b(?:form-error|field__error)\b[^"]*"[^>]*>([\s\S]*?)<\/p>/g,
    /<h1 id="(?:not-found-title|error-title|post-missing-title)"[^>]*>([\s\S]*?)<\/h1>/g,
  ];
  for (const pattern of patterns) for (const match of html.matchAll(pattern)) found.push(textOf(match[1]!));
  return found.filter((text) => /[A-Za-z]{3}/.test(text));
}

/** `formError` and field errors from a single-fetch (.data) answer, as a fetcher reads them. */
export function dataMessages(body: string): string[] {
  let flat: unknown[];
  try {
    flat = JSON.parse(body.split("\n")[0]!) as unknown[];
  } catch {
    return [];
  }
  // turbo-stream: a flat array of values; objects map "_<key index>" to "<value index>".
  const found: string[] = [];
  for (const key of ["formError", "error"]) {
    const keyIndex = flat.indexOf(key);
    if (keyIndex < 0) continue;
    for (const item of flat) {
      if (item && typeof item === "object" && !Array.isArray(item)) {
        const valueIndex = (item as Record<string, unknown>)[`_${keyIndex}`];
        const value = typeof valueIndex === "number" ? flat[valueIndex] : undefined;
        if (typeof value === "string") found.push(value);
      }
    }
  }
  return found.filter((text) => /[A-Za-z]{3}/.test(text));
}

/**
 * The properties of every answer: never 5xx, and a 4xx explains itself in words the visitor reads.
 * Returns the body text for further checks.
 */
export async function expectAnswer(response: Response, format: AnswerFormat, label: string): Promise<string> {
  const body = await response.text();
  expect(response.status, `${label}: ${body.slice(0, 300)}`).toBeLessThan(500);
  expect(response.status, label).toBeGreaterThanOrEqual(200);
  if (response.status >= 400) {
    const messages =
      format === "html"
        ? shownMessages(body)
        : format === "data"
          ? dataMessages(body)
          : [(JSON.parse(body) as { error?: string }).error ?? ""];
    expect(messages.join(" ").trim(), `${label}: a ${response.status} without a message`).not.toBe("");
  }
  return body;
}

/** Every R2 key is one the image route would serve: nothing escaped the posts/ prefix. */
export async function expectStorageKeysSafe(label: string) {
  const listing = await env.IMAGES.list({ limit: 1000 });
  for (const { key } of listing.objects) {
    expect(isValidImageKey(key) && key.startsWith("posts/"), `${label}: R2 key ${key}`).toBe(true);
  }
}

/** What is stored, for comparing before and after a case (a message's delivery may land during a later case). */
export const snapshot = () => snapshotStorage({ ignoreDelivery: true });

/** React's escaping of text and attribute values. */
export function escapedHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#x27;");
}

/** A stored value on a page: present, escaped, and none of the payloads it carries present raw. */
export function expectShownEscaped(html: string, stored: string, where: string) {
  for (const payload of HTML_PAYLOADS) {
    if (stored.includes(payload)) expect(html, `${where}: raw ${payload}`).not.toContain(payload);
  }
  expect(html, `${where}: ${JSON.stringify(stored.slice(0, 80))} escaped`).toContain(escapedHtml(stored));
}

/** What a form stores for what was typed: CRLF as LF, trimmed (as ~/forms/parse.server and the schemas do). */
export function storedForm(typed: string): string {
  return wellFormed(typed).replace(/\r\n?/g, "\n").trim();
}
