// 480 px-wide JPEG copies of the demo photographs, made when seeding: the same role the admin's
// browser plays for real uploads (app/lib/image-copies.ts), so shop cards never download an original.
import jpegJs from "jpeg-js";
import { THUMBNAIL_WIDTH } from "../../app/lib/limits";

/** Shrinks a JPEG to `width` pixels wide by averaging each source area (no aliasing), re-encoded at quality 80. */
export function jpegThumbnail(bytes: Uint8Array, width = THUMBNAIL_WIDTH): Uint8Array {
  const source = jpegJs.decode(bytes, { useTArray: true, formatAsRGBA: true });
  if (source.width <= width) return bytes;
  const height = Math.round((source.height * width) / source.width);
  const scaleX = source.width / width;
  const scaleY = source.height / height;
  const out = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    const y0 = Math.floor(y * scaleY);
    const y1 = Math.max(y0 + 1, Math.floor((y + 1) * scaleY));
    for (let x = 0; x < width; x++) {
      const x0 = Math.floor(x * scaleX);
      const x1 = Math.max(x0 + 1, Math.floor((x + 1) * scaleX));
      let r = 0;
      let g = 0;
      let b = 0;
      for (let sy = y0; sy < y1; sy++) {
        for (let sx = x0; sx < x1; sx++) {
          const i = (sy * source.width + sx) * 4;
          r += source.data[i]!;
          g += source.data[i + 1]!;
          b += source.data[i + 2]!;
        }
      }
      const n = (y1 - y0) * (x1 - x0);
      const o = (y * width + x) * 4;
      out[o] = r / n;
      out[o + 1] = g / n;
      out[o + 2] = b / n;
      out[o + 3] = 255;
    }
  }
  return jpegJs.encode({ data: out, width, height }, 80).data;
}
