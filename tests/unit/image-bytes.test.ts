import { describe, expect, it } from "vitest";
import { imageKeyFor, storageKeyOf, copyKeyFor } from "~/images/storage.server";
import { readableUploadName } from "~/images/browser-copies";
import { sniffImageType, webpWidth } from "~/images/bytes";
import { responsiveImage, thumbnailOf } from "~/images/references";

const bytes = (...parts: Array<string | number[]>) =>
  Uint8Array.from(parts.flatMap((part) => (typeof part === "string" ? [...part].map((c) => c.charCodeAt(0)) : part)));

describe("sniffImageType", () => {
  it("recognises each accepted image type by its signature", () => {
    expect(sniffImageType(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe("image/jpeg");
    expect(sniffImageType(bytes("\x89PNG\r\n\x1a\n", [0, 0]))).toBe("image/png");
    expect(sniffImageType(bytes("GIF89a", [1, 0]))).toBe("image/gif");
    expect(sniffImageType(bytes("RIFF", [0, 0, 0, 0], "WEBPVP8 "))).toBe("image/webp");
    expect(sniffImageType(bytes([0, 0, 0, 0x1c], "ftypavif", [0, 0, 0, 0], "avifmif1"))).toBe("image/avif");
    // AVIF named only among the compatible brands.
    expect(sniffImageType(bytes([0, 0, 0, 0x18], "ftypmif1", [0, 0, 0, 0], "avif"))).toBe("image/avif");
  });

  it("refuses text, HTML, SVG, HEIC and empty files whatever they are called", () => {
    expect(sniffImageType(bytes("just some notes"))).toBeNull();
    expect(sniffImageType(bytes("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeNull();
    expect(sniffImageType(bytes([0, 0, 0, 0x18], "ftypheic", [0, 0, 0, 0], "mif1heic"))).toBeNull();
    expect(sniffImageType(new Uint8Array())).toBeNull();
    expect(sniffImageType(bytes([0xff, 0xd8]))).toBeNull();
  });
});

describe("webpWidth", () => {
  const header = (chunk: string, body: number[]) => {
    const out = new Uint8Array(30);
    out.set(bytes("RIFF", [0, 0, 0, 0], "WEBP", chunk, [0, 0, 0, 0], body));
    return out;
  };
  it("reads the width of lossy, lossless and extended WebP", () => {
    expect(webpWidth(header("VP8 ", [0, 0, 0, 0x9d, 0x01, 0x2a, 0xe0, 0x01]))).toBe(480);
    // VP8L: signature 0x2f, then 14 bits of width - 1 (1599 = 0x63f).
    expect(webpWidth(header("VP8L", [0x2f, 0x3f, 0x06]))).toBe(1600);
    // VP8X: flags, 3 reserved bytes, then 24 bits of width - 1.
    expect(webpWidth(header("VP8X", [0, 0, 0, 0, 0x3f, 0x06, 0]))).toBe(1600);
  });
  it("gives null for anything that is not a WebP", () => {
    expect(webpWidth(bytes([0xff, 0xd8, 0xff]))).toBeNull();
  });
});

describe("image keys", () => {
  const now = 1_795_000_000_000;
  it("names uploads posts/{timestamp}_{sanitised filename}", () => {
    expect(imageKeyFor("Harbour Lights (1).jpg", now)).toBe(`posts/${now}_Harbour-Lights-1.jpg`);
    expect(imageKeyFor("../../etc/passwd", now)).toBe(`posts/${now}_etc-passwd`);
    expect(imageKeyFor("سماء.png", now)).toBe(`posts/${now}_png`);
    expect(imageKeyFor("", now)).toBe(`posts/${now}_image`);
  });
  it("keeps a long name's last 120 characters, never starting with a dash", () => {
    expect(imageKeyFor(`${"a".repeat(200)} (final).jpg`, now)).toBe(`posts/${now}_${"a".repeat(110)}-final.jpg`);
    // Here the 120 characters would start with the dash the space became.
    expect(imageKeyFor(`${"b".repeat(50)} ${"a".repeat(115)}.jpg`, now)).toBe(`posts/${now}_${"a".repeat(115)}.jpg`);
  });
  it("has the browser send names the form parser can read, which are stored as the original would be", () => {
    const name = 'coral "garden"; take=2 50%.jpg';
    const sent = readableUploadName(name);
    expect(sent).not.toMatch(/[;=%"]/);
    expect(sent).toContain("coral");
    expect(imageKeyFor(sent, now)).toBe(`posts/${now}_coral-garden-take-2-50.jpg`);
    expect(readableUploadName("سماء.png")).toBe("سماء.png");
  });
  it("puts the browser-made copies next to their original", () => {
    expect(copyKeyFor("posts/1_sunset.jpg", "thumbnail")).toBe("posts/1_sunset.thumbnail.webp");
    expect(copyKeyFor("posts/1_sunset.webp", "display")).toBe("posts/1_sunset.display.webp");
  });
  it("finds the R2 key behind a stored reference, and none for legacy hosts", () => {
    expect(storageKeyOf("posts/1_a.jpg")).toBe("posts/1_a.jpg");
    expect(storageKeyOf("/images/posts/1_a%20b.jpg")).toBe("posts/1_a b.jpg");
    expect(storageKeyOf("https://res.cloudinary.com/x/a.jpg")).toBeNull();
    expect(storageKeyOf("/images/%E0%A4%A")).toBeNull();
    expect(storageKeyOf("posts/../secret")).toBeNull();
  });
});

describe("responsive images", () => {
  const copies = {
    "posts/1_a.jpg": {
      display: { key: "posts/1_a.display.webp", width: 1600 },
      thumbnail: { key: "posts/1_a.thumbnail.webp", width: 480 },
    },
  };
  it("shows the thumbnail on cards and offers both copies to the artwork page", () => {
    expect(thumbnailOf("posts/1_a.jpg", copies)).toBe("posts/1_a.thumbnail.webp");
    expect(responsiveImage("posts/1_a.jpg", copies)).toEqual({
      src: "/images/posts/1_a.display.webp",
      srcSet: "/images/posts/1_a.thumbnail.webp 480w, /images/posts/1_a.display.webp 1600w",
      thumbnail: "/images/posts/1_a.thumbnail.webp",
    });
  });
  it("falls back to the original when no copies were made (an upload without JavaScript)", () => {
    expect(responsiveImage("posts/2_b.jpg", copies)).toEqual({
      src: "/images/posts/2_b.jpg",
      srcSet: undefined,
      thumbnail: "/images/posts/2_b.jpg",
    });
  });
});
