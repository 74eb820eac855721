// Every URL a server-rendered page refers to, read with a spec-compliant HTML parser (parse5), as a
// crawler or link checker would read it: href, src and each srcset candidate, plus the share-card images.
import { parse } from "parse5";

export type Reference = {
  url: URL;
  /** Where it was found, e.g. `a[href]`, `img[srcset]`. */
  attribute: string;
  /** A link a visitor can follow to another page (the crawl goes on from these). */
  navigable: boolean;
};

type Node = {
  nodeName: string;
  attrs?: { name: string; value: string }[];
  childNodes?: Node[];
  content?: Node;
};

const URL_META = new Set(["og:image", "og:url", "twitter:image"]);

/** References of `html` (fetched from `pageUrl`), resolved against it; mailto:, tel:, data: and fragments left out. */
export function referencesIn(html: string, pageUrl: URL): Reference[] {
  const found: Reference[] = [];
  const add = (raw: string, attribute: string, navigable = false) => {
    const value = raw.trim();
    if (!value || value.startsWith("#") || /^(mailto|tel|data|javascript|blob):/i.test(value)) return;
    try {
      const url = new URL(value, pageUrl);
      url.hash = "";
      found.push({ url, attribute, navigable });
    } catch {
      // An unparsable URL is still a broken reference: keep it so the check reports it.
      found.push({ url: new URL(`invalid:${encodeURIComponent(value)}`), attribute, navigable });
    }
  };
  const visit = (node: Node) => {
    const attrs = new Map((node.attrs ?? []).map((attr) => [attr.name, attr.value]));
    const tag = node.nodeName;
    const href = attrs.get("href");
    const src = attrs.get("src");
    const srcset = attrs.get("srcset") ?? attrs.get("imagesrcset");
    if (href !== undefined && (tag === "a" || tag === "area")) add(href, `${tag}[href]`, true);
    if (href !== undefined && tag === "link") add(href, `link[rel=${attrs.get("rel") ?? ""}][href]`);
    if (src !== undefined) add(src, `${tag}[src]`);
    if (srcset !== undefined) {
      for (const candidate of srcsetUrls(srcset)) add(candidate, `${tag}[srcset]`);
    }
    const meta = attrs.get("property") ?? attrs.get("name");
    if (tag === "meta" && meta && URL_META.has(meta)) add(attrs.get("content") ?? "", `meta[${meta}]`);
    for (const child of node.childNodes ?? []) visit(child);
    if (node.content) visit(node.content);
  };
  visit(parse(html) as unknown as Node);
  return found;
}

/** The URL of each candidate in a srcset ("a.webp 480w, b.webp 960w"), split as the HTML spec's parser splits it. */
export function srcsetUrls(srcset: string): string[] {
  const urls: string[] = [];
  let at = 0;
  while (at < srcset.length) {
    while (at < srcset.length && /[\s,]/.test(srcset[at]!)) at++;
    const start = at;
    while (at < srcset.length && !/\s/.test(srcset[at]!)) at++;
    let url = srcset.slice(start, at);
    // A URL ending in commas ends its candidate there (no descriptors follow).
    const bare = url.replace(/,+$/, "");
    if (bare !== url) url = bare;
    else while (at < srcset.length && srcset[at] !== ",") at++;
    if (url) urls.push(url);
  }
  return urls;
}
