// What an uploaded file really is, read from its first bytes: the name and Content-Type a browser sends
// are whatever the sender says, so neither decides whether something is stored as an image.

export type ImageType = "image/jpeg" | "image/png" | "image/webp" | "image/gif" | "image/avif";

const ascii = (bytes: Uint8Array, start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));

/** The image type of `bytes` by its signature, or null when it is not a JPEG, PNG, WebP, GIF or AVIF. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (bytes.length >= 8 && ascii(bytes, 0, 8) === "\x89PNG\r\n\x1a\n") return "image/png";
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(ascii(bytes, 0, 6))) return "image/gif";
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "image/webp";
  if (bytes.length >= 16 && ascii(bytes, 4, 8) === "ftyp") {
    // ISO-BMFF: major brand, minor version, then compatible brands up to the end of the ftyp box.
    const boxSize = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0);
    const end = Math.min(boxSize, bytes.length);
    const brands = [ascii(bytes, 8, 12)];
    for (let offset = 16; offset + 4 <= end; offset += 4) brands.push(ascii(bytes, offset, offset + 4));
    if (brands.some((brand) => brand === "avif" || brand === "avis")) return "image/avif";
  }
  return null;
}

/** Pixel width of a WebP image from its header (lossy VP8, lossless VP8L or extended VP8X), or null. */
export function webpWidth(bytes: Uint8Array): number | null {
  if (sniffImageType(bytes) !== "image/webp" || bytes.length < 30) return null;
  const chunk = ascii(bytes, 12, 16);
  const at = (i: number) => bytes[i] ?? 0;
  if (chunk === "VP8X") return 1 + (at(24) | (at(25) << 8) | (at(26) << 16));
  if (chunk === "VP8 ") return (at(26) | (at(27) << 8)) & 0x3fff;
  if (chunk === "VP8L" && at(20) === 0x2f) return 1 + (at(21) | ((at(22) & 0x3f) << 8));
  return null;
}

export const EXTENSION_OF: Record<ImageType, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/gif": "gif",
  "image/avif": "avif",
};

/** All the bytes of a stream, or null as soon as they pass `max` (the rest is not read). */
export async function readUpTo(
  data: AsyncIterable<Uint8Array> | ReadableStream<Uint8Array>,
  max: number,
): Promise<Uint8Array | null> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of "getReader" in data ? chunksOf(data) : data) {
    size += chunk.byteLength;
    if (size > max) return null;
    chunks.push(chunk);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** A web stream as an async iterable, cancelled when the reader stops early. */
async function* chunksOf(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
}
