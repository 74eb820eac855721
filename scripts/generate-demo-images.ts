/**
 * Generates the demo artwork photographs used by the seed data.
 *
 * Every image is painted procedurally in pure TypeScript and encoded with
 * jpeg-js, so the repository does not need binary fixtures of unknown origin
 * and anybody can regenerate them:
 *
 *   npx tsx scripts/generate-demo-images.ts
 *
 * How it works: each scene first draws a flat "reference" composition (sky,
 * hills, trees, figures, ...) from simple anti-aliased shapes. A medium
 * renderer then re-interprets that reference the way a painter would: oil and
 * acrylic lay thousands of oriented, bristle-textured strokes that follow a
 * flow field, watercolour builds transparent washes with pooled edges and
 * granulation, 3D art stacks paper layers with drop shadows, and prints are
 * posterised and mounted in a mat. A finishing pass adds canvas or paper
 * texture and the uneven light of a photograph. Everything is seeded from the
 * file name, so the output is deterministic (no Math.random anywhere).
 *
 * Pass name fragments to render a subset, e.g. `... generate-demo-images.ts poppies`.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Worker, isMainThread, parentPort } from "node:worker_threads";
import jpegJs from "jpeg-js";

// ---------------------------------------------------------------------------
// Deterministic randomness
// ---------------------------------------------------------------------------

/** FNV-1a: turns a file name into a stable 32-bit seed. */
function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: tiny, fast and good enough for art direction. */
class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  range(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  int(min: number, max: number): number {
    return Math.floor(this.range(min, max + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error("pick() from an empty list");
    return item;
  }

  /** Approximately normal (sum of uniforms), which keeps jitter bounded. */
  gauss(): number {
    return (this.next() + this.next() + this.next() - 1.5) * 1.15;
  }

  /** An independent generator, so one subsystem cannot shift another's sequence. */
  fork(): Random {
    return new Random(Math.floor(this.next() * 4294967296));
  }

  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      const tmp = items[i]!;
      items[i] = items[j]!;
      items[j] = tmp;
    }
    return items;
  }
}

/** Integer lattice hash in [0, 1). */
function hash2(x: number, y: number, seed: number): number {
  let h = Math.imul(x | 0, 374761393) ^ Math.imul(y | 0, 668265263) ^ Math.imul(seed | 0, 1442695041);
  h = Math.imul(h ^ (h >>> 13), 1274126177);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}

/** Smooth value noise and fractal sums of it; all outputs are in [0, 1]. */
class Noise {
  constructor(private readonly seed: number) {}

  value(x: number, y: number): number {
    const xi = Math.floor(x);
    const yi = Math.floor(y);
    const fx = x - xi;
    const fy = y - yi;
    const u = fx * fx * (3 - 2 * fx);
    const v = fy * fy * (3 - 2 * fy);
    const a = hash2(xi, yi, this.seed);
    const b = hash2(xi + 1, yi, this.seed);
    const c = hash2(xi, yi + 1, this.seed);
    const d = hash2(xi + 1, yi + 1, this.seed);
    return a + (b - a) * u + (c - a) * v + (a - b - c + d) * u * v;
  }

  fbm(x: number, y: number, octaves = 4): number {
    let sum = 0;
    let amp = 0.5;
    let norm = 0;
    let fx = x;
    let fy = y;
    for (let o = 0; o < octaves; o++) {
      sum += amp * this.value(fx, fy);
      norm += amp;
      // Offsetting each octave hides the shared lattice origin.
      fx = fx * 2.03 + 17.1;
      fy = fy * 2.03 + 31.7;
      amp *= 0.5;
    }
    return sum / norm;
  }
}

// ---------------------------------------------------------------------------
// Colour and small maths helpers
// ---------------------------------------------------------------------------

type RGB = readonly [number, number, number];
type Pt = readonly [number, number];
/** A solid colour or a per-pixel colour function. */
type Paint = RGB | ((x: number, y: number) => RGB);

function hex(code: string): RGB {
  const n = parseInt(code.replace("#", ""), 16);
  return [((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255];
}

function mix(a: RGB, b: RGB, t: number): RGB {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

function scale(c: RGB, k: number): RGB {
  return [c[0] * k, c[1] * k, c[2] * k];
}

function luminance(c: RGB): number {
  return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2];
}

function colorDistance(a: RGB, b: RGB): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
}

function clamp(v: number, lo: number, hi: number): number {
  return v < lo ? lo : v > hi ? hi : v;
}

function smoothstep(e0: number, e1: number, x: number): number {
  const t = clamp((x - e0) / (e1 - e0), 0, 1);
  return t * t * (3 - 2 * t);
}

function paintAt(paint: Paint, x: number, y: number): RGB {
  return typeof paint === "function" ? paint(x, y) : paint;
}

/** Piecewise-linear colour ramp; stops are [position, colour] sorted by position. */
function ramp(stops: readonly (readonly [number, RGB])[], t: number): RGB {
  const first = stops[0]!;
  if (t <= first[0]) return first[1];
  for (let i = 1; i < stops.length; i++) {
    const [p1, c1] = stops[i]!;
    const [p0, c0] = stops[i - 1]!;
    if (t <= p1) return mix(c0, c1, (t - p0) / Math.max(1e-6, p1 - p0));
  }
  return stops[stops.length - 1]![1];
}

/** Randomly nudges brightness and hue, like paint that was never mixed twice the same. */
function jitterColor(c: RGB, amount: number, rng: Random): RGB {
  const k = 1 + rng.gauss() * amount;
  return [
    clamp(c[0] * k + rng.gauss() * amount * 0.35, 0, 1),
    clamp(c[1] * k + rng.gauss() * amount * 0.35, 0, 1),
    clamp(c[2] * k + rng.gauss() * amount * 0.35, 0, 1),
  ];
}

/** A colour that varies between two tones with low-frequency noise (no flat CG fills). */
function mottled(a: RGB, b: RGB, noise: Noise, frequency: number): Paint {
  return (x, y) => mix(a, b, smoothstep(0.25, 0.75, noise.fbm(x * frequency, y * frequency, 3)));
}

// ---------------------------------------------------------------------------
// Float RGB image and blur
// ---------------------------------------------------------------------------

class Img {
  readonly data: Float32Array;

  constructor(
    readonly w: number,
    readonly h: number,
    data?: Float32Array,
  ) {
    this.data = data ?? new Float32Array(w * h * 3);
  }

  clone(): Img {
    return new Img(this.w, this.h, this.data.slice());
  }

  fill(paint: Paint): void {
    for (let y = 0; y < this.h; y++) {
      for (let x = 0; x < this.w; x++) this.set(x, y, paintAt(paint, x, y));
    }
  }

  get(x: number, y: number): RGB {
    const xi = clamp(Math.round(x), 0, this.w - 1);
    const yi = clamp(Math.round(y), 0, this.h - 1);
    const i = (yi * this.w + xi) * 3;
    const d = this.data;
    return [d[i]!, d[i + 1]!, d[i + 2]!];
  }

  set(x: number, y: number, c: RGB): void {
    const i = (y * this.w + x) * 3;
    this.data[i] = c[0];
    this.data[i + 1] = c[1];
    this.data[i + 2] = c[2];
  }

  blend(x: number, y: number, c: RGB, alpha: number): void {
    const i = (y * this.w + x) * 3;
    const d = this.data;
    d[i]! += (c[0] - d[i]!) * alpha;
    d[i + 1]! += (c[1] - d[i + 1]!) * alpha;
    d[i + 2]! += (c[2] - d[i + 2]!) * alpha;
  }
}

/** Running-sum box blur along each row of an interleaved buffer. */
function boxRows(src: Float32Array, dst: Float32Array, w: number, h: number, ch: number, r: number): void {
  const norm = 1 / (2 * r + 1);
  for (let y = 0; y < h; y++) {
    const row = y * w * ch;
    for (let c = 0; c < ch; c++) {
      const base = row + c;
      let sum = 0;
      for (let k = -r; k <= r; k++) sum += src[base + clamp(k, 0, w - 1) * ch]!;
      for (let x = 0; x < w; x++) {
        dst[base + x * ch] = sum * norm;
        sum += src[base + Math.min(w - 1, x + r + 1) * ch]! - src[base + Math.max(0, x - r) * ch]!;
      }
    }
  }
}

/** Running-sum box blur down the columns, walking row by row so memory is read sequentially. */
function boxColumns(src: Float32Array, dst: Float32Array, w: number, h: number, ch: number, r: number): void {
  const norm = 1 / (2 * r + 1);
  const rowLen = w * ch;
  const sums = new Float64Array(rowLen);
  for (let k = -r; k <= r; k++) {
    const off = clamp(k, 0, h - 1) * rowLen;
    for (let x = 0; x < rowLen; x++) sums[x]! += src[off + x]!;
  }
  for (let y = 0; y < h; y++) {
    const out = y * rowLen;
    const add = Math.min(h - 1, y + r + 1) * rowLen;
    const remove = Math.max(0, y - r) * rowLen;
    for (let x = 0; x < rowLen; x++) {
      dst[out + x] = sums[x]! * norm;
      sums[x]! += src[add + x]! - src[remove + x]!;
    }
  }
}

/** Two box passes per axis give a smooth, roughly Gaussian blur with sigma close to `radius`. */
function blurBuffer(src: Float32Array, w: number, h: number, ch: number, radius: number): Float32Array {
  const r = Math.max(1, Math.round(radius * 1.2));
  const a = src.slice();
  const b = new Float32Array(src.length);
  for (let pass = 0; pass < 2; pass++) {
    boxRows(a, b, w, h, ch, r);
    boxColumns(b, a, w, h, ch, r);
  }
  return a;
}

function blurImage(img: Img, radius: number): Img {
  return new Img(img.w, img.h, blurBuffer(img.data, img.w, img.h, 3, radius));
}

function luminanceBuffer(img: Img): Float32Array {
  const out = new Float32Array(img.w * img.h);
  const d = img.data;
  for (let i = 0; i < out.length; i++) out[i] = 0.299 * d[i * 3]! + 0.587 * d[i * 3 + 1]! + 0.114 * d[i * 3 + 2]!;
  return out;
}

// ---------------------------------------------------------------------------
// Rasterisation: anti-aliased polygons and variable-width polylines
// ---------------------------------------------------------------------------

let rowScratch = new Float32Array(0);

/**
 * Scanline polygon fill (even-odd) with 4 vertical sub-samples and fractional
 * span ends, so edges are anti-aliased without allocating a full-size mask.
 */
function rasterPolygon(
  w: number,
  h: number,
  pts: readonly Pt[],
  emit: (x: number, y: number, coverage: number) => void,
): void {
  if (pts.length < 3) return;
  if (rowScratch.length < w + 2) rowScratch = new Float32Array(w + 2);
  const row = rowScratch;
  let minY = Infinity;
  let maxY = -Infinity;
  for (const p of pts) {
    minY = Math.min(minY, p[1]);
    maxY = Math.max(maxY, p[1]);
  }
  const SUB = 4;
  const xs: number[] = [];
  const yStart = Math.max(0, Math.floor(minY));
  const yEnd = Math.min(h - 1, Math.ceil(maxY));
  for (let y = yStart; y <= yEnd; y++) {
    let rowMin = w;
    let rowMax = -1;
    for (let s = 0; s < SUB; s++) {
      const sy = y + (s + 0.5) / SUB;
      xs.length = 0;
      for (let i = 0; i < pts.length; i++) {
        const a = pts[i]!;
        const b = pts[(i + 1) % pts.length]!;
        if ((a[1] <= sy && b[1] > sy) || (b[1] <= sy && a[1] > sy)) {
          xs.push(a[0] + ((sy - a[1]) / (b[1] - a[1])) * (b[0] - a[0]));
        }
      }
      xs.sort((p, q) => p - q);
      for (let k = 0; k + 1 < xs.length; k += 2) {
        const xa = Math.max(0, xs[k]!);
        const xb = Math.min(w, xs[k + 1]!);
        if (xb <= xa) continue;
        const ia = Math.floor(xa);
        const ib = Math.floor(xb);
        if (ia === ib) {
          row[ia]! += (xb - xa) / SUB;
        } else {
          row[ia]! += (ia + 1 - xa) / SUB;
          for (let i = ia + 1; i < ib; i++) row[i]! += 1 / SUB;
          if (ib < w) row[ib]! += (xb - ib) / SUB;
        }
        rowMin = Math.min(rowMin, ia);
        rowMax = Math.max(rowMax, Math.min(w - 1, ib));
      }
    }
    for (let x = rowMin; x <= rowMax; x++) {
      const c = row[x]!;
      if (c > 0.001) emit(x, y, Math.min(1, c));
      row[x] = 0;
    }
  }
}

let strokeCov = new Float32Array(0);
let strokeAcross = new Float32Array(0);
let strokeAlong = new Float32Array(0);

/**
 * Rasterises a polyline with per-vertex radii. Coverage is max-combined in a
 * bounding-box scratch buffer first, so joints between segments are not
 * blended twice. `emit` gets the signed position across the stroke (-1..1) and
 * the normalised distance along it (0..1), which brush textures need.
 */
function rasterStroke(
  w: number,
  h: number,
  pts: readonly Pt[],
  radii: readonly number[],
  emit: (x: number, y: number, coverage: number, across: number, along: number) => void,
  softness = 1,
): void {
  let maxR = 0;
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (let i = 0; i < pts.length; i++) {
    const p = pts[i]!;
    maxR = Math.max(maxR, radii[i]!);
    x0 = Math.min(x0, p[0]);
    y0 = Math.min(y0, p[1]);
    x1 = Math.max(x1, p[0]);
    y1 = Math.max(y1, p[1]);
  }
  const pad = maxR + softness + 1;
  const bx0 = Math.max(0, Math.floor(x0 - pad));
  const by0 = Math.max(0, Math.floor(y0 - pad));
  const bx1 = Math.min(w - 1, Math.ceil(x1 + pad));
  const by1 = Math.min(h - 1, Math.ceil(y1 + pad));
  if (bx1 < bx0 || by1 < by0) return;
  const bw = bx1 - bx0 + 1;
  const size = bw * (by1 - by0 + 1);
  if (strokeCov.length < size) {
    strokeCov = new Float32Array(size * 2);
    strokeAcross = new Float32Array(size * 2);
    strokeAlong = new Float32Array(size * 2);
  }
  strokeCov.fill(0, 0, size);

  let total = 0;
  for (let i = 1; i < pts.length; i++) total += Math.hypot(pts[i]![0] - pts[i - 1]![0], pts[i]![1] - pts[i - 1]![1]);
  total = Math.max(total, 1e-6);

  const segments = Math.max(1, pts.length - 1);
  let travelled = 0;
  for (let s = 0; s < segments; s++) {
    const a = pts[s]!;
    const b = pts[Math.min(s + 1, pts.length - 1)]!;
    const ra = radii[s]!;
    const rb = radii[Math.min(s + 1, pts.length - 1)]!;
    const dx = b[0] - a[0];
    const dy = b[1] - a[1];
    const len2 = dx * dx + dy * dy;
    const len = Math.sqrt(len2);
    const r = Math.max(ra, rb) + softness + 1;
    const sx0 = Math.max(bx0, Math.floor(Math.min(a[0], b[0]) - r));
    const sx1 = Math.min(bx1, Math.ceil(Math.max(a[0], b[0]) + r));
    const sy0 = Math.max(by0, Math.floor(Math.min(a[1], b[1]) - r));
    const sy1 = Math.min(by1, Math.ceil(Math.max(a[1], b[1]) + r));
    for (let y = sy0; y <= sy1; y++) {
      const py = y + 0.5 - a[1];
      for (let x = sx0; x <= sx1; x++) {
        const px = x + 0.5 - a[0];
        const t = len2 > 0 ? clamp((px * dx + py * dy) / len2, 0, 1) : 0;
        const ex = px - t * dx;
        const ey = py - t * dy;
        const dist = Math.sqrt(ex * ex + ey * ey);
        const rad = ra + (rb - ra) * t;
        const cov = clamp((rad - dist) / softness + 0.5, 0, 1);
        const k = (y - by0) * bw + (x - bx0);
        if (cov > strokeCov[k]!) {
          strokeCov[k] = cov;
          strokeAcross[k] =
            len > 0 ? clamp((dx * py - dy * px) / len / Math.max(rad, 0.5), -1, 1) : ex / Math.max(rad, 0.5);
          strokeAlong[k] = (travelled + t * len) / total;
        }
      }
    }
    travelled += len;
  }

  for (let y = by0; y <= by1; y++) {
    for (let x = bx0; x <= bx1; x++) {
      const k = (y - by0) * bw + (x - bx0);
      const c = strokeCov[k]!;
      if (c > 0.002) emit(x, y, c, strokeAcross[k]!, strokeAlong[k]!);
    }
  }
}

// ---------------------------------------------------------------------------
// Shapes and drawing onto a reference composition
// ---------------------------------------------------------------------------

function ellipse(cx: number, cy: number, rx: number, ry: number, rotation = 0, n = 48): Pt[] {
  const pts: Pt[] = [];
  const cr = Math.cos(rotation);
  const sr = Math.sin(rotation);
  for (let i = 0; i < n; i++) {
    const a = (i / n) * Math.PI * 2;
    const ex = Math.cos(a) * rx;
    const ey = Math.sin(a) * ry;
    pts.push([cx + ex * cr - ey * sr, cy + ex * sr + ey * cr]);
  }
  return pts;
}

/** An organic closed outline: an ellipse whose radius wobbles with random harmonics. */
function blob(
  rng: Random,
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  roughness = 0.25,
  rotation = 0,
  n = 56,
): Pt[] {
  const harmonics: [number, number, number][] = [];
  for (let k = 2; k <= 9; k++)
    harmonics.push([k, (rng.range(0.3, 1) * roughness) / (k * 0.55), rng.range(0, Math.PI * 2)]);
  const cr = Math.cos(rotation);
  const sr = Math.sin(rotation);
  const pts: Pt[] = [];
  for (let i = 0; i < n; i++) {
    const a = (i / n) * Math.PI * 2;
    let f = 1;
    for (const [k, amp, phase] of harmonics) f += amp * Math.sin(k * a + phase);
    const ex = Math.cos(a) * rx * f;
    const ey = Math.sin(a) * ry * f;
    pts.push([cx + ex * cr - ey * sr, cy + ex * sr + ey * cr]);
  }
  return pts;
}

function rect(x: number, y: number, w: number, h: number): Pt[] {
  return [
    [x, y],
    [x + w, y],
    [x + w, y + h],
    [x, y + h],
  ];
}

/** Subdivides a closed outline and pushes points sideways with noise: hand-cut, not ruler-straight. */
function roughen(pts: readonly Pt[], noise: Noise, amount: number, step = 6, frequency = 0.08): Pt[] {
  const out: Pt[] = [];
  for (let i = 0; i < pts.length; i++) {
    const a = pts[i]!;
    const b = pts[(i + 1) % pts.length]!;
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    const n = Math.max(1, Math.ceil(len / step));
    const nx = len > 0 ? -(b[1] - a[1]) / len : 0;
    const ny = len > 0 ? (b[0] - a[0]) / len : 0;
    for (let k = 0; k < n; k++) {
      const t = k / n;
      const x = a[0] + (b[0] - a[0]) * t;
      const y = a[1] + (b[1] - a[1]) * t;
      const d = (noise.fbm(x * frequency, y * frequency, 3) - 0.5) * 2 * amount;
      out.push([x + nx * d, y + ny * d]);
    }
  }
  return out;
}

/** Area below a horizon-like curve, closed along the bottom edge of the image. */
function groundBelow(w: number, h: number, curve: (x: number) => number, step = 6): Pt[] {
  const pts: Pt[] = [];
  for (let x = -step; x <= w + step; x += step) pts.push([x, curve(x)]);
  pts.push([w + step, h + 2], [-step, h + 2]);
  return pts;
}

function fillPoly(img: Img, pts: readonly Pt[], paint: Paint, alpha = 1): void {
  rasterPolygon(img.w, img.h, pts, (x, y, cov) => img.blend(x, y, paintAt(paint, x, y), cov * alpha));
}

/** A tapered line (stems, masts, branches, walls). */
function strokeLine(img: Img, pts: readonly Pt[], r0: number, r1: number, paint: Paint, alpha = 1): void {
  const radii = pts.map((_, i) => r0 + (r1 - r0) * (pts.length > 1 ? i / (pts.length - 1) : 0));
  rasterStroke(img.w, img.h, pts, radii, (x, y, cov) => img.blend(x, y, paintAt(paint, x, y), cov * alpha));
}

/** Quadratic curve sampled into points, for bendy stems and branches. */
function curve(a: Pt, control: Pt, b: Pt, n = 12): Pt[] {
  const pts: Pt[] = [];
  for (let i = 0; i <= n; i++) {
    const t = i / n;
    const u = 1 - t;
    pts.push([
      u * u * a[0] + 2 * u * t * control[0] + t * t * b[0],
      u * u * a[1] + 2 * u * t * control[1] + t * t * b[1],
    ]);
  }
  return pts;
}

/** Soft radial light or shadow, e.g. the glow of a low sun. */
function radialGlow(img: Img, cx: number, cy: number, radius: number, color: RGB, strength: number): void {
  const x0 = Math.max(0, Math.floor(cx - radius));
  const x1 = Math.min(img.w - 1, Math.ceil(cx + radius));
  const y0 = Math.max(0, Math.floor(cy - radius));
  const y1 = Math.min(img.h - 1, Math.ceil(cy + radius));
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const d = Math.hypot(x - cx, y - cy) / radius;
      if (d < 1) img.blend(x, y, color, strength * (1 - d) * (1 - d));
    }
  }
}

function fillRows(img: Img, y0: number, y1: number, paint: Paint, alpha = 1): void {
  for (let y = Math.max(0, Math.floor(y0)); y < Math.min(img.h, Math.ceil(y1)); y++) {
    for (let x = 0; x < img.w; x++) img.blend(x, y, paintAt(paint, x, y), alpha);
  }
}

/** Vertical gradient with a gentle noisy wobble, the basis of every sky and wall. */
function skyGradient(img: Img, stops: readonly (readonly [number, RGB])[], noise: Noise, wobble = 0.04): void {
  img.fill((x, y) => ramp(stops, y / img.h + (noise.fbm(x * 0.003, y * 0.006, 3) - 0.5) * wobble));
}

interface CloudOptions {
  top: number;
  bottom: number;
  color: RGB;
  shadow: RGB;
  coverage: number; // 0..1, how much of the band is cloud
  frequency: number;
  hardness: number; // width of the edge ramp: small = crisp acrylic clouds
}

/** Cumulus-ish clouds from thresholded fractal noise, lit from above. */
function clouds(img: Img, noise: Noise, o: CloudOptions): void {
  const threshold = 1 - o.coverage;
  for (let y = Math.max(0, Math.floor(o.top)); y < Math.min(img.h, o.bottom); y++) {
    const fade = smoothstep(o.bottom, o.top + (o.bottom - o.top) * 0.4, y);
    for (let x = 0; x < img.w; x++) {
      const n = noise.fbm(x * o.frequency, y * o.frequency * 2.2, 5);
      const a = smoothstep(threshold, threshold + o.hardness, n) * fade;
      if (a <= 0) continue;
      // Sampling the noise a little higher tells us whether we are at the cloud's underside.
      const above = noise.fbm(x * o.frequency, (y - 14) * o.frequency * 2.2, 5);
      const lit = smoothstep(threshold - 0.1, threshold + 0.25, above);
      img.blend(x, y, mix(o.shadow, o.color, lit), a);
    }
  }
}

interface TreePalette {
  shadow: RGB;
  mid: RGB;
  light: RGB;
  trunk: RGB;
}

/** A deciduous tree: a tapering trunk with limbs and a broken, leafy canopy lit from one side. */
function tree(
  img: Img,
  rng: Random,
  x: number,
  groundY: number,
  height: number,
  spread: number,
  p: TreePalette,
  lightFromLeft = true,
): void {
  const cy = groundY - height * 0.6;
  const rx = spread / 2;
  const ry = height * 0.4;
  const side = lightFromLeft ? -1 : 1;
  const leafNoise = new Noise(rng.int(0, 1e9));
  const leafy = (pts: Pt[], amount: number): Pt[] => roughen(pts, leafNoise, amount, 4, 0.09);
  // Sky seen through gaps in the foliage, sampled before the canopy covers it.
  const gaps: [Pt, RGB][] = [];
  for (let i = 0; i < 7; i++) {
    const gx = x + rng.range(-0.75, 0.75) * rx;
    const gy = cy + rng.range(-0.8, 0.3) * ry;
    gaps.push([[gx, gy], img.get(gx, gy)]);
  }
  // Cast shadow on the ground, thrown away from the light.
  fillPoly(
    img,
    ellipse(x - side * rx * 0.35, groundY + height * 0.015, rx * 0.9, height * 0.035),
    (px, py) => scale(img.get(px, py), 0.6),
    0.7,
  );
  const trunkTop: Pt = [x + rng.range(-0.1, 0.1) * rx, cy];
  strokeLine(
    img,
    curve([x, groundY], [x + rng.range(-0.15, 0.15) * rx, (groundY + cy) / 2], trunkTop),
    spread * 0.05,
    spread * 0.025,
    p.trunk,
  );
  for (let i = 0; i < 5; i++) {
    const startY = groundY - height * rng.range(0.3, 0.5);
    const end: Pt = [x + rng.range(-0.85, 0.85) * rx, cy + rng.range(-0.6, 0.2) * ry];
    strokeLine(
      img,
      curve([x, startY], [(x + end[0]) / 2, startY - height * 0.12], end),
      spread * 0.024,
      spread * 0.005,
      p.trunk,
    );
  }
  // Clusters of foliage: dark masses first, then mid tones, then sunlit tops on the light side.
  for (let i = 0; i < 16; i++) {
    const a = rng.range(0, Math.PI * 2);
    const d = Math.sqrt(rng.next()) * 0.7;
    const bx = x + Math.cos(a) * rx * d;
    const by = cy + Math.sin(a) * ry * d;
    fillPoly(
      img,
      leafy(blob(rng, bx, by, rx * rng.range(0.3, 0.45), ry * rng.range(0.25, 0.4), 0.4), rx * 0.05),
      jitterColor(p.shadow, 0.05, rng),
    );
  }
  for (let i = 0; i < 18; i++) {
    const a = rng.range(0, Math.PI * 2);
    const d = Math.sqrt(rng.next()) * 0.7;
    const bx = x + Math.cos(a) * rx * d + side * rx * 0.1;
    const by = cy + Math.sin(a) * ry * d - ry * 0.1;
    fillPoly(
      img,
      leafy(blob(rng, bx, by, rx * rng.range(0.15, 0.3), ry * rng.range(0.12, 0.25), 0.45), rx * 0.04),
      jitterColor(p.mid, 0.07, rng),
      0.95,
    );
  }
  for (let i = 0; i < 12; i++) {
    const bx = x + side * rx * rng.range(0.05, 0.65);
    const by = cy - ry * rng.range(0.0, 0.7);
    fillPoly(
      img,
      leafy(blob(rng, bx, by, rx * rng.range(0.08, 0.18), ry * rng.range(0.06, 0.15), 0.5), rx * 0.03),
      jitterColor(p.light, 0.07, rng),
      0.9,
    );
  }
  for (const [[gx, gy], c] of gaps) {
    if (rng.chance(0.5)) fillPoly(img, leafy(blob(rng, gx, gy, rx * 0.05, ry * 0.04, 0.5), rx * 0.02), c, 0.9);
  }
}

/** Mirrors what is above `axis` into the water below it, with ripples and a water tint. */
function reflectWater(
  img: Img,
  noise: Noise,
  axis: number,
  bottom: number,
  tint: RGB,
  tintAmount: number,
  ripple = 6,
): void {
  for (let y = Math.ceil(axis); y < Math.min(img.h, bottom); y++) {
    const depth = y - axis;
    for (let x = 0; x < img.w; x++) {
      const wobble = (noise.value(x * 0.015, y * 0.35) - 0.5) * ripple * (1 + depth * 0.02);
      const src = img.get(x + wobble, axis - depth * 1.05 - 1);
      const streak = smoothstep(0.62, 0.8, noise.value(x * 0.004, y * 0.5));
      const c = mix(scale(src, 0.88), tint, tintAmount + depth * 0.0008);
      img.set(x, y, mix(c, [0.95, 0.95, 0.92], streak * 0.35));
    }
  }
}

// ---------------------------------------------------------------------------
// Media: oil and acrylic (brush strokes)
// ---------------------------------------------------------------------------

interface BrushStyle {
  /** Brush radii from coarse to fine; finer passes only touch areas that still differ from the reference. */
  radii: readonly number[];
  /** Grid spacing between stroke seeds, as a multiple of the radius. */
  spacing: number;
  minSteps: number;
  maxSteps: number;
  opacity: number;
  /** Colour error above which a finer brush is used. */
  threshold: number;
  /** Colour change that makes the painter lift the brush. */
  stopDifference: number;
  jitter: number;
  /** 0..1 visibility of bristle streaks. */
  bristle: number;
  /** Paint thickness in pixels, lit afterwards to read as impasto. */
  impasto: number;
  /** How strongly strokes follow edges of the composition instead of the base angle. */
  edgeFollow: number;
  /** Preferred stroke direction (radians) where there is no edge to follow. */
  angle: (x: number, y: number) => number;
}

interface PaintedSurface {
  canvas: Img;
  height: Float32Array;
}

function gradientField(ref: Img, radius: number): { gx: Float32Array; gy: Float32Array } {
  const { w, h } = ref;
  const lum = blurBuffer(luminanceBuffer(ref), w, h, 1, radius);
  const gx = new Float32Array(w * h);
  const gy = new Float32Array(w * h);
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      gx[i] = (lum[i + 1]! - lum[i - 1]!) * 0.5;
      gy[i] = (lum[i + w]! - lum[i - w]!) * 0.5;
    }
  }
  return { gx, gy };
}

/**
 * Paints `ref` onto a toned ground with layered brush strokes (after
 * Hertzmann's "Painterly Rendering with Curved Brush Strokes"): big brushes
 * block in everything, smaller ones only where detail is still missing.
 */
function paintWithBrushes(ref: Img, ground: Img, style: BrushStyle, rng: Random): PaintedSurface {
  const { w, h } = ref;
  const canvas = ground.clone();
  const height = new Float32Array(w * h);
  const { gx, gy } = gradientField(ref, 3);

  /** Blends the edge tangent and the preferred angle using doubled angles (strokes have no head or tail). */
  const flow = (x: number, y: number): number => {
    const i = clamp(Math.round(y), 0, h - 1) * w + clamp(Math.round(x), 0, w - 1);
    const ex = gx[i]!;
    const ey = gy[i]!;
    const weight = Math.min(1, Math.hypot(ex, ey) * style.edgeFollow);
    const edge = Math.atan2(ey, ex) + Math.PI / 2;
    const base = style.angle(x, y);
    const vx = weight * Math.cos(2 * edge) + (1 - weight) * Math.cos(2 * base);
    const vy = weight * Math.sin(2 * edge) + (1 - weight) * Math.sin(2 * base);
    return Math.atan2(vy, vx) / 2;
  };

  style.radii.forEach((radius, layer) => {
    const src = blurImage(ref, Math.max(1, radius * 0.3));
    const spacing = Math.max(1.5, radius * style.spacing);
    const seeds: Pt[] = [];
    for (let y = spacing / 2; y < h; y += spacing) {
      for (let x = spacing / 2; x < w; x += spacing)
        seeds.push([x + rng.range(-0.5, 0.5) * spacing, y + rng.range(-0.5, 0.5) * spacing]);
    }
    rng.shuffle(seeds);
    for (const [x, y] of seeds) {
      if (layer > 0 && colorDistance(canvas.get(x, y), src.get(x, y)) < style.threshold) continue;
      paintStroke(canvas, height, src, flow, x, y, radius, style, rng);
    }
  });
  return { canvas, height };
}

function traceStroke(
  src: Img,
  flow: (x: number, y: number) => number,
  x0: number,
  y0: number,
  r: number,
  color: RGB,
  style: BrushStyle,
  rng: Random,
): Pt[] {
  const pts: Pt[] = [[x0, y0]];
  const steps = rng.int(style.minSteps, style.maxSteps);
  let x = x0;
  let y = y0;
  let pdx = 0;
  let pdy = 0;
  const flip = rng.chance(0.5) ? -1 : 1;
  for (let s = 0; s < steps; s++) {
    const a = flow(x, y);
    let dx = Math.cos(a) * flip;
    let dy = Math.sin(a) * flip;
    if (s > 0) {
      if (dx * pdx + dy * pdy < 0) {
        dx = -dx;
        dy = -dy;
      }
      // Limit curvature: a loaded brush does not turn on the spot.
      dx = dx * 0.55 + pdx * 0.45;
      dy = dy * 0.55 + pdy * 0.45;
      const n = Math.hypot(dx, dy) || 1;
      dx /= n;
      dy /= n;
    }
    const nx = x + dx * r * 0.9;
    const ny = y + dy * r * 0.9;
    if (nx < -r || ny < -r || nx > src.w + r || ny > src.h + r) break;
    if (s >= style.minSteps && colorDistance(src.get(nx, ny), color) > style.stopDifference) break;
    x = nx;
    y = ny;
    pdx = dx;
    pdy = dy;
    pts.push([x, y]);
  }
  if (pts.length === 1) {
    // A dab still has a direction; give it a short body along the flow.
    const a = flow(x0, y0);
    pts.push([x0 + Math.cos(a) * r * 0.8, y0 + Math.sin(a) * r * 0.8]);
  }
  return pts;
}

function paintStroke(
  canvas: Img,
  height: Float32Array,
  src: Img,
  flow: (x: number, y: number) => number,
  x0: number,
  y0: number,
  radius: number,
  style: BrushStyle,
  rng: Random,
): void {
  const r = radius * rng.range(0.8, 1.2);
  const color = jitterColor(src.get(x0, y0), style.jitter, rng);
  // A second, slightly different colour loaded on some bristles gives streaky, unmixed paint.
  const color2 = jitterColor(src.get(x0 + rng.range(-r, r), y0 + rng.range(-r, r)), style.jitter * 1.5, rng);
  const pts = traceStroke(src, flow, x0, y0, r, color, style, rng);
  const n = pts.length;
  const radii = pts.map((_, i) => r * (i === 0 ? 0.85 : i === n - 1 ? 0.7 : 1) * rng.range(0.92, 1.08));

  const bristleCount = clamp(Math.round(r * 0.6), 3, 16);
  const bristles = new Float32Array(bristleCount + 1);
  const mixes = new Float32Array(bristleCount + 1);
  for (let i = 0; i <= bristleCount; i++) {
    bristles[i] = rng.next();
    mixes[i] = rng.next() < 0.3 ? rng.next() : 0;
  }
  const opacity = style.opacity * rng.range(0.85, 1);
  const d = canvas.data;
  const w = canvas.w;

  rasterStroke(canvas.w, canvas.h, pts, radii, (x, y, cov, across, along) => {
    const f = ((across + 1) / 2) * bristleCount;
    const fi = Math.min(bristleCount - 1, Math.floor(f));
    const ft = f - fi;
    const b = bristles[fi]! + (bristles[fi + 1]! - bristles[fi]!) * ft;
    const m = mixes[fi]! + (mixes[fi + 1]! - mixes[fi]!) * ft;
    let a = cov * opacity * (1 - style.bristle * 0.55 * (1 - b));
    // The brush runs dry towards the end of the stroke: bristle gaps appear.
    if (along > 0.6) a *= smoothstep(-0.1, 0.25, b - (along - 0.6) * 1.8);
    if (a <= 0.002) return;
    const tone = 1 + (b - 0.5) * style.bristle * 0.2;
    const i = y * w + x;
    const j = i * 3;
    d[j]! += ((color[0] + (color2[0] - color[0]) * m) * tone - d[j]!) * a;
    d[j + 1]! += ((color[1] + (color2[1] - color[1]) * m) * tone - d[j + 1]!) * a;
    d[j + 2]! += ((color[2] + (color2[2] - color[2]) * m) * tone - d[j + 2]!) * a;
    // Paint piles up at the start and is pushed into ridges at the stroke's sides.
    const load = 1 + 0.5 * (1 - smoothstep(0, 0.25, along));
    const thickness = style.impasto * (0.45 + 0.55 * b + 0.4 * across * across) * load;
    height[i] = height[i]! * (1 - a * 0.7) + thickness * a;
  });
}

/** Lights the paint height field from the upper left: diffuse relief plus a little varnish sheen. */
function lightImpasto(canvas: Img, height: Float32Array, strength: number, shine: number): void {
  const { w, h } = canvas;
  const hb = blurBuffer(height, w, h, 1, 1.5);
  const lx = -0.5;
  const ly = -0.6;
  const lz = 0.62;
  // Blinn-Phong half vector between the light and a camera straight in front of the canvas.
  const hx = lx;
  const hy = ly;
  const hz = lz + 1;
  const hn = Math.hypot(hx, hy, hz);
  const d = canvas.data;
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const nx = -(hb[i + 1]! - hb[i - 1]!) * 0.5;
      const ny = -(hb[i + w]! - hb[i - w]!) * 0.5;
      const nl = Math.hypot(nx, ny, 1);
      const diffuse = (nx * lx + ny * ly + lz) / nl;
      const spec = Math.pow(Math.max(0, (nx * hx + ny * hy + hz) / (nl * hn)), 60);
      const flatSpec = Math.pow(hz / hn, 60);
      const k = 1 + (diffuse - lz) * strength;
      const s = Math.max(0, spec - flatSpec) * shine;
      const j = i * 3;
      d[j] = d[j]! * k + s;
      d[j + 1] = d[j + 1]! * k + s;
      d[j + 2] = d[j + 2]! * k + s * 0.95;
    }
  }
}

/** Toned ground + blurred block-in: what the painter sees before the visible strokes. */
function underpainting(ref: Img, tone: RGB, toneAmount: number, noise: Noise): Img {
  const under = blurImage(ref, 10);
  const d = under.data;
  for (let y = 0; y < ref.h; y++) {
    for (let x = 0; x < ref.w; x++) {
      const j = (y * ref.w + x) * 3;
      const n = noise.fbm(x * 0.01, y * 0.01, 3);
      const t = toneAmount * (0.6 + 0.8 * n);
      d[j] = d[j]! + (tone[0] - d[j]!) * t;
      d[j + 1] = d[j + 1]! + (tone[1] - d[j + 1]!) * t;
      d[j + 2] = d[j + 2]! + (tone[2] - d[j + 2]!) * t;
    }
  }
  return under;
}

function defaultAngle(noise: Noise, spread: number, base = 0): (x: number, y: number) => number {
  return (x, y) => base + (noise.value(x * 0.006, y * 0.006) - 0.5) * spread;
}

interface OilOptions {
  angle?: (x: number, y: number) => number;
  /** A reproduction of the painting: colours and brushwork but no relief, canvas or photo lighting. */
  flat?: boolean;
  radii?: readonly number[];
  impasto?: number;
  ground?: RGB;
  edgeFollow?: number;
}

/** Thick, warm oil on canvas: toned ground, three brush sizes, strong impasto. */
function paintOil(ref: Img, rng: Random, o: OilOptions = {}): Img {
  const noise = new Noise(rng.int(0, 1e9));
  const ground = underpainting(ref, o.ground ?? hex("#9a5a32"), 0.22, noise);
  const style: BrushStyle = {
    radii: o.radii ?? [16, 8, 4],
    spacing: 1.1,
    minSteps: 2,
    maxSteps: 7,
    opacity: 0.88,
    threshold: 0.13,
    stopDifference: 0.14,
    jitter: 0.09,
    bristle: 0.8,
    impasto: o.impasto ?? 3,
    edgeFollow: o.edgeFollow ?? 25,
    angle: o.angle ?? defaultAngle(noise, 1.6),
  };
  const { canvas, height } = paintWithBrushes(ref, ground, style, rng);
  if (o.flat) return canvas;
  lightImpasto(canvas, height, 0.75, 0.15);
  finish(canvas, noise, { weave: 0.02, vignette: 0.22, warmth: 0.02 });
  return canvas;
}

/** Acrylic: the crisp reference shapes stay visible; fewer, flatter strokes sit on top. */
function paintAcrylic(ref: Img, rng: Random, o: OilOptions = {}): Img {
  const noise = new Noise(rng.int(0, 1e9));
  const style: BrushStyle = {
    radii: o.radii ?? [10, 5],
    spacing: 1.3,
    minSteps: 2,
    maxSteps: 6,
    opacity: 0.6,
    threshold: 0.05,
    stopDifference: 0.09,
    jitter: 0.045,
    bristle: 0.45,
    impasto: o.impasto ?? 1.2,
    edgeFollow: o.edgeFollow ?? 25,
    angle: o.angle ?? defaultAngle(noise, 2),
  };
  const { canvas, height } = paintWithBrushes(ref, ref, style, rng);
  lightImpasto(canvas, height, 0.7, 0.12);
  finish(canvas, noise, { weave: 0.025, vignette: 0.18, warmth: 0 });
  return canvas;
}

// ---------------------------------------------------------------------------
// Media: watercolour
// ---------------------------------------------------------------------------

interface WashLayer {
  threshold: number; // darkness at which this wash starts
  softness: number; // width of the threshold ramp (wet-in-wet = soft)
  blur: number; // how far the pigment bled before drying
  ragged: number; // displacement of the wash edge in pixels
  weight: number; // share of the final colour this glaze contributes
  edge: number; // pigment pooled at the drying edge
}

const WASHES: readonly WashLayer[] = [
  { threshold: 0.035, softness: 0.03, blur: 9, ragged: 14, weight: 0.85, edge: 0.8 },
  { threshold: 0.2, softness: 0.015, blur: 4, ragged: 8, weight: 0.4, edge: 1.2 },
  { threshold: 0.38, softness: 0.012, blur: 2, ragged: 5, weight: 0.35, edge: 1.3 },
  { threshold: 0.56, softness: 0.01, blur: 1, ragged: 3, weight: 0.3, edge: 1 },
];

/** Fractal noise sampled per pixel, reused as paper tooth and pigment granulation. */
function paperTexture(w: number, h: number, noise: Noise, frequency: number): Float32Array {
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) out[y * w + x] = noise.fbm(x * frequency, y * frequency, 3);
  }
  return out;
}

/**
 * Smooth fractal noise evaluated on a coarse grid and bilinearly upsampled:
 * low-frequency fields do not need per-pixel evaluation, which keeps this fast.
 */
function smoothField(w: number, h: number, noise: Noise, fx: number, fy = fx, offset = 0, step = 4): Float32Array {
  const gw = Math.ceil(w / step) + 2;
  const gh = Math.ceil(h / step) + 2;
  const grid = new Float32Array(gw * gh);
  for (let gy = 0; gy < gh; gy++) {
    for (let gx = 0; gx < gw; gx++) grid[gy * gw + gx] = noise.fbm(gx * step * fx + offset, gy * step * fy, 4);
  }
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const y0 = Math.floor(y / step);
    const ty = y / step - y0;
    for (let x = 0; x < w; x++) {
      const x0 = Math.floor(x / step);
      const tx = x / step - x0;
      const a = grid[y0 * gw + x0]!;
      const b = grid[y0 * gw + x0 + 1]!;
      const c = grid[(y0 + 1) * gw + x0]!;
      const d = grid[(y0 + 1) * gw + x0 + 1]!;
      out[y * w + x] = a + (b - a) * tx + (c - a) * ty + (a - b - c + d) * tx * ty;
    }
  }
  return out;
}

/** Back-runs ("cauliflowers"): where water crept back into a drying wash it pushed pigment into a ragged dark ring. */
function bloomField(w: number, h: number, rng: Random, count: number): Float32Array {
  const field = new Float32Array(w * h).fill(1);
  const edgeNoise = new Noise(rng.int(0, 1e9));
  for (let b = 0; b < count; b++) {
    const cx = rng.range(0, w);
    const cy = rng.range(0, h);
    const radius = rng.range(25, 70);
    for (let y = Math.max(0, Math.floor(cy - radius * 1.5)); y < Math.min(h, cy + radius * 1.5); y++) {
      for (let x = Math.max(0, Math.floor(cx - radius * 1.5)); x < Math.min(w, cx + radius * 1.5); x++) {
        const a = Math.atan2(y - cy, x - cx);
        const edge = radius * (0.5 + edgeNoise.fbm(Math.cos(a) * 3 + b * 10, Math.sin(a) * 3, 4));
        const d = Math.hypot(x - cx, y - cy) / edge;
        if (d >= 1.08) continue;
        const i = y * w + x;
        field[i] = field[i]! * (d < 0.92 ? 0.75 + 0.15 * d : 1 + 0.2 * smoothstep(1.08, 1, d));
      }
    }
  }
  return field;
}

/**
 * Builds transparent glazes on white paper. Each glaze covers the parts of the
 * reference darker than its threshold, with ragged bled edges, a darker rim
 * where pigment pooled as it dried, uneven wet-in-wet density and
 * granulation settling into the paper tooth. A faint pencil underdrawing
 * shows through, as it does in most real watercolours.
 */
function paintWatercolor(ref: Img, rng: Random, details?: (img: Img) => void, photographed = true): Img {
  const { w, h } = ref;
  const noise = new Noise(rng.int(0, 1e9));
  const paperColor = hex("#f7f3ea");
  const tooth = paperTexture(w, h, noise, 0.22);
  const grain = paperTexture(w, h, new Noise(rng.int(0, 1e9)), 0.4);
  const blooms = bloomField(w, h, rng, 4);
  const img = new Img(w, h);
  img.fill(paperColor);
  const darkness = luminanceBuffer(ref).map((l) => clamp(1 - l / 0.97, 0, 1));
  const mask = new Float32Array(w * h);
  const d = img.data;
  // Two sets of edge-warp and wetness fields, alternated between glazes so neighbouring washes differ.
  const fields = [0, 1].map((n) => {
    const warp = new Noise(rng.int(0, 1e9));
    return [
      smoothField(w, h, warp, 0.012),
      smoothField(w, h, warp, 0.012, 0.012, 50),
      smoothField(w, h, warp, 0.005, 0.005, 100 + n),
    ] as const;
  });
  const sweeps = smoothField(w, h, new Noise(rng.int(0, 1e9)), 0.002, 0.025, 0, 2);

  WASHES.forEach((wash, k) => {
    const dBlur = blurBuffer(darkness, w, h, 1, wash.blur);
    const cBlur = blurImage(ref, wash.blur);
    const [warpX, warpY, wet] = fields[k % 2]!;
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const i = y * w + x;
        const sx = clamp(Math.round(x + (warpX[i]! - 0.5) * 2 * wash.ragged), 0, w - 1);
        const sy = clamp(Math.round(y + (warpY[i]! - 0.5) * 2 * wash.ragged), 0, h - 1);
        let m = smoothstep(wash.threshold - wash.softness, wash.threshold + wash.softness, dBlur[sy * w + sx]!);
        // The first, broad wash was laid in horizontal sweeps that skipped here and there.
        if (k === 0) m *= 0.5 + 0.5 * smoothstep(0.3, 0.4, sweeps[i]!);
        mask[i] = m;
      }
    }
    const soft = blurBuffer(mask, w, h, 1, 2 + k);
    const c = cBlur.data;
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const i = y * w + x;
        const m = mask[i]!;
        if (m <= 0.001) continue;
        const rim = Math.max(0, m - soft[i]!) * 3 * wash.edge;
        const wetness = 0.6 + 0.8 * wet[i]!;
        const granulation = 1 + (grain[i]! - 0.5) * 0.7 + (0.5 - tooth[i]!) * 0.4;
        const density = wash.weight * m * (1 + rim) * wetness * granulation * (k === 0 ? blooms[i]! : 1);
        const j = i * 3;
        for (let ch = 0; ch < 3; ch++) {
          const transmittance = clamp(c[j + ch]! / paperColor[ch]!, 0.02, 1);
          d[j + ch] = d[j + ch]! * Math.pow(transmittance, density);
        }
      }
    }
  });

  // Pencil underdrawing along the main contours, broken where the pencil skipped.
  const { gx, gy } = gradientField(ref, 1);
  const pencil = new Noise(rng.int(0, 1e9));
  for (let i = 0; i < w * h; i++) {
    const edge =
      smoothstep(0.035, 0.09, Math.hypot(gx[i]!, gy[i]!)) *
      smoothstep(0.35, 0.55, pencil.value((i % w) * 0.05, Math.floor(i / w) * 0.05));
    if (edge <= 0) continue;
    const k = 1 - 0.16 * edge;
    d[i * 3] = d[i * 3]! * k;
    d[i * 3 + 1] = d[i * 3 + 1]! * k;
    d[i * 3 + 2] = d[i * 3 + 2]! * (k + 0.02 * edge);
  }

  details?.(img);
  // The paper's tooth catches the light from the upper left.
  for (let y = 2; y < h; y++) {
    for (let x = 2; x < w; x++) {
      const i = y * w + x;
      const relief = (tooth[i]! - tooth[i - 2 - 2 * w]!) * 0.12;
      const j = i * 3;
      d[j] = d[j]! * (1 + relief);
      d[j + 1] = d[j + 1]! * (1 + relief);
      d[j + 2] = d[j + 2]! * (1 + relief);
    }
  }
  if (photographed) finish(img, noise, { weave: 0, vignette: 0.12, warmth: 0.01 });
  return img;
}

// ---------------------------------------------------------------------------
// Media: 3D paper relief
// ---------------------------------------------------------------------------

/** Collects the shapes of one paper layer: a coverage mask plus the colours painted on it. */
class PaperLayer {
  constructor(
    private readonly w: number,
    private readonly h: number,
    readonly mask: Float32Array,
    readonly color: Float32Array,
  ) {}

  poly(pts: readonly Pt[], paint: Paint, cut = false): void {
    rasterPolygon(this.w, this.h, pts, (x, y, cov) => this.put(x, y, cov, paint, cut));
  }

  line(pts: readonly Pt[], r0: number, r1: number, paint: Paint): void {
    const radii = pts.map((_, i) => r0 + (r1 - r0) * (pts.length > 1 ? i / (pts.length - 1) : 0));
    rasterStroke(this.w, this.h, pts, radii, (x, y, cov) => this.put(x, y, cov, paint, false));
  }

  /** Paint on top of existing paper without extending the cut-out (printed/drawn detail). */
  tint(pts: readonly Pt[], paint: Paint, alpha: number): void {
    rasterPolygon(this.w, this.h, pts, (x, y, cov) => {
      const i = y * this.w + x;
      if (this.mask[i]! <= 0) return;
      const c = paintAt(paint, x, y);
      const a = cov * alpha;
      for (let ch = 0; ch < 3; ch++) this.color[i * 3 + ch]! += (c[ch]! - this.color[i * 3 + ch]!) * a;
    });
  }

  private put(x: number, y: number, cov: number, paint: Paint, cut: boolean): void {
    const i = y * this.w + x;
    if (cut) {
      this.mask[i] = Math.min(this.mask[i]!, 1 - cov);
      return;
    }
    const c = paintAt(paint, x, y);
    for (let ch = 0; ch < 3; ch++) this.color[i * 3 + ch]! += (c[ch]! - this.color[i * 3 + ch]!) * cov;
    this.mask[i] = Math.max(this.mask[i]!, cov);
  }
}

/** Stacks paper layers: each casts a soft shadow on what is below and gets bevel light on its edges. */
class Relief {
  readonly img: Img;
  private readonly mask: Float32Array;
  private readonly color: Float32Array;
  private readonly fibres: Float32Array;
  private layerIndex = 0;

  constructor(
    readonly w: number,
    readonly h: number,
    background: Paint,
    noise: Noise,
  ) {
    this.img = new Img(w, h);
    this.img.fill(background);
    this.mask = new Float32Array(w * h);
    this.color = new Float32Array(w * h * 3);
    this.fibres = paperTexture(w, h, noise, 0.5);
  }

  layer(lift: number, draw: (layer: PaperLayer) => void): void {
    this.mask.fill(0);
    draw(new PaperLayer(this.w, this.h, this.mask, this.color));
    this.castShadow(lift);
    this.composite();
    this.layerIndex++;
  }

  /** Light spilling from a glowing object onto the layers already placed. */
  glow(cx: number, cy: number, radius: number, color: RGB, strength: number): void {
    const { w, h } = this;
    const d = this.img.data;
    for (let y = Math.max(0, Math.floor(cy - radius)); y < Math.min(h, cy + radius); y++) {
      for (let x = Math.max(0, Math.floor(cx - radius)); x < Math.min(w, cx + radius); x++) {
        const t = Math.max(0, 1 - Math.hypot(x - cx, y - cy) / radius);
        const a = strength * t * t;
        const j = (y * w + x) * 3;
        d[j] = d[j]! + color[0] * a;
        d[j + 1] = d[j + 1]! + color[1] * a;
        d[j + 2] = d[j + 2]! + color[2] * a;
      }
    }
  }

  private castShadow(lift: number): void {
    const { w, h } = this;
    const shadow = blurBuffer(this.mask, w, h, 1, 3 + lift * 3);
    const ox = Math.round(lift * 3);
    const oy = Math.round(lift * 4);
    const d = this.img.data;
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const sx = x - ox;
        const sy = y - oy;
        if (sx < 0 || sy < 0) continue;
        const s = shadow[sy * w + sx]! * 0.5;
        if (s <= 0.002) continue;
        const j = (y * w + x) * 3;
        d[j] = d[j]! * (1 - s);
        d[j + 1] = d[j + 1]! * (1 - s);
        d[j + 2] = d[j + 2]! * (1 - s * 0.9);
      }
    }
  }

  private composite(): void {
    const { w, h } = this;
    const soft = blurBuffer(this.mask, w, h, 1, 2.5);
    const d = this.img.data;
    const shift = (this.layerIndex * 7919) % (w * h);
    for (let y = 1; y < h - 1; y++) {
      for (let x = 1; x < w - 1; x++) {
        const i = y * w + x;
        const m = this.mask[i]!;
        if (m <= 0.002) continue;
        // Inward gradient of the softened mask: edges facing the light get brighter.
        const gx = soft[i + 1]! - soft[i - 1]!;
        const gy = soft[i + w]! - soft[i - w]!;
        const bevel = clamp((gx * 0.7 + gy * 0.7) * 1.6, -0.45, 0.45);
        const fibre = (this.fibres[(i + shift) % (w * h)]! - 0.5) * 0.08;
        const k = 1 + bevel + fibre;
        const j = i * 3;
        d[j] = d[j]! + (this.color[j]! * k - d[j]!) * m;
        d[j + 1] = d[j + 1]! + (this.color[j + 1]! * k - d[j + 1]!) * m;
        d[j + 2] = d[j + 2]! + (this.color[j + 2]! * k - d[j + 2]!) * m;
      }
    }
  }
}

// ---------------------------------------------------------------------------
// Media: posterised print in a mat
// ---------------------------------------------------------------------------

/** k-means palette with farthest-point initialisation, so small accents (lit windows) survive. */
function extractPalette(img: Img, k: number, rng: Random): RGB[] {
  const samples: RGB[] = [];
  for (let i = 0; i < 6000; i++) samples.push(img.get(rng.range(0, img.w - 1), rng.range(0, img.h - 1)));
  const centers: RGB[] = [samples.reduce((a, b) => (luminance(b) < luminance(a) ? b : a))];
  while (centers.length < k) {
    let best = samples[0]!;
    let bestD = -1;
    for (const s of samples) {
      const dist = Math.min(...centers.map((c) => colorDistance(c, s)));
      if (dist > bestD) {
        bestD = dist;
        best = s;
      }
    }
    centers.push(best);
  }
  for (let iter = 0; iter < 10; iter++) {
    const sums = centers.map(() => [0, 0, 0, 0]);
    for (const s of samples) {
      const idx = nearestIndex(centers, s);
      const acc = sums[idx]!;
      acc[0]! += s[0];
      acc[1]! += s[1];
      acc[2]! += s[2];
      acc[3]! += 1;
    }
    sums.forEach((acc, i) => {
      if (acc[3]! > 0) centers[i] = [acc[0]! / acc[3]!, acc[1]! / acc[3]!, acc[2]! / acc[3]!];
    });
  }
  return centers;
}

function nearestIndex(palette: readonly RGB[], c: RGB): number {
  let best = 0;
  let bestD = Infinity;
  palette.forEach((p, i) => {
    const dist = (p[0] - c[0]) ** 2 + (p[1] - c[1]) ** 2 + (p[2] - c[2]) ** 2;
    if (dist < bestD) {
      bestD = dist;
      best = i;
    }
  });
  return best;
}

/**
 * A giclée/screen print: the artwork is reduced to a few flat inks with a
 * little ink texture, then mounted inside a bevel-cut white mat.
 */
function paintPrint(w: number, h: number, rng: Random, inks: number, drawArt: (w: number, h: number) => Img): Img {
  const noise = new Noise(rng.int(0, 1e9));
  const border = Math.round(Math.min(w, h) * 0.09);
  const bottomBorder = Math.round(border * 1.15);
  const aw = w - border * 2;
  const ah = h - border - bottomBorder;
  const art = blurImage(drawArt(aw, ah), 1.2);
  const palette = extractPalette(art, inks, rng);
  const ink = paperTexture(aw, ah, noise, 0.6);

  const mat = hex("#f4f1ea");
  const img = new Img(w, h);
  const tooth = paperTexture(w, h, new Noise(rng.int(0, 1e9)), 0.45);
  img.fill((x, y) => scale(mat, 0.985 + (tooth[y * w + x]! - 0.5) * 0.04));
  for (let y = 0; y < ah; y++) {
    for (let x = 0; x < aw; x++) {
      const c = palette[nearestIndex(palette, art.get(x, y))]!;
      const k = 1 + (ink[y * aw + x]! - 0.5) * 0.12;
      img.set(x + border, y + border, [c[0] * k, c[1] * k, c[2] * k]);
    }
  }
  // Bevel-cut window: a thin bright core on the lit edges and a shadow the mat casts onto the print.
  for (let y = border - 4; y < border + ah + 4; y++) {
    for (let x = border - 4; x < border + aw + 4; x++) {
      const inside = x >= border && x < border + aw && y >= border && y < border + ah;
      if (inside) {
        const dTop = y - border;
        const dLeft = x - border;
        const shade = 1 - 0.28 * Math.exp(-Math.min(dTop, dLeft) / 3);
        img.blend(x, y, scale(img.get(x, y), shade), 1);
      } else {
        img.blend(x, y, hex("#fffdf8"), 0.85);
      }
    }
  }
  finish(img, noise, { weave: 0, vignette: 0.1, warmth: 0.005 });
  return img;
}

// ---------------------------------------------------------------------------
// Frames and walls
// ---------------------------------------------------------------------------

function crop(img: Img, x: number, y: number, w: number, h: number): Img {
  const out = new Img(w, h);
  for (let row = 0; row < h; row++) {
    const from = ((y + row) * img.w + x) * 3;
    out.data.set(img.data.subarray(from, from + w * 3), row * w * 3);
  }
  return out;
}

function paste(dst: Img, src: Img, x: number, y: number): void {
  for (let row = 0; row < src.h; row++)
    dst.data.set(src.data.subarray(row * src.w * 3, (row + 1) * src.w * 3), ((y + row) * dst.w + x) * 3);
}

interface FrameStyle {
  colour: RGB;
  width: number; // moulding face
  depth: number; // visible inner wall (box frames) or linen slip
  wall: RGB; // colour of that inner strip
}

/**
 * Puts artwork behind a moulding lit from the upper left: a rounded face, the
 * inner walls (box frame) or slip, and the frame's shadow on the work itself.
 */
function frameArtwork(art: Img, style: FrameStyle, noise: Noise): Img {
  const b = style.width;
  const d = style.depth;
  const W = art.w + 2 * (b + d);
  const H = art.h + 2 * (b + d);
  const img = new Img(W, H);
  img.fill((x, y) => {
    const edges = [y, x, H - 1 - y, W - 1 - x];
    const m = Math.min(...edges);
    const side = edges.indexOf(m);
    const lit = [1.2, 1.05, 0.72, 0.85][side]!;
    const profile = 0.78 + 0.4 * Math.sin(Math.PI * clamp(m / b, 0, 1)) - (Math.abs(m / b - 0.72) < 0.03 ? 0.25 : 0);
    const grain = side % 2 === 0 ? noise.value(x * 0.01, y * 0.7) : noise.value(x * 0.7, y * 0.01);
    return scale(style.colour, lit * profile * (0.94 + grain * 0.12));
  });
  const o = b;
  const i = b + d;
  const walls: [Pt[], number][] = [
    [
      [
        [o, o],
        [W - o, o],
        [W - i, i],
        [i, i],
      ],
      0.55,
    ],
    [
      [
        [o, o],
        [i, i],
        [i, H - i],
        [o, H - o],
      ],
      0.68,
    ],
    [
      [
        [o, H - o],
        [i, H - i],
        [W - i, H - i],
        [W - o, H - o],
      ],
      1.05,
    ],
    [
      [
        [W - o, o],
        [W - o, H - o],
        [W - i, H - i],
        [W - i, i],
      ],
      0.85,
    ],
  ];
  for (const [pts, k] of walls) fillPoly(img, pts, scale(style.wall, k));
  paste(img, art, i, i);
  // The moulding shades the top and left of the opening.
  for (let y = i; y < H - i; y++) {
    for (let x = i; x < W - i; x++) {
      const k = 1 - 0.4 * Math.exp(-(y - i) / 10) - 0.25 * Math.exp(-(x - i) / 8);
      img.blend(x, y, scale(img.get(x, y), k), 1);
    }
  }
  return img;
}

/** A framed painting photographed on a gallery wall under a spotlight, with its auction lot card. */
function hangOnWall(framed: Img, w: number, h: number, rng: Random): Img {
  const noise = new Noise(rng.int(0, 1e9));
  const img = new Img(w, h);
  img.fill((x, y) =>
    scale(
      mix(hex("#dcd6ca"), hex("#cbc3b4"), noise.fbm(x * 0.003, y * 0.003)),
      1.08 - 0.35 * Math.hypot((x - w * 0.5) / w, (y - h * 0.15) / h),
    ),
  );
  const fx = Math.round((w - framed.w) / 2);
  const fy = Math.round((h - framed.h) / 2 - h * 0.03);
  const shadow = new Float32Array(w * h);
  rasterPolygon(w, h, rect(fx + 10, fy + 18, framed.w, framed.h), (x, y, cov) => (shadow[y * w + x] = cov));
  const soft = blurBuffer(shadow, w, h, 1, 14);
  for (let i = 0; i < w * h; i++) {
    const k = 1 - 0.45 * soft[i]!;
    img.data[i * 3] = img.data[i * 3]! * k;
    img.data[i * 3 + 1] = img.data[i * 3 + 1]! * k;
    img.data[i * 3 + 2] = img.data[i * 3 + 2]! * k;
  }
  paste(img, framed, fx, fy);
  const lx = fx + framed.w + w * 0.025;
  const ly = fy + framed.h - h * 0.07;
  fillPoly(img, rect(lx + 2, ly + 3, w * 0.075, h * 0.055), hex("#9a9488"), 0.5);
  fillPoly(img, rect(lx, ly, w * 0.075, h * 0.055), hex("#f8f6f0"));
  for (let k = 0; k < 3; k++) {
    const len = w * (k === 0 ? 0.035 : rng.range(0.045, 0.06));
    strokeLine(
      img,
      [
        [lx + w * 0.008, ly + h * (0.012 + k * 0.014)],
        [lx + w * 0.008 + len, ly + h * (0.012 + k * 0.014)],
      ],
      k === 0 ? 1.6 : 1,
      k === 0 ? 1.6 : 1,
      hex("#5a5650"),
    );
  }
  finish(img, noise, { weave: 0, vignette: 0.18, warmth: 0.02 });
  return img;
}

// ---------------------------------------------------------------------------
// Finishing: the "photograph of an artwork" look
// ---------------------------------------------------------------------------

interface FinishOptions {
  weave: number; // canvas texture strength
  vignette: number;
  warmth: number; // slight warm cast from gallery lighting
}

function finish(img: Img, noise: Noise, o: FinishOptions): void {
  const { w, h } = img;
  const d = img.data;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const j = (y * w + x) * 3;
      const dx = (x / w - 0.5) * 2;
      const dy = (y / h - 0.5) * 2;
      // Uneven light across the piece, brightest slightly up and left of centre.
      let k = 1 - o.vignette * Math.pow((dx * dx + dy * dy) / 2, 1.3) + 0.03 * (-dx - dy) * 0.5;
      if (o.weave > 0) {
        const threadX = Math.sin(x * 2.1 + noise.value(x * 0.05, y * 0.6) * 2.5);
        const threadY = Math.sin(y * 2.1 + noise.value(x * 0.6, y * 0.05) * 2.5);
        k *= 1 + o.weave * (threadX * threadY * 0.5 + (threadX + threadY) * 0.15);
      }
      d[j] = clamp(d[j]! * k * (1 + o.warmth), 0, 1);
      d[j + 1] = clamp(d[j + 1]! * k, 0, 1);
      d[j + 2] = clamp(d[j + 2]! * k * (1 - o.warmth), 0, 1);
    }
  }
}

// ---------------------------------------------------------------------------
// Scenes
// ---------------------------------------------------------------------------

type Render = (w: number, h: number, rng: Random) => Img;

const AUTUMN = {
  orange: { shadow: hex("#7a3416"), mid: hex("#c8602a"), light: hex("#efa44c"), trunk: hex("#3b2618") },
  ochre: { shadow: hex("#7d5a1c"), mid: hex("#c99a35"), light: hex("#f0cf6e"), trunk: hex("#3d2a1a") },
  red: { shadow: hex("#5e1f17"), mid: hex("#a8402a"), light: hex("#dc7a4a"), trunk: hex("#33231a") },
  olive: { shadow: hex("#3d4220"), mid: hex("#6f7434"), light: hex("#a9a55a"), trunk: hex("#33261a") },
} satisfies Record<string, TreePalette>;

function hazeTree(p: TreePalette, haze: RGB, amount: number): TreePalette {
  return {
    shadow: mix(p.shadow, haze, amount),
    mid: mix(p.mid, haze, amount),
    light: mix(p.light, haze, amount),
    trunk: mix(p.trunk, haze, amount),
  };
}

/** A band of small trees along a horizon, softened by distance. */
function treeLine(
  img: Img,
  rng: Random,
  y: number,
  height: number,
  palettes: readonly TreePalette[],
  haze: RGB,
  amount: number,
  x0 = 0,
  x1 = img.w,
): void {
  fillPoly(img, rect(x0, y - height * 0.35, x1 - x0, height * 0.4), mix(palettes[0]!.shadow, haze, amount));
  for (let x = x0 - 10; x < x1 + 10; x += rng.range(height * 0.25, height * 0.6)) {
    const p = hazeTree(rng.pick(palettes), haze, amount);
    const r = height * rng.range(0.3, 0.55);
    const cy = y - r * rng.range(0.6, 1.2);
    fillPoly(img, blob(rng, x, cy, r, r * rng.range(0.8, 1.2), 0.3), p.shadow);
    fillPoly(img, blob(rng, x - r * 0.2, cy - r * 0.2, r * 0.6, r * 0.55, 0.35), p.mid, 0.85);
    fillPoly(img, blob(rng, x - r * 0.35, cy - r * 0.4, r * 0.3, r * 0.25, 0.35), p.light, 0.6);
  }
}

/** Scatters little flecks of colour over an area (fallen leaves, grass heads, pebbles). */
function scatter(
  img: Img,
  rng: Random,
  count: number,
  y0: number,
  y1: number,
  colors: readonly RGB[],
  size: (y: number) => number,
  alpha = 0.85,
): void {
  for (let i = 0; i < count; i++) {
    const y = rng.range(y0, y1);
    const x = rng.range(0, img.w);
    const s = size(y) * rng.range(0.6, 1.3);
    fillPoly(
      img,
      ellipse(x, y, s, s * rng.range(0.35, 0.7), rng.range(-0.6, 0.6), 10),
      jitterColor(rng.pick(colors), 0.06, rng),
      alpha,
    );
  }
}

function roundhayParkAutumn(variant: 1 | 2): Render {
  return (w, h, rng) => {
    const noise = new Noise(rng.int(0, 1e9));
    const img = new Img(w, h);
    const horizon = h * (variant === 1 ? 0.43 : 0.38);
    const skyStops: [number, RGB][] =
      variant === 1
        ? [
            [0, hex("#6f93bd")],
            [0.22, hex("#9fb8d0")],
            [0.43, hex("#f1dcb6")],
          ]
        : [
            [0, hex("#8e8fb0")],
            [0.18, hex("#d8a98a")],
            [0.38, hex("#f6d29a")],
          ];
    skyGradient(img, skyStops, noise);
    clouds(img, new Noise(rng.int(0, 1e9)), {
      top: 0,
      bottom: horizon,
      color: hex("#fbf0de"),
      shadow: variant === 1 ? hex("#a9a3ae") : hex("#b78377"),
      coverage: 0.42,
      frequency: 1 / 260,
      hardness: 0.2,
    });
    const haze = mix(skyStops[2]![1], hex("#9fa7a8"), 0.3);
    const distant = [AUTUMN.orange, AUTUMN.ochre, AUTUMN.olive, AUTUMN.red];
    treeLine(img, rng, horizon + 4, h * 0.09, distant, haze, 0.45);
    fillPoly(img, rect(0, horizon, w, h * 0.02), mottled(hex("#7b7a3a"), hex("#a09243"), noise, 0.02));
    const waterTop = horizon + h * 0.018;
    const shore = (x: number): number =>
      variant === 1
        ? h * 0.68 + Math.sin(x * 0.004 + 1) * h * 0.03
        : h * 0.55 + (x / w) * h * 0.22 + Math.sin(x * 0.006) * h * 0.02;
    reflectWater(img, noise, waterTop, h, hex("#5d7f94"), 0.28);
    const grass = mottled(hex("#6d7a34"), hex("#b39a44"), noise, 0.006);
    fillPoly(img, groundBelow(w, h, shore), grass);
    // A gravel path winding down to the water.
    const path: Pt[] =
      variant === 1
        ? [
            [w * 0.42, h + 2],
            [w * 0.7, h + 2],
            [w * 0.52, shore(w * 0.4) + h * 0.05],
            [w * 0.4, shore(w * 0.36) + 2],
            [w * 0.36, shore(w * 0.36) + 2],
          ]
        : [
            [w * 0.55, h + 2],
            [w * 0.95, h + 2],
            [w * 0.8, h * 0.62],
            [w * 0.72, h * 0.47],
            [w * 0.7, h * 0.47],
          ];
    fillPoly(img, roughen(path, noise, 6), mottled(hex("#c9b48e"), hex("#9c8a6c"), noise, 0.02));
    scatter(
      img,
      rng,
      2200,
      shore(w / 2),
      h,
      [hex("#d0682a"), hex("#e3a33e"), hex("#a53a22"), hex("#f0c060")],
      (y) => 1.5 + ((y - h * 0.5) / h) * 9,
    );
    if (variant === 1) {
      tree(img, rng, w * 0.56, waterTop + 2, h * 0.2, w * 0.09, AUTUMN.red);
      tree(img, rng, w * 0.13, h * 0.86, h * 0.92, w * 0.44, AUTUMN.orange);
      tree(img, rng, w * 0.9, h * 0.8, h * 0.78, w * 0.34, AUTUMN.ochre);
    } else {
      // An avenue of trees receding along the path towards the lake.
      const avenue = [AUTUMN.ochre, AUTUMN.orange, AUTUMN.red, AUTUMN.orange, AUTUMN.ochre];
      for (let i = avenue.length - 1; i >= 0; i--) {
        const t = i / (avenue.length - 1);
        const x = w * (0.62 + 0.32 * (1 - t));
        const base = h * (0.5 + 0.42 * (1 - t));
        const size = h * (0.22 + 0.6 * (1 - t));
        tree(img, rng, x, base, size, size * 0.55, hazeTree(avenue[i]!, haze, t * 0.35), true);
      }
      tree(img, rng, w * 0.06, h * 0.9, h * 0.9, w * 0.3, AUTUMN.red);
    }
    return paintOil(img, rng, { angle: defaultAngle(noise, 1.2) });
  };
}

/** One row of Leeds red-brick back-to-backs: slate roof, chimney stacks, sash windows. */
interface TerraceRow {
  ridge: number;
  eaves: number;
  base: number;
  house: number;
  haze: number;
}

function terraceRow(img: Img, rng: Random, noise: Noise, row: TerraceRow, haze: RGB): void {
  const { w, h } = img;
  const tint = (c: RGB): RGB => mix(c, haze, row.haze);
  const slate = tint(hex("#4f5366"));
  const slateLit = tint(hex("#a5a2b2"));
  const brick = mottled(tint(hex("#8a4632")), tint(hex("#a9603f")), noise, 0.025);
  // Leeds terraces climb the hills: every pair of houses steps up or down a little.
  const step = row.house * rng.range(0.05, 0.1) * (rng.chance(0.5) ? 1 : -1);
  const blockW = row.house * 2;
  const start = -rng.range(0, blockW);
  const blocks = Math.ceil((w - start) / blockW) + 1;
  for (let b = 0; b < blocks; b++) {
    const x0 = start + b * blockW;
    const dy = (b - blocks / 2) * step;
    const ridge = row.ridge * h + dy;
    const eaves = row.eaves * h + dy;
    const base = row.base * h + dy;
    const wallH = base - eaves;
    fillPoly(img, rect(x0, eaves, blockW + 1, wallH + Math.abs(step) + 4), brick);
    for (const offset of [0.14, 0.58, 1.14, 1.58]) {
      const wx = x0 + row.house * offset;
      const lit = rng.chance(0.3);
      fillPoly(
        img,
        rect(wx - 2, eaves + wallH * 0.16 - 2, row.house * 0.26 + 4, wallH * 0.34 + 4),
        tint(hex("#e9e1d2")),
      );
      fillPoly(
        img,
        rect(wx, eaves + wallH * 0.16, row.house * 0.26, wallH * 0.34),
        tint(lit ? hex("#f2cf8e") : hex("#2d2c36")),
      );
      fillPoly(
        img,
        rect(wx, eaves + wallH * 0.62, row.house * 0.26, wallH * 0.3),
        tint(offset > 1 && offset < 1.2 ? hex("#2f4a6a") : hex("#34313a")),
      );
    }
    fillPoly(img, rect(x0, ridge, blockW + 1, eaves - ridge + 2), (x, y) =>
      scale(mix(slateLit, slate, smoothstep(ridge, eaves, y)), 0.92 + noise.value(x * 0.05, y * 0.3) * 0.16),
    );
    fillPoly(img, rect(x0, eaves, blockW + 1, wallH * 0.07), tint(hex("#3a2a28")), 0.6);
    // Chimney stack on the party wall, its sunlit side towards the morning sun.
    const cw = row.house * 0.26;
    const ch = (eaves - ridge) * 0.75;
    const cx = x0 + row.house;
    fillPoly(img, rect(cx - cw / 2, ridge - ch, cw, ch + 4), tint(hex("#7c3f2c")));
    fillPoly(img, rect(cx - cw / 2, ridge - ch, cw * 0.45, ch + 4), tint(hex("#c07a55")), 0.8);
    fillPoly(img, rect(cx - cw * 0.62, ridge - ch - ch * 0.12, cw * 1.24, ch * 0.14), tint(hex("#4a3530")));
    for (const px of [-0.25, 0.25])
      fillPoly(img, rect(cx + cw * px - cw * 0.09, ridge - ch * 1.45, cw * 0.18, ch * 0.35), tint(hex("#b5643e")));
    if (rng.chance(0.25))
      strokeLine(
        img,
        [
          [cx + cw * 0.3, ridge - ch * 1.1],
          [cx + cw * 0.4, ridge - ch * 2.6],
        ],
        1,
        1,
        tint(hex("#3a3a40")),
        0.8,
      );
  }
}

function morningLightHeadingley(): Render {
  return (w, h, rng) => {
    const noise = new Noise(rng.int(0, 1e9));
    const img = new Img(w, h);
    const haze = hex("#efe0c8");
    skyGradient(
      img,
      [
        [0, hex("#9aa3b2")],
        [0.16, hex("#c9ccc8")],
        [0.38, hex("#f6eab0")],
      ],
      noise,
    );
    radialGlow(img, w * 0.2, h * 0.3, w * 0.45, hex("#fff8d8"), 0.8);
    clouds(img, new Noise(rng.int(0, 1e9)), {
      top: 0,
      bottom: h * 0.34,
      color: hex("#fdf1e2"),
      shadow: hex("#c9b6b4"),
      coverage: 0.35,
      frequency: 1 / 320,
      hardness: 0.25,
    });
    // St Michael's spire rising over the rooftops, softened by the morning haze.
    const spire = mix(hex("#6a6272"), haze, 0.5);
    fillPoly(img, rect(w * 0.7, h * 0.22, w * 0.035, h * 0.2), spire);
    fillPoly(
      img,
      [
        [w * 0.698, h * 0.225],
        [w * 0.7175, h * 0.06],
        [w * 0.737, h * 0.225],
      ],
      spire,
    );
    fillPoly(img, rect(w * 0.7, h * 0.22, w * 0.012, h * 0.2), mix(spire, haze, 0.4));
    treeLine(img, rng, h * 0.42, h * 0.07, [AUTUMN.olive], haze, 0.5);
    const rows: TerraceRow[] = [
      { ridge: 0.37, eaves: 0.42, base: 0.5, house: 50, haze: 0.55 },
      { ridge: 0.46, eaves: 0.53, base: 0.63, house: 78, haze: 0.38 },
      { ridge: 0.58, eaves: 0.68, base: 0.82, house: 124, haze: 0.2 },
      { ridge: 0.76, eaves: 0.9, base: 1.1, house: 200, haze: 0 },
    ];
    rows.forEach((row, k) => {
      if (k === 1 || k === 2) {
        const palette = hazeTree(
          { shadow: hex("#3f5230"), mid: hex("#6f8444"), light: hex("#b4bf72"), trunk: hex("#3b2f25") },
          haze,
          row.haze + 0.1,
        );
        for (let i = 0; i < 2; i++)
          tree(
            img,
            rng,
            rng.range(0.1, 0.9) * w,
            row.ridge * h + h * 0.04,
            h * 0.16 * (k + 0.5),
            h * 0.14 * (k + 0.5),
            palette,
          );
      }
      terraceRow(img, rng, noise, row, haze);
    });
    return paintOil(img, rng, { angle: defaultAngle(noise, 0.5), radii: [14, 7, 3.5] });
  };
}

// --- Whitby shore (acrylic) -------------------------------------------------

const ROCK = [hex("#7b6a5a"), hex("#8d7b63"), hex("#5f5a57"), hex("#a08866"), hex("#6e5f52"), hex("#94806a")];

/** A shelf of flat sandstone slabs, bigger towards the viewer, with crevices between them. */
function rockShelf(img: Img, rng: Random, noise: Noise, top: number, count: number): void {
  const { w, h } = img;
  fillPoly(
    img,
    groundBelow(w, h, (x) => top + (noise.value(x * 0.01, 3) - 0.5) * 12),
    hex("#3b3230"),
  );
  const slabs: { x: number; y: number; s: number }[] = [];
  for (let i = 0; i < count; i++) {
    const y = top + (h - top + 40) * Math.pow(rng.next(), 0.85) - 10;
    slabs.push({ x: rng.range(-40, w + 40), y, s: 0.35 + 1.8 * ((y - top) / (h - top)) });
  }
  slabs.sort((a, b) => a.y - b.y);
  for (const { x, y, s } of slabs) {
    const rx = rng.range(35, 80) * s;
    const ry = rx * rng.range(0.25, 0.42);
    const rot = rng.range(-0.2, 0.2);
    const color = jitterColor(rng.pick(ROCK), 0.06, rng);
    fillPoly(img, roughen(blob(rng, x, y, rx, ry, 0.25, rot), noise, rx * 0.06, 5), scale(color, 0.7));
    fillPoly(
      img,
      roughen(blob(rng, x - rx * 0.05, y - ry * 0.22, rx * 0.88, ry * 0.66, 0.25, rot), noise, rx * 0.05, 5),
      color,
    );
    fillPoly(
      img,
      blob(rng, x - rx * 0.25, y - ry * 0.4, rx * 0.35, ry * 0.14, 0.3, rot),
      mix(color, hex("#f1e4c8"), 0.35),
      0.7,
    );
  }
}

/** A rock pool: a lip of wet rock, turquoise depth, the far side mirroring the sky. */
function rockPool(
  img: Img,
  rng: Random,
  x: number,
  y: number,
  rx: number,
  ry: number,
  deep: RGB,
  shallow: RGB,
  sky: RGB,
): void {
  const outline = blob(rng, x, y, rx, ry, 0.1);
  fillPoly(
    img,
    outline.map(([px, py]): Pt => [x + (px - x) * 1.06, y + (py - y) * 1.2 - ry * 0.12]),
    hex("#34302c"),
  );
  fillPoly(img, outline, (px, py) => {
    const depth = mix(shallow, deep, clamp(1 - Math.hypot((px - x) / rx, (py - y) / ry), 0, 1) * 1.3);
    return mix(depth, sky, 0.45 * smoothstep(y + ry * 0.2, y - ry, py));
  });
  for (let i = 0; i < 3; i++) {
    fillPoly(
      img,
      ellipse(
        x + rng.range(-0.4, 0.4) * rx,
        y + rng.range(-0.6, 0.1) * ry,
        rx * rng.range(0.15, 0.4),
        ry * 0.05 + 1,
        rng.range(-0.05, 0.05),
        20,
      ),
      sky,
      0.8,
    );
  }
  for (let i = 0; i < 2; i++) {
    const a = rng.range(0, Math.PI);
    fillPoly(
      img,
      blob(rng, x + Math.cos(a) * rx * 0.95, y + Math.sin(a) * ry * 0.9, rx * 0.14, ry * 0.25, 0.4),
      rng.pick([hex("#5f6f2a"), hex("#4c4a22")]),
      0.85,
    );
  }
}

/** Whitby's East Cliff headland with the ruined abbey, in silhouette on top. */
function headland(
  img: Img,
  noise: Noise,
  fromRight: boolean,
  topY: number,
  baseY: number,
  face: RGB,
  abbey: RGB,
): void {
  const { w } = img;
  const fx = (t: number): number => (fromRight ? w * t : w * (1 - t));
  const cliff: Pt[] = [
    [fx(0.56), baseY],
    [fx(0.64), topY + 12],
    [fx(0.68), topY],
    [fx(1.02), topY - 6],
    [fx(1.02), baseY],
  ];
  fillPoly(img, roughen(cliff, noise, 6), (x, y) => scale(face, 0.85 + 0.3 * noise.value(x * 0.004, y * 0.08)));
  fillPoly(
    img,
    roughen(
      [
        [fx(0.67), topY - 2],
        [fx(1.02), topY - 8],
        [fx(1.02), topY + 8],
        [fx(0.67), topY + 6],
      ],
      noise,
      3,
    ),
    hex("#6e8a44"),
  );
  const ax = fx(0.8);
  const s = w * 0.012;
  fillPoly(img, rect(ax - s * 4, topY - s * 3.2, s * 8, s * 3.4), abbey);
  fillPoly(
    img,
    [
      [ax + s * 2, topY - s * 3],
      [ax + s * 3.4, topY - s * 6],
      [ax + s * 4.8, topY - s * 3],
    ],
    abbey,
  );
  fillPoly(img, rect(ax + s * 2, topY - s * 3.2, s * 2.8, s * 3.4), abbey);
  fillPoly(img, rect(ax - s * 1.2, topY - s * 5, s * 1.6, s * 2), abbey);
  for (let i = 0; i < 4; i++)
    fillPoly(img, rect(ax - s * 3.4 + i * s * 1.5, topY - s * 2.5, s * 0.5, s * 1.3), mix(abbey, hex("#e8d8c4"), 0.5));
}

function tidePoolsWhitby(variant: 1 | 2 | 3): Render {
  return (w, h, rng) => {
    const noise = new Noise(rng.int(0, 1e9));
    const img = new Img(w, h);
    if (variant === 3) return tidePoolCloseUp(img, rng, noise);
    // View 2 is the same afternoon an hour later, looking back along the scar with the sun lower.
    const later = variant === 2;
    const seaTop = h * (later ? 0.38 : 0.3);
    const shoreTop = seaTop + h * (later ? 0.1 : 0.12);
    skyGradient(
      img,
      later
        ? [
            [0, hex("#5b8fc9")],
            [0.38, hex("#eee3c6")],
          ]
        : [
            [0, hex("#2f7fcb")],
            [0.3, hex("#a6d4ee")],
          ],
      noise,
      0.02,
    );
    clouds(img, new Noise(rng.int(0, 1e9)), {
      top: 0,
      bottom: seaTop,
      color: later ? hex("#fff6e4") : hex("#ffffff"),
      shadow: later ? hex("#a9a2b8") : hex("#b8c8dc"),
      coverage: 0.38,
      frequency: 1 / 230,
      hardness: 0.06,
    });
    headland(
      img,
      noise,
      !later,
      seaTop - h * (later ? 0.16 : 0.17),
      seaTop + 4,
      later ? hex("#9a7a62") : hex("#8a7068"),
      later ? hex("#4a4252") : hex("#4e4a57"),
    );
    const seaFar = later ? hex("#2a6584") : hex("#1f5f7f");
    const seaNear = later ? hex("#3aa3a3") : hex("#2aa4a8");
    fillPoly(img, rect(0, seaTop, w, shoreTop - seaTop + 20), (_, y) =>
      mix(seaFar, seaNear, (y - seaTop) / (shoreTop - seaTop)),
    );
    if (later) fillPoly(img, ellipse(w * 0.62, seaTop + h * 0.03, w * 0.16, h * 0.012), hex("#fff1c8"), 0.7);
    for (let i = 0; i < 26; i++) {
      const y = rng.range(seaTop + 6, shoreTop);
      const x0 = rng.range(-100, w);
      const len = rng.range(60, 260);
      const pts: Pt[] = [];
      for (let t = 0; t <= 1; t += 0.1) pts.push([x0 + t * len, y + Math.sin(t * 6 + i) * 2]);
      strokeLine(img, pts, 1 + (y - seaTop) * 0.02, 0.5, hex("#eef7f3"), 0.8);
    }
    fillPoly(
      img,
      groundBelow(w, h, (x) => shoreTop - 6 + (noise.value(x * 0.02, 9) - 0.5) * 16),
      hex("#f3f6ef"),
      0.9,
    );
    rockShelf(img, rng, noise, shoreTop + 6, 170);
    const skyTint = later ? hex("#f4f0dc") : hex("#e4f6f6");
    const deep = later ? hex("#1a7f8a") : hex("#127f8c");
    const shallow = later ? hex("#6cd0c2") : hex("#5fd3c8");
    // The later view is taken crouching by a few big pools rather than looking over many small ones.
    const pools = later ? 4 : 9;
    const size = later ? 1.7 : 1;
    for (let i = 0; i < pools; i++) {
      const y = shoreTop + (h - shoreTop) * (0.15 + 0.8 * (i / pools)) + rng.range(-20, 20);
      const s = (0.4 + 1.4 * ((y - shoreTop) / (h - shoreTop))) * size;
      const x = later ? [0.25, 0.72, 0.3, 0.66][i]! * w : rng.range(0.1, 0.9) * w;
      rockPool(img, rng, x, y, rng.range(70, 150) * s, rng.range(18, 34) * s, deep, shallow, skyTint);
    }
    crab(img, w * 0.3, h * 0.93, 14, 0.4, hex("#c2552a"));
    return paintAcrylic(img, rng, { angle: defaultAngle(noise, 0.8) });
  };
}

/** A shore crab: the "odd flash" of orange among the weed. */
function crab(img: Img, x: number, y: number, s: number, rotation: number, colour: RGB): void {
  const c = Math.cos(rotation);
  const sn = Math.sin(rotation);
  const at = (dx: number, dy: number): Pt => [x + (dx * c - dy * sn) * s, y + (dx * sn + dy * c) * s];
  const dark = scale(colour, 0.6);
  for (const side of [-1, 1]) {
    for (let k = 0; k < 4; k++) {
      const dy = (k - 1.2) * 0.28;
      strokeLine(
        img,
        [at(side * 0.5, dy), at(side * 1.15, dy - 0.25), at(side * 1.5, dy + 0.3)],
        s * 0.09,
        s * 0.05,
        dark,
      );
    }
    strokeLine(img, [at(side * 0.35, -0.4), at(side * 0.7, -0.85)], s * 0.12, s * 0.1, colour);
    fillPoly(img, ellipse(...at(side * 0.78, -1.08), s * 0.3, s * 0.19, rotation + side * 0.5, 20), colour);
  }
  fillPoly(img, ellipse(x, y, s * 0.78, s * 0.58, rotation, 32), colour);
  fillPoly(img, ellipse(...at(-0.2, -0.18), s * 0.35, s * 0.2, rotation, 16), mix(colour, hex("#f4c08a"), 0.5), 0.7);
  for (const side of [-1, 1])
    fillPoly(img, ellipse(...at(side * 0.18, -0.55), s * 0.07, s * 0.07, 0, 8), hex("#1a1412"));
}

/** Looking straight down into a single pool: pebbles, weed, anemones and a starfish. */
function tidePoolCloseUp(img: Img, rng: Random, noise: Noise): Img {
  const { w, h } = img;
  img.fill(mottled(hex("#5e4e40"), hex("#8a745a"), noise, 0.01));
  // Angular sandstone slabs, each with a shadowed crack below and a sunlit top.
  for (let i = 0; i < 55; i++) {
    const x = rng.range(-60, w + 60);
    const y = rng.range(-60, h + 60);
    const sw = rng.range(140, 320);
    const sh = sw * rng.range(0.5, 0.9);
    const rot = rng.range(-0.5, 0.5);
    const slab = (grow: number, dx: number, dy: number): Pt[] =>
      roughen(rect(-sw / 2 - grow, -sh / 2 - grow, sw + grow * 2, sh + grow * 2), noise, 14, 22, 0.02).map(
        ([px, py]): Pt => [
          x + dx + px * Math.cos(rot) - py * Math.sin(rot),
          y + dy + px * Math.sin(rot) + py * Math.cos(rot),
        ],
      );
    const c = jitterColor(rng.pick(ROCK), 0.07, rng);
    fillPoly(img, slab(0, 6, 8), hex("#3a2f27"), 0.45);
    fillPoly(img, slab(0, 0, 0), (px, py) => mix(c, scale(c, 1.2), noise.value(px * 0.03, py * 0.03)));
  }
  const cx = w * 0.52;
  const cy = h * 0.52;
  const pool = blob(rng, cx, cy, w * 0.38, h * 0.36, 0.14);
  // Weed on the rocks, and bladderwrack clinging to the rim, half in and half out of the water.
  const weeds = [hex("#5a5a24"), hex("#6e6a2a"), hex("#4a3e1e"), hex("#3f5a2a")];
  for (let i = 0; i < 18; i++) {
    fillPoly(
      img,
      roughen(
        blob(rng, rng.range(0, w), rng.range(0, h), rng.range(30, 80), rng.range(20, 50), 0.5, rng.range(0, 3)),
        noise,
        6,
      ),
      rng.pick(weeds),
      0.85,
    );
  }
  for (let i = 0; i < 34; i++) {
    const [px, py] = rng.pick(pool);
    fillPoly(
      img,
      roughen(blob(rng, px, py, rng.range(35, 70), rng.range(20, 40), 0.45, rng.range(0, 3)), noise, 6),
      rng.pick(weeds),
      0.95,
    );
  }
  // The rock lip overhangs the far (upper left) side, so only there does the rim show as shadow.
  fillPoly(
    img,
    pool.map(([x, y]): Pt => [cx + (x - cx) * 1.02 - 8, cy + (y - cy) * 1.02 - 10]),
    hex("#4a3b2c"),
  );
  const deep = hex("#0d6577");
  const shallow = hex("#63d0c2");
  const caustics = new Noise(rng.int(0, 1e9));
  fillPoly(img, pool, (x, y) => {
    const water = mix(shallow, deep, smoothstep(1, 0.2, Math.hypot((x - cx) / (w * 0.38), (y - cy) / (h * 0.36))));
    const net = 1 - smoothstep(0, 0.04, Math.abs(caustics.fbm(x * 0.012, y * 0.012, 2) - 0.5));
    return mix(water, hex("#c9f4ea"), net * 0.45);
  });
  const underwater = (c: RGB, x: number, y: number): RGB =>
    mix(c, mix(shallow, deep, smoothstep(1, 0.2, Math.hypot((x - cx) / (w * 0.38), (y - cy) / (h * 0.36)))), 0.45);
  for (let i = 0; i < 45; i++) {
    const a = rng.range(0, Math.PI * 2);
    const d = Math.sqrt(rng.next()) * 0.8;
    const x = cx + Math.cos(a) * w * 0.36 * d;
    const y = cy + Math.sin(a) * h * 0.34 * d;
    const r = rng.range(8, 26);
    const c = underwater(rng.pick([hex("#d9cdb5"), hex("#8f8478"), hex("#b7a58a"), hex("#6d6a66")]), x, y);
    fillPoly(img, ellipse(x, y, r, r * rng.range(0.6, 0.9), rng.range(0, 3), 20), c);
    fillPoly(img, ellipse(x - r * 0.25, y - r * 0.3, r * 0.4, r * 0.25, 0, 12), mix(c, hex("#ffffff"), 0.25), 0.7);
  }
  for (let i = 0; i < 14; i++) {
    const a = rng.range(0, Math.PI * 2);
    const x0 = cx + Math.cos(a) * w * 0.36;
    const y0 = cy + Math.sin(a) * h * 0.33;
    const len = rng.range(90, 200);
    const pts: Pt[] = [];
    for (let t = 0; t <= 1; t += 0.08) {
      pts.push([
        x0 - Math.cos(a) * len * t + Math.sin(t * 7 + i) * 10,
        y0 - Math.sin(a) * len * t + Math.cos(t * 6 + i) * 8,
      ]);
    }
    strokeLine(
      img,
      pts,
      rng.range(5, 9),
      1.5,
      underwater(rng.pick([hex("#3f7a2a"), hex("#6d7f22"), hex("#2f5a24")]), x0, y0),
      0.95,
    );
  }
  const star: Pt[] = [];
  const sx = cx + w * 0.1;
  const sy = cy + h * 0.12;
  for (let k = 0; k < 10; k++) {
    const a = (k / 10) * Math.PI * 2 - 0.3;
    const r = k % 2 === 0 ? w * 0.075 : w * 0.03;
    star.push([sx + Math.cos(a) * r, sy + Math.sin(a) * r]);
  }
  fillPoly(img, roughen(star, noise, 2, 4), underwater(hex("#f0782e"), sx, sy));
  for (let i = 0; i < 7; i++) {
    const a = rng.range(0, Math.PI * 2);
    const x = cx + Math.cos(a) * w * 0.34;
    const y = cy + Math.sin(a) * h * 0.31;
    const r = rng.range(14, 24);
    fillPoly(img, ellipse(x, y, r, r * 0.8), hex("#9e1c26"));
    fillPoly(img, ellipse(x - r * 0.3, y - r * 0.3, r * 0.35, r * 0.25), hex("#e8695e"), 0.9);
  }
  for (let i = 0; i < 10; i++) {
    const y = cy + rng.range(-0.3, 0.3) * h;
    const x = cx + rng.range(-0.3, 0.3) * w;
    const pts: Pt[] = [];
    for (let t = 0; t <= 1; t += 0.1) pts.push([x + t * rng.range(60, 140), y + Math.sin(t * 5 + i) * 4]);
    strokeLine(img, pts, 2.2, 0.6, hex("#f2fbf8"), 0.6);
  }
  crab(img, w * 0.16, h * 0.86, 42, -0.5, hex("#c2552a"));
  for (let i = 0; i < 120; i++) {
    const x = rng.range(0, w);
    const y = rng.range(0, h);
    if (Math.hypot((x - cx) / (w * 0.4), (y - cy) / (h * 0.38)) < 1) continue;
    const r = rng.range(3, 7);
    fillPoly(img, ellipse(x, y, r, r * 0.85, 0, 12), hex("#ddd6c8"));
    fillPoly(img, ellipse(x, y, r * 0.35, r * 0.3, 0, 8), hex("#4a4038"));
  }
  return paintAcrylic(img, rng, { angle: defaultAngle(noise, 3), radii: [9, 4.5] });
}

// --- Poppies (acrylic) --------------------------------------------------------

function poppy(img: Img, rng: Random, x: number, y: number, r: number, facing: number): void {
  const petals = [hex("#d7261e"), hex("#e63b26"), hex("#c51f1c"), hex("#dd3322")];
  const turn = rng.range(0, Math.PI);
  for (let k = 0; k < 4; k++) {
    const a = turn + (k * Math.PI) / 2 + rng.range(-0.2, 0.2);
    const px = x + Math.cos(a) * r * 0.42;
    const py = y + Math.sin(a) * r * 0.42 * facing;
    const c = jitterColor(rng.pick(petals), 0.05, rng);
    fillPoly(img, blob(rng, px, py, r * 0.6, r * 0.52 * facing, 0.18, a), (qx, qy) =>
      mix(scale(c, 0.72), c, smoothstep(0, r * 0.5, Math.hypot(qx - x, (qy - y) / facing))),
    );
  }
  fillPoly(img, ellipse(x - r * 0.2, y - r * 0.25 * facing, r * 0.35, r * 0.12 * facing, -0.3), hex("#f47a5e"), 0.55);
  fillPoly(img, ellipse(x, y, r * 0.2, r * 0.17 * facing), hex("#1c1719"));
  fillPoly(img, ellipse(x, y, r * 0.08, r * 0.07 * facing), hex("#6d7a52"));
}

function stem(img: Img, rng: Random, top: Pt, bottomY: number, width: number, color: RGB): void {
  const bend = rng.range(-0.12, 0.12) * (bottomY - top[1]);
  strokeLine(
    img,
    curve(top, [top[0] + bend, (top[1] + bottomY) / 2], [top[0] + bend * 0.4, bottomY]),
    width,
    width * 1.2,
    color,
  );
}

function wildPoppies(variant: 1 | 2): Render {
  return (w, h, rng) => {
    const noise = new Noise(rng.int(0, 1e9));
    const img = new Img(w, h);
    const horizon = h * (variant === 1 ? 0.36 : 0.16);
    skyGradient(
      img,
      [
        [0, hex("#2f7fd0")],
        [horizon / h, hex("#b6def2")],
      ],
      noise,
      0.02,
    );
    clouds(img, new Noise(rng.int(0, 1e9)), {
      top: 0,
      bottom: horizon,
      color: hex("#ffffff"),
      shadow: hex("#bfd0e4"),
      coverage: 0.35,
      frequency: 1 / 200,
      hardness: 0.05,
    });
    treeLine(
      img,
      rng,
      horizon + 2,
      h * 0.06,
      [{ shadow: hex("#2d4a2a"), mid: hex("#4f7336"), light: hex("#8aa552"), trunk: hex("#2a2a20") }],
      hex("#b6d2cf"),
      0.25,
    );
    const far = hex("#a9b54e");
    const near = hex("#5f8b2d");
    const gold = hex("#d4ae3e");
    fillPoly(
      img,
      groundBelow(w, h, () => horizon),
      (x, y) => {
        const t = (y - horizon) / (h - horizon);
        const n = noise.fbm(x * 0.004, y * 0.012, 4);
        return mix(mix(far, near, t), gold, smoothstep(0.45, 0.7, n) * 0.8);
      },
    );
    // Distant poppies are just flecks of red, thickening into drifts.
    const drift = new Noise(rng.int(0, 1e9));
    const flecks = variant === 1 ? 2600 : 1400;
    for (let i = 0; i < flecks; i++) {
      const y = horizon + (h - horizon) * Math.pow(rng.next(), 1.6);
      const x = rng.range(0, w);
      if (drift.fbm(x * 0.004, y * 0.01, 3) < 0.45) continue;
      const s = 1.2 + ((y - horizon) / (h - horizon)) * (variant === 1 ? 7 : 5);
      fillPoly(img, ellipse(x, y, s, s * 0.6, 0, 10), jitterColor(hex("#d8261d"), 0.1, rng), 0.9);
    }
    for (let i = 0; i < 400; i++) {
      const y = horizon + (h - horizon) * Math.pow(rng.next(), 0.7);
      const s = 0.8 + ((y - horizon) / (h - horizon)) * 3;
      fillPoly(
        img,
        ellipse(rng.range(0, w), y, s * 1.4, s, 0, 10),
        rng.chance(0.6) ? hex("#f5f2e6") : hex("#4b6fd0"),
        0.95,
      );
    }
    for (let i = 0; i < 500; i++) {
      const x = rng.range(0, w);
      const y = rng.range(h * 0.7, h + 20);
      strokeLine(
        img,
        [
          [x, y],
          [x + rng.range(-18, 18), y - rng.range(30, 90)],
        ],
        1.6,
        0.5,
        rng.pick([hex("#4d7a26"), hex("#9db24a"), hex("#d8c063")]),
        0.9,
      );
    }
    const big: { x: number; y: number; r: number }[] = [];
    if (variant === 1) {
      for (let i = 0; i < 26; i++) {
        const y = rng.range(h * 0.58, h * 0.98);
        big.push({ x: rng.range(0, w), y, r: 10 + ((y - h * 0.55) / (h * 0.45)) * 40 });
      }
    } else {
      const spots: [number, number, number][] = [
        [0.35, 0.34, 0.17],
        [0.68, 0.46, 0.13],
        [0.3, 0.62, 0.12],
        [0.72, 0.75, 0.1],
        [0.15, 0.4, 0.07],
      ];
      for (const [fx, fy, fr] of spots) big.push({ x: fx * w, y: fy * h, r: fr * w });
      for (let i = 0; i < 3; i++) {
        const bx = rng.range(0.15, 0.85) * w;
        const by = rng.range(0.3, 0.6) * h;
        stem(img, rng, [bx, by], h + 10, 3.5, hex("#4f7a32"));
        fillPoly(img, ellipse(bx, by + 14, 12, 22, rng.range(-0.5, 0.5)), hex("#6f8f3f"));
      }
    }
    big.sort((a, b) => a.y - b.y);
    for (const { x, y, r } of big) {
      stem(img, rng, [x, y], Math.min(h + 10, y + r * 9), Math.max(1.2, r * 0.07), hex("#4f7a32"));
      poppy(img, rng, x, y, r, rng.range(0.55, 0.95));
    }
    return paintAcrylic(img, rng, {
      angle: (x, y) => (y > horizon ? -Math.PI / 2 + (noise.value(x * 0.01, y * 0.01) - 0.5) * 1.6 : 0),
    });
  };
}

// --- Watercolours -------------------------------------------------------------

/** A lancet window: tall rectangle with a pointed arch. */
function lancet(x: number, y: number, w: number, h: number): Pt[] {
  const pts: Pt[] = [
    [x, y + h],
    [x, y + w * 0.6],
  ];
  for (let i = 0; i <= 8; i++) {
    const t = i / 8;
    pts.push([
      x + w * t,
      y +
        w * 0.6 -
        Math.sin(t * Math.PI) * w * 0.6 -
        (t > 0.3 && t < 0.7 ? w * 0.15 * Math.sin(((t - 0.3) / 0.4) * Math.PI) : 0),
    ]);
  }
  pts.push([x + w, y + h]);
  return pts;
}

/** A winter tree: a trunk forking into ever finer branches, with a haze of twigs at the crown. */
function bareTree(img: Img, rng: Random, x: number, groundY: number, height: number, colour: RGB): void {
  const grow = (x0: number, y0: number, angle: number, len: number, width: number, depth: number): void => {
    const x1 = x0 + Math.cos(angle) * len;
    const y1 = y0 + Math.sin(angle) * len;
    strokeLine(
      img,
      curve([x0, y0], [(x0 + x1) / 2 + rng.range(-0.15, 0.15) * len, (y0 + y1) / 2], [x1, y1], 6),
      width,
      width * 0.7,
      colour,
    );
    if (depth === 0) return;
    const forks = rng.int(2, 3);
    for (let i = 0; i < forks; i++) {
      // Spread the forks evenly and pull them gently back towards upright, which rounds the crown.
      const spread = (i / (forks - 1) - 0.5) * 1.3 + rng.range(-0.2, 0.2);
      const next = angle + spread + (-Math.PI / 2 - angle) * 0.25;
      grow(x1, y1, next, len * rng.range(0.62, 0.8), width * 0.66, depth - 1);
    }
  };
  grow(x, groundY, -Math.PI / 2 + rng.range(-0.08, 0.08), height * 0.3, height * 0.028, 6);
}

function kirkstallAbbeyMist(): Render {
  return (w, h, rng) => {
    const noise = new Noise(rng.int(0, 1e9));
    const img = new Img(w, h);
    const mist = hex("#f2f3f1");
    skyGradient(
      img,
      [
        [0, hex("#a9b9cc")],
        [0.3, hex("#d9e0e6")],
        [0.55, mist],
      ],
      noise,
      0.1,
    );
    clouds(img, new Noise(rng.int(0, 1e9)), {
      top: 0,
      bottom: h * 0.4,
      color: hex("#eef1f3"),
      shadow: hex("#b4bccb"),
      coverage: 0.5,
      frequency: 1 / 300,
      hardness: 0.3,
    });
    const ground = h * 0.68;
    const wintry = { shadow: hex("#5a5450"), mid: hex("#7a7068"), light: hex("#9a9088"), trunk: hex("#4a4640") };
    treeLine(img, rng, ground - h * 0.04, h * 0.1, [wintry], hex("#dfe3e4"), 0.7);
    const stone = hex("#6f7487");
    const stoneLit = hex("#b3ada3");
    const ruin = (pts: Pt[]): Pt[] => roughen(pts, noise, 5, 5, 0.05);
    const wallPaint: Paint = (x, y) =>
      mix(
        mix(stoneLit, stone, smoothstep(0.3, 0.7, noise.fbm(x * 0.008, y * 0.008, 3))),
        mist,
        smoothstep(ground - h * 0.2, ground, y) * 0.85,
      );
    // Nave with a broken roofline, the crossing tower, then the great gable end.
    fillPoly(
      img,
      ruin([
        [w * 0.26, ground],
        [w * 0.26, h * 0.44],
        [w * 0.35, h * 0.41],
        [w * 0.42, h * 0.45],
        [w * 0.5, h * 0.4],
        [w * 0.56, h * 0.42],
        [w * 0.56, ground],
      ]),
      wallPaint,
    );
    fillPoly(
      img,
      ruin([
        [w * 0.54, ground],
        [w * 0.54, h * 0.16],
        [w * 0.58, h * 0.13],
        [w * 0.6, h * 0.19],
        [w * 0.63, h * 0.15],
        [w * 0.63, ground],
      ]),
      wallPaint,
    );
    fillPoly(
      img,
      ruin([
        [w * 0.62, ground],
        [w * 0.62, h * 0.3],
        [w * 0.7, h * 0.18],
        [w * 0.78, h * 0.3],
        [w * 0.78, ground],
      ]),
      wallPaint,
    );
    const opening: Paint = (_, y) => mix(hex("#dde3e8"), mist, smoothstep(h * 0.3, ground, y));
    for (let i = 0; i < 5; i++) fillPoly(img, lancet(w * (0.275 + i * 0.055), h * 0.49, w * 0.025, h * 0.12), opening);
    fillPoly(img, lancet(w * 0.572, h * 0.25, w * 0.028, h * 0.16), opening);
    for (let i = 0; i < 3; i++)
      fillPoly(
        img,
        lancet(w * (0.645 + i * 0.037), h * (i === 1 ? 0.3 : 0.34), w * 0.026, h * (i === 1 ? 0.2 : 0.16)),
        opening,
      );
    fillRows(
      img,
      ground - h * 0.1,
      ground + h * 0.04,
      (x, y) => mix(mist, hex("#ffffff"), noise.value(x * 0.01, y * 0.05)),
      0.35,
    );
    fillPoly(
      img,
      groundBelow(w, h, (x) => ground + Math.sin(x * 0.005) * 6),
      (x, y) =>
        mix(
          mix(hex("#c9cbb4"), hex("#9c9f7c"), smoothstep(ground, h, y)),
          hex("#c7b98f"),
          noise.fbm(x * 0.006, y * 0.01) * 0.6,
        ),
    );
    bareTree(img, rng, w * 0.13, ground + h * 0.03, h * 0.52, mix(hex("#4a4640"), mist, 0.35));
    bareTree(img, rng, w * 0.9, ground + h * 0.04, h * 0.44, mix(hex("#4a4640"), mist, 0.45));
    bareTree(img, rng, w * 0.22, ground + h * 0.01, h * 0.3, mix(hex("#4a4640"), mist, 0.62));
    // The Aire in the foreground, pale with the mist and the sky it reflects.
    const river = (x: number): number => h * 0.8 + Math.sin(x * 0.004 + 1) * h * 0.015;
    fillPoly(img, groundBelow(w, h, river), (x, y) =>
      mix(
        hex("#d3dbe0"),
        hex("#9fb0bc"),
        smoothstep(river(x), h * 0.92, y) * 0.7 + noise.value(x * 0.01, y * 0.2) * 0.15,
      ),
    );
    fillPoly(
      img,
      groundBelow(w, h, (x) => h * 0.92 + Math.sin(x * 0.007) * h * 0.015),
      mottled(hex("#8f936a"), hex("#b4a77e"), noise, 0.01),
    );
    return paintWatercolor(img, rng, (out) => {
      const grassRng = rng.fork();
      for (let i = 0; i < 140; i++) {
        const x = grassRng.range(0, w);
        const y = grassRng.range(h * 0.93, h);
        strokeLine(
          out,
          [
            [x, y],
            [x + grassRng.range(-10, 10), y - grassRng.range(12, 40)],
          ],
          1.1,
          0.3,
          hex("#5d6a48"),
          0.45,
        );
      }
    });
  };
}

interface Boat {
  x: number;
  waterline: number;
  length: number;
  hull: RGB;
  stripe: RGB;
  tilt?: number;
}

/** A Yorkshire coble side-on: low stern, high raked bow, a painted stripe under the gunwale. */
function boatHull(b: Boat): { hull: Pt[]; stripe: Pt[]; inside: Pt[] } {
  const L = b.length;
  const H = L * 0.2;
  const tilt = b.tilt ?? 0;
  const at = (u: number, v: number): Pt => [b.x + u * L, b.waterline - v * H + u * L * tilt];
  const gunwale = (u: number): number => 1 + Math.pow(u, 3) * 0.9;
  const hull: Pt[] = [at(0.02, 0), at(0, gunwale(0))];
  for (let u = 0.1; u <= 1.001; u += 0.1) hull.push(at(u, gunwale(u)));
  hull.push(at(1.06, gunwale(1) + 0.15), at(0.92, 0.1), at(0.8, -0.05));
  const stripe: Pt[] = [];
  for (let u = 0; u <= 1.001; u += 0.1) stripe.push(at(u, gunwale(u) - 0.05));
  for (let u = 1; u >= -0.001; u -= 0.1) stripe.push(at(u, gunwale(u) - 0.28));
  const inside: Pt[] = [
    at(0.05, gunwale(0.05)),
    at(0.5, gunwale(0.5) + 0.18),
    at(0.95, gunwale(0.95)),
    at(0.5, gunwale(0.5) - 0.02),
  ];
  return { hull, stripe, inside };
}

function drawBoat(img: Img, b: Boat, reflect: boolean): void {
  const { hull, stripe, inside } = boatHull(b);
  if (reflect) {
    const mirror = (pts: Pt[]): Pt[] => pts.map(([x, y]): Pt => [x, b.waterline + (b.waterline - y) * 0.9]);
    fillPoly(img, mirror(hull), mix(b.hull, hex("#7d9bb0"), 0.5), 0.7);
  }
  fillPoly(img, inside, hex("#8c6a4a"));
  fillPoly(img, hull, b.hull);
  fillPoly(img, stripe, b.stripe);
  fillPoly(
    img,
    hull.slice(0, 6).concat([
      [b.x + b.length * 0.45, b.waterline],
      [b.x, b.waterline],
    ]),
    scale(b.hull, 0.85),
    0.5,
  );
}

/** Loose pen work over the washes: the hull line drawn twice, never quite on the same path. */
function inkBoat(img: Img, rng: Random, b: Boat): void {
  const { hull, stripe } = boatHull(b);
  const ink = hex("#3b3026");
  for (const pts of [hull, stripe.slice(0, Math.floor(stripe.length / 2))]) {
    for (let pass = 0; pass < 2; pass++) {
      const line = pts.map(([x, y]): Pt => [x + rng.range(-1.5, 1.5), y + rng.range(-1.5, 1.5)]);
      strokeLine(img, pts === hull ? [...line, line[0]!] : line, 1, 0.8, ink, 0.55);
    }
  }
}

function robinHoodsBayBoats(variant: 1 | 2): Render {
  return (w, h, rng) => {
    const noise = new Noise(rng.int(0, 1e9));
    const img = new Img(w, h);
    const paper = hex("#f7f4ec");
    skyGradient(
      img,
      [
        [0, hex("#93b8d8")],
        [0.3, hex("#d6e4ee")],
        [0.42, paper],
      ],
      noise,
      0.12,
    );
    clouds(img, new Noise(rng.int(0, 1e9)), {
      top: 0,
      bottom: h * 0.35,
      color: paper,
      shadow: hex("#c2c9d6"),
      coverage: 0.4,
      frequency: 1 / 260,
      hardness: 0.3,
    });
    const seaLine = h * (variant === 1 ? 0.47 : 0.4);
    fillPoly(img, rect(0, seaLine, w, h), mix(hex("#7ea4bd"), paper, 0.1));
    // The village tumbling down the cliff: red pantile roofs on cream and grey cottages.
    const slope = (x: number): number => seaLine - h * 0.32 * Math.pow(clamp(1 - x / (w * 0.62), 0, 1), 0.8);
    fillPoly(img, groundBelow(w, h, slope), mottled(hex("#93a06c"), hex("#b3a57a"), noise, 0.01));
    if (variant === 1) {
      const houses: { x: number; y: number; s: number }[] = [];
      for (let i = 0; i < 60; i++) {
        const x = rng.range(0, w * 0.52);
        houses.push({ x, y: slope(x) + rng.range(0.02, 0.22) * h * (1 - x / w), s: rng.range(0.8, 1.3) });
      }
      houses.sort((a, b) => a.y - b.y);
      for (const { x, y, s } of houses) {
        const hw = w * 0.032 * s;
        const hh = hw * 0.75;
        fillPoly(
          img,
          rect(x, y - hh, hw, hh),
          rng.pick([hex("#efe3cc"), hex("#d9d2c4"), hex("#e9dcc0"), hex("#c7bfb1")]),
        );
        fillPoly(
          img,
          [
            [x - 3, y - hh],
            [x + hw * 0.5, y - hh - hw * 0.45],
            [x + hw + 3, y - hh],
          ],
          rng.pick([hex("#b5523a"), hex("#a44836"), hex("#c0654a")]),
        );
        fillPoly(img, rect(x + hw * 0.2, y - hh * 0.65, hw * 0.2, hh * 0.3), hex("#4a4a55"));
        fillPoly(img, rect(x + hw * 0.6, y - hh * 0.65, hw * 0.2, hh * 0.3), hex("#4a4a55"));
      }
      fillPoly(img, rect(0, h * 0.56, w, h), (x, y) =>
        mix(hex("#b7cbd6"), hex("#6f94ad"), smoothstep(h * 0.56, h, y) * 0.8 + noise.fbm(x * 0.003, y * 0.03) * 0.2),
      );
      for (let i = 0; i < 30; i++) {
        const y = rng.range(h * 0.58, h);
        const x = rng.range(0, w);
        fillPoly(img, ellipse(x, y, rng.range(30, 120), 1.5 + (y / h) * 2, 0, 16), hex("#eef3f4"), 0.7);
      }
      const boats: Boat[] = [
        { x: w * 0.1, waterline: h * 0.86, length: w * 0.36, hull: hex("#2f5f9e"), stripe: hex("#c23b2f") },
        { x: w * 0.55, waterline: h * 0.74, length: w * 0.25, hull: hex("#2f7a5a"), stripe: hex("#f2c84a") },
        { x: w * 0.78, waterline: h * 0.64, length: w * 0.15, hull: hex("#b23a32"), stripe: hex("#f4f1e8") },
      ];
      boats.sort((a, b) => a.waterline - b.waterline);
      for (const b of boats) drawBoat(img, b, true);
      return paintWatercolor(img, rng, (out) => {
        for (const b of boats) inkBoat(out, rng, b);
        for (const b of boats) {
          const mx = b.x + b.length * 0.35;
          const top = b.waterline - b.length * 0.2;
          strokeLine(
            out,
            [
              [mx, top],
              [mx + 2, top - b.length * 0.5],
            ],
            2,
            1.2,
            hex("#4a3f38"),
            0.8,
          );
          strokeLine(
            out,
            curve(
              [b.x, b.waterline - b.length * 0.18],
              [b.x - b.length * 0.15, b.waterline + 10],
              [b.x - b.length * 0.3, b.waterline + 4],
            ),
            1,
            1,
            hex("#5a5048"),
            0.6,
          );
        }
      });
    }
    // Low tide: boats pulled up on the wet sand below the cliff.
    fillPoly(img, rect(0, seaLine + h * 0.05, w, h), (x, y) =>
      mix(hex("#d8c49a"), hex("#b9aa8a"), noise.fbm(x * 0.004, y * 0.012) * 0.9),
    );
    fillPoly(img, roughen(rect(-10, seaLine + h * 0.04, w + 20, h * 0.025), noise, 5), hex("#eef2ef"), 0.9);
    for (let i = 0; i < 12; i++) {
      const y = rng.range(h * 0.55, h);
      fillPoly(img, blob(rng, rng.range(0, w), y, rng.range(60, 200), 4 + (y / h) * 8, 0.3), hex("#a9bfcb"), 0.55);
    }
    for (let i = 0; i < 40; i++) {
      const y = rng.range(h * 0.5, h);
      const r = 4 + (y / h) * 18;
      fillPoly(
        img,
        blob(rng, rng.range(0, w), y, r, r * 0.6, 0.3),
        rng.pick([hex("#6b6258"), hex("#8a7a62"), hex("#4f5a3a")]),
      );
    }
    const boats: Boat[] = [
      { x: w * 0.12, waterline: h * 0.72, length: w * 0.4, hull: hex("#3a6aa8"), stripe: hex("#f2efe6"), tilt: -0.05 },
      { x: w * 0.56, waterline: h * 0.86, length: w * 0.38, hull: hex("#c8553a"), stripe: hex("#2f4f7a"), tilt: 0.04 },
    ];
    for (const b of boats) {
      fillPoly(
        img,
        ellipse(b.x + b.length * 0.55, b.waterline + 8, b.length * 0.55, b.length * 0.05),
        hex("#8c7a5e"),
        0.6,
      );
      drawBoat(img, b, false);
    }
    return paintWatercolor(img, rng, (out) => {
      for (const b of boats) inkBoat(out, rng, b);
      for (const b of boats)
        strokeLine(
          out,
          curve(
            [b.x + b.length, b.waterline - b.length * 0.3],
            [b.x + b.length * 1.15, b.waterline + 20],
            [b.x + b.length * 1.25, b.waterline + 6],
          ),
          1.2,
          1,
          hex("#5a4a3a"),
          0.7,
        );
    });
  };
}

// --- 3D paper relief ------------------------------------------------------------

interface Lantern {
  x: number;
  y: number;
  r: number;
  tall: number; // height / width
  hot: RGB;
  rim: RGB;
}

function drawLantern(relief: Relief, l: Lantern, stringTop: number, lift: number): void {
  const rx = l.r;
  const ry = l.r * l.tall;
  relief.layer(lift * 0.5, (p) =>
    p.line(
      [
        [l.x, stringTop],
        [l.x, l.y - ry],
      ],
      1.4,
      1.4,
      hex("#2a2230"),
    ),
  );
  relief.glow(l.x, l.y, l.r * 3.2, scale(l.hot, 0.55), 0.5);
  relief.layer(lift, (p) => {
    p.poly(ellipse(l.x, l.y, rx, ry, 0, 64), (x, y) =>
      mix(hex("#fff0b8"), mix(l.hot, l.rim, 0.4), smoothstep(0, 1, Math.hypot((x - l.x) / rx, (y - l.y) / ry) * 1.1)),
    );
    for (let k = -3; k <= 3; k++) {
      const ribX = Math.sin((k / 4) * (Math.PI / 2)) * rx;
      const half = Math.sqrt(Math.max(0, 1 - (ribX / rx) ** 2)) * ry;
      p.tint(ellipse(l.x + ribX, l.y, 1.6, half * 0.98, 0, 24), l.rim, 0.7);
    }
    p.poly(rect(l.x - rx * 0.38, l.y - ry - rx * 0.1, rx * 0.76, rx * 0.16), hex("#3b2418"));
    p.poly(rect(l.x - rx * 0.38, l.y + ry - rx * 0.06, rx * 0.76, rx * 0.16), hex("#3b2418"));
    p.line(
      [
        [l.x, l.y + ry + rx * 0.1],
        [l.x, l.y + ry + rx * 0.55],
      ],
      2.5,
      1.2,
      l.rim,
    );
  });
}

function paperLanternsRelief(variant: 1 | 2): Render {
  const scene = lanternScene(variant);
  if (variant === 2) return scene;
  // The finished piece, photographed straight on in its deep box frame.
  return (w, h, rng) => {
    const border = Math.round(w * 0.035);
    const depth = Math.round(w * 0.022);
    const art = scene(w - 2 * (border + depth), h - 2 * (border + depth), rng);
    return frameArtwork(
      art,
      { colour: hex("#2e2824"), width: border, depth, wall: hex("#3a3346") },
      new Noise(rng.int(0, 1e9)),
    );
  };
}

function lanternScene(variant: 1 | 2): Render {
  return (w, h, rng) => {
    const noise = new Noise(rng.int(0, 1e9));
    const bg =
      variant === 1
        ? (_: number, y: number): RGB =>
            ramp(
              [
                [0, hex("#1d2146")],
                [0.6, hex("#3b2f5c")],
                [1, hex("#5c3b5c")],
              ],
              y / h,
            )
        : (_: number, y: number): RGB =>
            ramp(
              [
                [0, hex("#3a1d3f")],
                [0.55, hex("#83405a")],
                [1, hex("#d98a55")],
              ],
              y / h,
            );
    const relief = new Relief(w, h, bg, noise);
    const palettes: [RGB, RGB][] = [
      [hex("#f7a043"), hex("#c43d28")],
      [hex("#f7c44a"), hex("#d0782a")],
      [hex("#f47a6a"), hex("#b8324a")],
      [hex("#ffd37a"), hex("#e0892e")],
    ];
    if (variant === 1) {
      relief.layer(1, (p) =>
        p.poly(
          groundBelow(w, h, (x) => h * 0.78 + Math.sin(x * 0.006) * h * 0.05),
          hex("#2b3463"),
        ),
      );
      relief.layer(2, (p) =>
        p.poly(
          groundBelow(w, h, (x) => h * 0.87 + Math.sin(x * 0.009 + 2) * h * 0.04),
          hex("#1c2248"),
        ),
      );
      const lanterns: Lantern[] = [];
      const spots: [number, number, number][] = [
        [0.16, 0.42, 0.09],
        [0.34, 0.3, 0.07],
        [0.5, 0.5, 0.12],
        [0.68, 0.33, 0.08],
        [0.84, 0.48, 0.1],
        [0.26, 0.66, 0.06],
        [0.75, 0.7, 0.05],
      ];
      for (const [fx, fy, fr] of spots) {
        const [hot, rim] = rng.pick(palettes);
        lanterns.push({ x: fx * w, y: fy * h, r: fr * w, tall: rng.range(0.85, 1.05), hot, rim });
      }
      lanterns.sort((a, b) => a.r - b.r);
      lanterns.forEach((l, i) => drawLantern(relief, l, 0, 2 + i * 0.3));
    } else {
      // Paper-cut rooftops in three depths, with a string of lanterns strung across.
      const roofs = [hex("#5a2c48"), hex("#3f2038"), hex("#27142a")];
      roofs.forEach((c, depth) => {
        relief.layer(1 + depth, (p) => {
          const base = h * (0.7 + depth * 0.1);
          let x = -rng.range(0, 60);
          while (x < w) {
            const bw = rng.range(70, 150) * (1 + depth * 0.3);
            const bh = rng.range(40, 120) * (1 + depth * 0.3);
            p.poly(
              [
                [x, h],
                [x, base - bh],
                [x + bw / 2, base - bh - bw * 0.35],
                [x + bw, base - bh],
                [x + bw, h],
              ],
              c,
            );
            p.poly(rect(x + bw * 0.7, base - bh - bw * 0.35, bw * 0.1, bw * 0.25), c);
            for (let k = 0; k < 2; k++)
              if (rng.chance(0.6))
                p.tint(rect(x + bw * (0.2 + k * 0.4), base - bh * 0.7, bw * 0.16, bw * 0.16), hex("#f6c45a"), 0.95);
            x += bw + rng.range(-10, 10);
          }
        });
      });
      const sag = (x: number): number => h * 0.12 + Math.pow((x - w * 0.5) / (w * 0.5), 2) * -h * 0.08 + h * 0.1;
      relief.layer(1, (p) => {
        const pts: Pt[] = [];
        for (let x = -10; x <= w + 10; x += 20) pts.push([x, sag(x)]);
        p.line(pts, 1.5, 1.5, hex("#24162a"));
      });
      for (let i = 0; i < 8; i++) {
        const x = w * (0.06 + i * 0.125);
        const [hot, rim] = rng.pick(palettes);
        const r = w * rng.range(0.035, 0.05);
        drawLantern(relief, { x, y: sag(x) + r * 1.6, r, tall: i % 2 === 0 ? 1.5 : 1, hot, rim }, sag(x), 2);
      }
      for (const [fx, fy, fr] of [
        [0.25, 0.5, 0.08],
        [0.72, 0.52, 0.1],
      ] as const) {
        const [hot, rim] = rng.pick(palettes);
        drawLantern(relief, { x: fx * w, y: fy * h, r: fr * w, tall: 1.2, hot, rim }, sag(fx * w), 3);
      }
    }
    finish(relief.img, noise, { weave: 0, vignette: 0.2, warmth: 0.01 });
    return relief.img;
  };
}

/** A branching coral: a recursive fan of tapered limbs with rounded tips. */
function branch(
  p: PaperLayer,
  rng: Random,
  x: number,
  y: number,
  angle: number,
  len: number,
  width: number,
  depth: number,
  color: RGB,
): void {
  const ex = x + Math.cos(angle) * len;
  const ey = y + Math.sin(angle) * len;
  const mid: Pt = [(x + ex) / 2 + rng.range(-0.15, 0.15) * len, (y + ey) / 2];
  p.line(curve([x, y], mid, [ex, ey], 6), width, width * 0.75, color);
  if (depth === 0) {
    p.poly(ellipse(ex, ey, width * 0.95, width * 0.95, 0, 16), color);
    return;
  }
  const children = rng.int(2, 3);
  for (let i = 0; i < children; i++) {
    const spread = (i / (children - 1) - 0.5) * rng.range(0.7, 1.1);
    branch(p, rng, ex, ey, angle + spread, len * rng.range(0.65, 0.8), width * 0.75, depth - 1, color);
  }
}

function coralGarden(): Render {
  return (w, h, rng) => {
    const noise = new Noise(rng.int(0, 1e9));
    const relief = new Relief(
      w,
      h,
      (x, y) =>
        ramp(
          [
            [0, hex("#6fc6c4")],
            [0.5, hex("#2b8c94")],
            [1, hex("#0f4f5e")],
          ],
          y / h + (noise.fbm(x * 0.004, y * 0.004) - 0.5) * 0.1,
        ),
      noise,
    );
    // Light shafts from the surface.
    for (let i = 0; i < 5; i++) {
      const x = rng.range(0, w);
      relief.glow(x, -h * 0.2, h * 0.9, hex("#9fe8e0"), 0.08);
    }
    relief.layer(0.8, (p) => {
      for (let i = 0; i < 14; i++) {
        const x = rng.range(0, w);
        const pts: Pt[] = [];
        const top = rng.range(0.25, 0.5) * h;
        for (let t = 0; t <= 1; t += 0.05) pts.push([x + Math.sin(t * 7 + i) * 18, h - (h - top) * t]);
        p.line(pts, rng.range(7, 12), 3, hex("#3fa39e"));
      }
    });
    relief.layer(1.5, (p) =>
      p.poly(
        groundBelow(w, h, (x) => h * 0.8 + Math.sin(x * 0.008) * 25 + Math.sin(x * 0.021) * 10),
        hex("#c9b48e"),
      ),
    );
    relief.layer(2, (p) => {
      for (let i = 0; i < 4; i++)
        branch(
          p,
          rng,
          w * (0.1 + i * 0.27),
          h * 0.85,
          -Math.PI / 2 + rng.range(-0.3, 0.3),
          h * 0.13,
          10,
          4,
          rng.pick([hex("#f29a86"), hex("#ee8a6e"), hex("#f5b08f")]),
        );
    });
    relief.layer(3, (p) => {
      // Fan coral: many fine branches from one base.
      for (let i = 0; i < 2; i++)
        branch(p, rng, w * (0.3 + i * 0.42), h * 0.9, -Math.PI / 2, h * 0.12, 6, 5, hex("#e8664f"));
    });
    relief.layer(3.5, (p) => {
      for (const [fx, r] of [
        [0.18, 0.13],
        [0.62, 0.11],
        [0.92, 0.09],
      ] as const) {
        const cx = fx * w;
        const cy = h * 0.93;
        p.poly(ellipse(cx, cy, r * w, r * w * 0.75, 0, 64), hex("#f4a98e"));
        for (let k = 0; k < 7; k++) {
          const pts: Pt[] = [];
          for (let t = 0; t <= 1; t += 0.05)
            pts.push([
              cx - r * w * 0.9 + t * r * w * 1.8,
              cy - r * w * 0.6 + k * r * w * 0.18 + Math.sin(t * 14 + k) * 6,
            ]);
          p.line(pts, 2.5, 2.5, hex("#d9786a"));
        }
      }
    });
    relief.layer(4, (p) => {
      for (let i = 0; i < 6; i++) {
        const x = rng.range(0.05, 0.95) * w;
        const y = rng.range(0.2, 0.6) * h;
        const s = rng.range(18, 30);
        const c = rng.pick([hex("#ffd34a"), hex("#ff9d4a"), hex("#fff0c0")]);
        const dir = rng.chance(0.5) ? 1 : -1;
        p.poly(ellipse(x, y, s * 1.4, s * 0.7, 0, 32), c);
        p.poly(
          [
            [x - dir * s * 1.2, y],
            [x - dir * s * 2.2, y - s * 0.7],
            [x - dir * s * 2.2, y + s * 0.7],
          ],
          c,
        );
        p.tint(ellipse(x + dir * s * 0.8, y - s * 0.15, s * 0.14, s * 0.14, 0, 12), hex("#1a2a30"), 1);
        p.tint(rect(x - s * 0.2, y - s * 0.7, s * 0.25, s * 1.4), hex("#f2f2f2"), 0.8);
      }
      for (let i = 0; i < 25; i++) {
        const r = rng.range(3, 9);
        p.poly(ellipse(rng.range(0, w), rng.range(0, h * 0.7), r, r, 0, 16), hex("#cdeeed"));
      }
    });
    relief.layer(5, (p) => {
      for (let i = 0; i < 9; i++) {
        const x = rng.range(0, w);
        const pts: Pt[] = [];
        const top = rng.range(0.62, 0.8) * h;
        for (let t = 0; t <= 1; t += 0.05) pts.push([x + Math.sin(t * 5 + i * 2) * 14, h + 10 - (h + 10 - top) * t]);
        p.line(pts, 9, 3, rng.pick([hex("#1f6e5a"), hex("#2e8a66")]));
      }
    });
    finish(relief.img, noise, { weave: 0, vignette: 0.22, warmth: 0 });
    return relief.img;
  };
}

// --- Prints -----------------------------------------------------------------------

/**
 * The Dales patchwork: fields bounded by dry-stone walls that follow the
 * contours of a hill and run straight down its slope.
 */
function dryStoneFields(
  img: Img,
  rng: Random,
  line: (x: number) => number,
  color: RGB,
  depth: number,
  aw: number,
  ah: number,
): void {
  const wall = hex("#4f4b44");
  const width = 0.8 + depth * 0.45;
  const bands = [0.004, 0.04 + depth * 0.008, 0.09 + depth * 0.012, 0.16 + depth * 0.015].map((b) => b * ah);
  const walls: number[] = [];
  for (let x = -rng.range(0, 80); x < aw + 200; x += rng.range(90, 200) * (0.6 + depth * 0.2)) walls.push(x);
  const tones = [hex("#b9b65c"), hex("#9cb85a"), hex("#5f8a3c"), hex("#c7c27a")];
  for (let i = 0; i + 1 < walls.length; i++) {
    for (let b = 0; b + 1 < bands.length; b++) {
      const x0 = walls[i]!;
      const x1 = walls[i + 1]!;
      const cell: Pt[] = [];
      for (let t = 0; t <= 1.001; t += 0.1) cell.push([x0 + (x1 - x0) * t, line(x0 + (x1 - x0) * t) + bands[b]!]);
      for (let t = 1; t >= -0.001; t -= 0.1) cell.push([x0 + (x1 - x0) * t, line(x0 + (x1 - x0) * t) + bands[b + 1]!]);
      fillPoly(img, cell, mix(color, rng.pick(tones), rng.range(0, 0.4)));
    }
  }
  for (const band of bands.slice(1)) {
    const contour: Pt[] = [];
    for (let x = -10; x <= aw + 10; x += 10) contour.push([x, line(x) + band]);
    strokeLine(img, contour, width * 1.2, width * 1.2, wall);
  }
  for (const x of walls) {
    if (rng.chance(0.3)) continue;
    const lean = rng.range(-30, 30);
    strokeLine(
      img,
      curve(
        [x, line(x) + bands[0]!],
        [x + lean * 0.3, line(x) + bands[1]!],
        [x + lean, line(x + lean) + bands[bands.length - 1]!],
        8,
      ),
      width * 1.3,
      width * 1.5,
      wall,
    );
  }
}

function yorkshireDalesPrint(): Render {
  return (w, h, rng) =>
    paintPrint(w, h, rng, 14, (aw, ah) => {
      const noise = new Noise(rng.int(0, 1e9));
      const img = new Img(aw, ah);
      skyGradient(
        img,
        [
          [0, hex("#8fb3cf")],
          [0.4, hex("#e9ecdf")],
        ],
        noise,
        0.02,
      );
      clouds(img, new Noise(rng.int(0, 1e9)), {
        top: 0,
        bottom: ah * 0.35,
        color: hex("#fbfbf4"),
        shadow: hex("#c9d3da"),
        coverage: 0.35,
        frequency: 1 / 180,
        hardness: 0.04,
      });
      const hills: [number, RGB, number][] = [
        [0.36, hex("#8e9fae"), 0.06],
        [0.45, hex("#7f9a6c"), 0.07],
        [0.55, hex("#6b8f4c"), 0.08],
        [0.68, hex("#8ea556"), 0.08],
        [0.82, hex("#5b7d3a"), 0.07],
      ];
      hills.forEach(([base, color, amp], k) => {
        const phase = rng.range(0, 6);
        const line = (x: number): number =>
          ah *
          (base - amp * 1.3 * (Math.sin((x / aw) * 3.1 + phase) * 0.6 + Math.sin((x / aw) * 7.3 + phase * 2) * 0.25));
        fillPoly(img, groundBelow(aw, ah, line), color);
        if (k >= 1) dryStoneFields(img, rng, line, color, k, aw, ah);
        if (k === 2) {
          const bx = aw * 0.64;
          const by = line(bx) + ah * 0.03;
          fillPoly(img, rect(bx, by - 34, 70, 34), hex("#a39a86"));
          fillPoly(
            img,
            [
              [bx - 5, by - 34],
              [bx + 8, by - 50],
              [bx + 62, by - 50],
              [bx + 75, by - 34],
            ],
            hex("#4b4c55"),
          );
          fillPoly(img, rect(bx + 28, by - 20, 14, 20), hex("#2f2c2a"));
          tree(img, rng, bx - 40, by, 80, 60, {
            shadow: hex("#2d4526"),
            mid: hex("#3f5e30"),
            light: hex("#6f8c45"),
            trunk: hex("#2a2620"),
          });
        }
        if (k === 4) {
          for (let i = 0; i < 16; i++) {
            const sx = rng.range(0.05, 0.95) * aw;
            const sy = line(sx) + rng.range(0.03, 0.12) * ah;
            fillPoly(img, ellipse(sx, sy, 9, 6, 0, 16), hex("#f3f0e6"));
            fillPoly(img, ellipse(sx + 8, sy - 2, 3.5, 3, 0, 10), hex("#2c2a28"));
          }
        }
      });
      return paintOil(img, rng, { flat: true, radii: [12, 6, 3], angle: defaultAngle(noise, 0.8) });
    });
}

function blueHourPrint(): Render {
  return (w, h, rng) =>
    paintPrint(w, h, rng, 16, (aw, ah) => {
      const noise = new Noise(rng.int(0, 1e9));
      const img = new Img(aw, ah);
      // Lit windows are too small and bright for washes: they go on last in gouache.
      const lights: [Pt[], RGB][] = [];
      const water = ah * 0.76;
      // Watercolour glazes darken as they stack, so the reference is kept a little lighter than the result.
      skyGradient(
        img,
        [
          [0, hex("#3a4686")],
          [0.3, hex("#6060b0")],
          [0.48, hex("#a48ac4")],
          [0.62, hex("#f2b4a4")],
        ],
        noise,
        0.02,
      );
      for (let i = 0; i < 60; i++)
        fillPoly(img, ellipse(rng.range(0, aw), rng.range(0, ah * 0.35), 1.3, 1.3, 0, 8), hex("#e8e8ff"), 0.8);
      fillPoly(img, ellipse(aw * 0.8, ah * 0.14, 22, 22), hex("#fbf3d9"));
      fillPoly(img, ellipse(aw * 0.8 + 9, ah * 0.14 - 5, 20, 20), hex("#3e4a8a"));
      const layers: [RGB, number, number][] = [
        [hex("#7a6cb0"), 0.52, 40],
        [hex("#4a4690"), 0.6, 60],
        [hex("#262a60"), 0.68, 80],
      ];
      layers.forEach(([color, top, width], depth) => {
        let x = -rng.range(0, width);
        while (x < aw) {
          const bw = rng.range(0.6, 1.4) * width;
          const bh = ah * (water / ah - top) * rng.range(0.6, 1.6);
          const y = water - bh;
          fillPoly(img, rect(x, y, bw, bh + 2), color);
          const roll = rng.next();
          if (roll < 0.12)
            fillPoly(
              img,
              [
                [x + bw * 0.3, y],
                [x + bw * 0.5, y - bh * 0.4],
                [x + bw * 0.7, y],
              ],
              color,
            );
          else if (roll < 0.2) fillPoly(img, ellipse(x + bw / 2, y, bw * 0.35, bw * 0.35, 0, 24), color);
          if (depth > 0) {
            for (let wy = y + 8; wy < water - 8; wy += 12) {
              for (let wx = x + 6; wx < x + bw - 8; wx += 11) {
                if (rng.chance(0.3))
                  lights.push([rect(wx, wy, 5, 6), rng.pick([hex("#ffd27a"), hex("#ffb45a"), hex("#fff0b8")])]);
              }
            }
          }
          x += bw + rng.range(0, 8);
        }
      });
      fillRows(img, water, ah, (x, y) => {
        const src = img.get(x + (noise.value(x * 0.02, y * 0.4) - 0.5) * 10, water - (y - water) * 1.6);
        return mix(src, hex("#3a4080"), 0.3);
      });
      return paintWatercolor(
        img,
        rng,
        (out) => {
          for (const [pts, colour] of lights) fillPoly(out, pts, colour, 0.95);
          for (let i = 0; i < 50; i++) {
            const [x, y] = rng.pick(lights)[0][0]!;
            const ry = water + (water - y) * 0.6 + rng.range(-6, 6);
            if (ry < ah) fillPoly(out, rect(x - rng.range(2, 10), ry, rng.range(8, 26), 2), hex("#f7c66a"), 0.7);
          }
        },
        false,
      );
    });
}

// --- Commissioned portraits (custom) ------------------------------------------------

interface Figure {
  x: number; // head centre
  y: number;
  r: number; // head radius
  skin: RGB;
  hair: RGB;
  top: RGB;
  longHair: boolean;
  fromBehind?: boolean;
}

/** A simplified, painterly person: sloping shoulders, a softly modelled head framed by hair. Light from the left. */
function figure(img: Img, rng: Random, f: Figure, bottom: number): void {
  const { x, y, r } = f;
  const shade =
    (c: RGB): Paint =>
    (px) =>
      mix(scale(c, 1.12), scale(c, 0.62), smoothstep(x - r * 2.6, x + r * 2.6, px));
  const shoulderY = y + r * 1.75;
  const waist = f.fromBehind ? r * 1.45 : r * 2.05;
  const body: Pt[] = [
    [x - r * 0.42, y + r * 1.15],
    [x + r * 0.42, y + r * 1.15],
    [x + r * 1.3, shoulderY - r * 0.2],
    [x + r * 1.95, shoulderY + r * 0.15],
    [x + r * 2.15, shoulderY + r * 0.9],
    [x + waist, bottom],
    [x - waist, bottom],
    [x - r * 2.15, shoulderY + r * 0.9],
    [x - r * 1.95, shoulderY + r * 0.15],
    [x - r * 1.3, shoulderY - r * 0.2],
  ];
  if (f.longHair) fillPoly(img, blob(rng, x, y + r * 0.75, r * 1.15, r * 1.55, 0.1), shade(scale(f.hair, 0.85)));
  fillPoly(img, rect(x - r * 0.36, y + r * 0.5, r * 0.72, r * 1.0), shade(scale(f.skin, 0.85)));
  fillPoly(img, body, shade(f.top));
  if (!f.fromBehind)
    fillPoly(
      img,
      [
        [x - r * 0.42, y + r * 1.12],
        [x + r * 0.42, y + r * 1.12],
        [x, y + r * 1.7],
      ],
      shade(scale(f.skin, 0.92)),
    );
  // Sleeve seams so the torso does not read as a flat cut-out.
  for (const side of [-1, 1]) {
    strokeLine(
      img,
      curve(
        [x + side * r * 1.55, shoulderY + r * 0.3],
        [x + side * r * 1.75, shoulderY + r * 1.6],
        [x + side * (waist - r * 0.2), bottom],
      ),
      r * 0.07,
      r * 0.05,
      scale(f.top, 0.68),
      0.7,
    );
  }
  if (f.fromBehind) {
    fillPoly(img, blob(rng, x, y, r * 0.98, r * 1.02, 0.08), shade(f.hair));
    fillPoly(img, blob(rng, x - r * 0.3, y - r * 0.5, r * 0.4, r * 0.2, 0.2, -0.3), scale(f.hair, 1.35), 0.6);
    return;
  }
  fillPoly(img, blob(rng, x, y - r * 0.12, r * 1.04, r * 0.98, 0.08), shade(f.hair));
  for (const side of [-1, 1])
    fillPoly(img, ellipse(x + side * r * 0.8, y + r * 0.15, r * 0.14, r * 0.2), shade(scale(f.skin, 0.9)));
  fillPoly(img, ellipse(x, y + r * 0.1, r * 0.8, r * 0.92, 0, 48), (px, py) =>
    mix(paintAt(shade(f.skin), px, py), scale(f.skin, 0.8), smoothstep(y - r * 0.2, y + r, py) * 0.4),
  );
  const features = scale(f.skin, 0.45);
  for (const side of [-1, 1]) {
    fillPoly(
      img,
      ellipse(x + side * r * 0.3, y + r * 0.02, r * 0.1, r * 0.065),
      mix(features, hex("#2a1e1a"), 0.5),
      0.85,
    );
    fillPoly(img, ellipse(x + side * r * 0.3, y - r * 0.16, r * 0.17, r * 0.04, side * -0.1), scale(f.hair, 0.9), 0.6);
  }
  fillPoly(img, ellipse(x + r * 0.1, y + r * 0.32, r * 0.07, r * 0.16, 0.15), features, 0.35);
  fillPoly(img, ellipse(x, y + r * 0.6, r * 0.2, r * 0.055), mix(features, hex("#b0463e"), 0.55), 0.6);
  fillPoly(img, ellipse(x - r * 0.42, y + r * 0.38, r * 0.18, r * 0.12), hex("#e58a7a"), 0.25);
  fillPoly(img, blob(rng, x + r * 0.12, y - r * 0.62, r * 0.8, r * 0.34, 0.15, 0.12), shade(f.hair));
  fillPoly(img, blob(rng, x - r * 0.3, y - r * 0.72, r * 0.4, r * 0.14, 0.2, -0.3), scale(f.hair, 1.4), 0.6);
}

function familyPortraitCommission(variant: 1 | 2): Render {
  return (w, h, rng) => {
    const noise = new Noise(rng.int(0, 1e9));
    const img = new Img(w, h);
    if (variant === 1) {
      img.fill((x, y) =>
        mix(
          ramp(
            [
              [0, hex("#6f8a74")],
              [0.55, hex("#b9ad86")],
              [1, hex("#7a5e44")],
            ],
            y / h,
          ),
          hex("#a58f68"),
          noise.fbm(x * 0.004, y * 0.004) * 0.6,
        ),
      );
      radialGlow(img, w * 0.3, h * 0.22, w * 0.8, hex("#f4e2b4"), 0.5);
      const people: Figure[] = [
        {
          x: w * 0.3,
          y: h * 0.23,
          r: w * 0.1,
          skin: hex("#e0b08e"),
          hair: hex("#4a3226"),
          top: hex("#2f4a6e"),
          longHair: false,
        },
        {
          x: w * 0.7,
          y: h * 0.26,
          r: w * 0.095,
          skin: hex("#c98e68"),
          hair: hex("#2a1d18"),
          top: hex("#c7923a"),
          longHair: true,
        },
        {
          x: w * 0.37,
          y: h * 0.54,
          r: w * 0.085,
          skin: hex("#e6b896"),
          hair: hex("#b07a3a"),
          top: hex("#b8413a"),
          longHair: true,
        },
        {
          x: w * 0.68,
          y: h * 0.6,
          r: w * 0.08,
          skin: hex("#d4a07c"),
          hair: hex("#3a2a20"),
          top: hex("#6e8f6a"),
          longHair: false,
        },
      ];
      for (const p of people) figure(img, rng, p, h + 10);
      return paintOil(img, rng, {
        radii: [12, 6, 3],
        impasto: 2.2,
        ground: hex("#8a6a4a"),
        angle: defaultAngle(noise, 2.5, Math.PI / 2),
      });
    }
    // A family walking away along the beach, seen from behind, hand in hand.
    const horizon = h * 0.42;
    skyGradient(
      img,
      [
        [0, hex("#8fb1cf")],
        [0.42, hex("#f1e4cc")],
      ],
      noise,
    );
    clouds(img, new Noise(rng.int(0, 1e9)), {
      top: 0,
      bottom: horizon,
      color: hex("#fbf6ec"),
      shadow: hex("#b8b4bc"),
      coverage: 0.4,
      frequency: 1 / 260,
      hardness: 0.2,
    });
    fillPoly(img, rect(0, horizon, w, h * 0.12), (_, y) =>
      mix(hex("#5d86a0"), hex("#8fb6c0"), (y - horizon) / (h * 0.12)),
    );
    fillPoly(img, roughen(rect(-10, horizon + h * 0.11, w + 20, h * 0.02), noise, 4), hex("#f4f2ea"), 0.9);
    fillPoly(
      img,
      groundBelow(w, h, (x) => horizon + h * 0.125 + Math.sin(x * 0.01) * 3),
      (x, y) =>
        mix(hex("#c9b38e"), hex("#e3d2ac"), noise.fbm(x * 0.003, y * 0.01) * 0.8 + smoothstep(horizon, h, y) * 0.2),
    );
    const feet = h * 0.84;
    const walker = (
      fx: number,
      r: number,
      heads: number,
      skin: string,
      hair: string,
      top: string,
      longHair: boolean,
    ): Figure => ({
      x: fx * w,
      y: feet - r * 2 * heads,
      r,
      skin: hex(skin),
      hair: hex(hair),
      top: hex(top),
      longHair,
      fromBehind: true,
    });
    // Adults are about seven heads tall, children nearer five.
    const walkers: Figure[] = [
      walker(0.36, w * 0.021, 6.6, "#e0b08e", "#4a3226", "#2f4a6e", false),
      walker(0.45, w * 0.019, 4.6, "#e6b896", "#c08a44", "#d2443a", true),
      walker(0.53, w * 0.018, 4.2, "#d4a07c", "#3a2a20", "#e8c84a", false),
      walker(0.62, w * 0.02, 6.3, "#c98e68", "#2a1d18", "#f0ece0", true),
    ];
    for (const p of walkers) fillPoly(img, ellipse(p.x + p.r * 4, feet + 3, p.r * 4, p.r * 0.45), hex("#a8916c"), 0.7);
    for (const p of walkers) {
      const hip = p.y + (feet - p.y) * 0.52;
      for (const side of [-1, 1])
        strokeLine(
          img,
          [
            [p.x + side * p.r * 0.6, hip],
            [p.x + side * p.r * 0.75, feet],
          ],
          p.r * 0.5,
          p.r * 0.38,
          hex("#3b3f52"),
        );
      figure(img, rng, p, hip + p.r * 0.3);
    }
    for (let i = 0; i + 1 < walkers.length; i++) {
      const a = walkers[i]!;
      const b = walkers[i + 1]!;
      const ha = a.y + (feet - a.y) * 0.5;
      const hb = b.y + (feet - b.y) * 0.5;
      strokeLine(
        img,
        curve([a.x + a.r * 1.9, a.y + a.r * 2.6], [a.x + a.r * 2.4, ha], [(a.x + b.x) / 2, (ha + hb) / 2 + 4]),
        a.r * 0.32,
        a.r * 0.25,
        scale(a.top, 0.9),
      );
      strokeLine(
        img,
        curve([b.x - b.r * 1.9, b.y + b.r * 2.6], [b.x - b.r * 2.4, hb], [(a.x + b.x) / 2, (ha + hb) / 2 + 4]),
        b.r * 0.32,
        b.r * 0.25,
        scale(b.top, 0.9),
      );
      fillPoly(img, ellipse((a.x + b.x) / 2, (ha + hb) / 2 + 4, a.r * 0.35, a.r * 0.35), hex("#d5a584"));
    }
    return paintOil(img, rng, { radii: [14, 7, 3.5], impasto: 2.5, angle: defaultAngle(noise, 0.6) });
  };
}

function petPortraitBiscuit(): Render {
  return (w, h, rng) => {
    const noise = new Noise(rng.int(0, 1e9));
    const img = new Img(w, h);
    img.fill((x, y) =>
      mix(
        ramp(
          [
            [0, hex("#7d9ea2")],
            [1, hex("#3d5660")],
          ],
          y / h,
        ),
        hex("#5d7e86"),
        noise.fbm(x * 0.004, y * 0.004) * 0.6,
      ),
    );
    radialGlow(img, w * 0.45, h * 0.35, w * 0.6, hex("#c9dcd6"), 0.5);
    // A golden retriever: feathered ears a shade darker than the coat, a cream muzzle and chest.
    const gold = hex("#d8a256");
    const cream = hex("#f3dcae");
    const dark = hex("#b0702c");
    const cx = w * 0.5;
    const hy = h * 0.4;
    const fur =
      (c: RGB): Paint =>
      (x, y) =>
        mix(scale(c, 1.12), scale(c, 0.68), smoothstep(cx - w * 0.3, cx + w * 0.35, x + (y - hy) * 0.2));
    fillPoly(img, blob(rng, cx, h * 1.0, w * 0.46, h * 0.38, 0.06), fur(gold));
    fillPoly(
      img,
      roughen(blob(rng, cx - w * 0.02, h * 0.85, w * 0.2, h * 0.22, 0.1), noise, w * 0.02, 6, 0.05),
      fur(cream),
      0.9,
    );
    fillPoly(
      img,
      [
        [cx - w * 0.2, hy + h * 0.1],
        [cx + w * 0.2, hy + h * 0.1],
        [cx + w * 0.3, h * 0.8],
        [cx - w * 0.3, h * 0.8],
      ],
      fur(gold),
    );
    fillPoly(img, roughen(rect(cx - w * 0.25, h * 0.66, w * 0.5, h * 0.035), noise, 3), hex("#a8322e"));
    fillPoly(img, ellipse(cx + w * 0.02, h * 0.72, w * 0.03, w * 0.035), hex("#e8c25a"));
    for (const side of [-1, 1]) {
      fillPoly(
        img,
        roughen(
          blob(rng, cx + side * w * 0.2, hy + h * 0.1, w * 0.09, h * 0.17, 0.12, side * -0.3),
          noise,
          w * 0.014,
          6,
          0.06,
        ),
        fur(dark),
      );
    }
    fillPoly(img, blob(rng, cx, hy, w * 0.22, h * 0.15, 0.06), fur(gold));
    fillPoly(img, blob(rng, cx, hy + h * 0.1, w * 0.13, h * 0.085, 0.08), fur(cream));
    for (const side of [-1, 1]) {
      const ex = cx + side * w * 0.085;
      const ey = hy - h * 0.01;
      fillPoly(img, ellipse(ex, ey - h * 0.035, w * 0.04, h * 0.015, side * 0.2), scale(cream, 1.02), 0.7);
      fillPoly(img, ellipse(ex, ey, w * 0.03, h * 0.018, side * -0.15), hex("#2e1c12"));
      fillPoly(img, ellipse(ex - w * 0.008, ey - h * 0.006, w * 0.008, h * 0.005), hex("#f4efe6"));
    }
    const ny = hy + h * 0.07;
    fillPoly(
      img,
      [
        [cx - w * 0.05, ny - h * 0.012],
        [cx + w * 0.05, ny - h * 0.012],
        [cx + w * 0.012, ny + h * 0.03],
        [cx - w * 0.012, ny + h * 0.03],
      ],
      hex("#241a18"),
    );
    fillPoly(img, ellipse(cx - w * 0.02, ny - h * 0.003, w * 0.015, h * 0.006), hex("#7a6e6a"));
    strokeLine(
      img,
      curve([cx, ny + h * 0.03], [cx, ny + h * 0.06], [cx - w * 0.06, ny + h * 0.065]),
      2.5,
      2,
      hex("#5a3a24"),
    );
    strokeLine(
      img,
      curve([cx, ny + h * 0.03], [cx, ny + h * 0.06], [cx + w * 0.06, ny + h * 0.065]),
      2.5,
      2,
      hex("#5a3a24"),
    );
    fillPoly(img, ellipse(cx + w * 0.005, ny + h * 0.085, w * 0.035, h * 0.022), hex("#d9707a"));
    // Fur radiates away from the nose; on the chest it falls straight down.
    const angle = (x: number, y: number): number =>
      (y > h * 0.62 ? Math.PI / 2 : Math.atan2(y - ny, x - cx)) + (noise.value(x * 0.02, y * 0.02) - 0.5) * 0.8;
    // Locks of lighter and darker fur give the brushes something to describe.
    const onDog = (x: number, y: number): boolean =>
      Math.hypot((x - cx) / (w * 0.2), (y - hy) / (h * 0.13)) < 1 ||
      (y > h * 0.74 && Math.abs(x - cx) < w * 0.4) ||
      (y > hy + h * 0.1 && Math.abs(x - cx) < w * 0.2);
    for (let i = 0; i < 900; i++) {
      const x = rng.range(0, w);
      const y = rng.range(h * 0.2, h);
      if (!onDog(x, y) || Math.hypot(x - cx, y - (hy + h * 0.05)) < w * 0.14) continue;
      const a = angle(x, y);
      const len = rng.range(10, 26);
      const base = img.get(x, y);
      strokeLine(
        img,
        curve(
          [x, y],
          [x + Math.cos(a) * len * 0.5 + 3, y + Math.sin(a) * len * 0.5],
          [x + Math.cos(a) * len, y + Math.sin(a) * len],
        ),
        2.2,
        0.6,
        scale(base, rng.chance(0.5) ? 1.15 : 0.82),
        0.8,
      );
    }
    return paintAcrylic(img, rng, { radii: [9, 4.5], impasto: 1.5, edgeFollow: 10, angle });
  };
}

// --- Sunflowers (oil) -------------------------------------------------------------------

function sunflower(
  img: Img,
  rng: Random,
  x: number,
  y: number,
  r: number,
  facing: number,
  tilt: number,
  seeds: boolean,
  backlit = false,
): void {
  const petalBack = backlit ? hex("#b8761c") : hex("#d8951c");
  const petalFront = backlit ? hex("#e7a42c") : hex("#f6c531");
  const cos = Math.cos(tilt);
  const sin = Math.sin(tilt);
  const place = (dx: number, dy: number): Pt => [x + dx * cos - dy * facing * sin, y + dx * sin + dy * facing * cos];
  const n = 22;
  for (const [ring, color, len] of [
    [0, petalBack, 1.0],
    [0.5, petalFront, 0.86],
  ] as const) {
    for (let k = 0; k < n; k++) {
      const a = ((k + ring) / n) * Math.PI * 2 + rng.range(-0.08, 0.08);
      const l = r * 0.42 * len * rng.range(0.85, 1.1);
      const [px, py] = place(Math.cos(a) * (r * 0.45 + l * 0.8), Math.sin(a) * (r * 0.45 + l * 0.8));
      const [tx, ty] = place(Math.cos(a), Math.sin(a));
      fillPoly(img, ellipse(px, py, l, r * 0.1, Math.atan2(ty - y, tx - x), 16), jitterColor(color, 0.05, rng));
    }
  }
  const disc = (k: number): Pt[] => ellipse(0, 0, r * 0.48 * k, r * 0.48 * k, 0, 40).map(([dx, dy]) => place(dx, dy));
  fillPoly(img, disc(1), hex("#6a3c16"));
  fillPoly(img, disc(0.82), hex("#3e2412"));
  if (seeds) {
    // Fibonacci spiral of seeds, which is what makes a close-up read as a sunflower.
    for (let i = 0; i < 420; i++) {
      const rr = Math.sqrt(i / 420) * r * 0.4;
      const a = i * 2.39996;
      const [px, py] = place(Math.cos(a) * rr, Math.sin(a) * rr);
      fillPoly(img, ellipse(px, py, r * 0.012 + 1, r * 0.012 + 1, 0, 8), i % 3 === 0 ? hex("#8a5a26") : hex("#24140a"));
    }
  }
  fillPoly(
    img,
    ellipse(0, 0, r * 0.18, r * 0.14, 0, 20).map(([dx, dy]) => place(dx - r * 0.15, dy - r * 0.15)),
    hex("#9a6a32"),
    backlit ? 0.2 : 0.45,
  );
}

function leaf(img: Img, rng: Random, x: number, y: number, len: number, angle: number, color: RGB): void {
  const c = jitterColor(color, 0.06, rng);
  fillPoly(
    img,
    blob(rng, x + Math.cos(angle) * len * 0.5, y + Math.sin(angle) * len * 0.5, len * 0.5, len * 0.28, 0.1, angle),
    (px, py) =>
      mix(
        scale(c, 1.15),
        scale(c, 0.75),
        smoothstep(-len * 0.3, len * 0.3, (px - x) * Math.sin(angle) - (py - y) * Math.cos(angle)),
      ),
  );
  strokeLine(
    img,
    [
      [x, y],
      [x + Math.cos(angle) * len * 0.9, y + Math.sin(angle) * len * 0.9],
    ],
    1.5,
    0.5,
    scale(c, 0.7),
    0.8,
  );
}

/**
 * The auction painting itself: sunflowers in a jug on a table, with a window
 * onto a sunflower field behind. Sizes are relative to the canvas (u = one
 * pixel at 1200 wide) and the seed is fixed, so the same painting can be
 * re-rendered larger for the detail shots.
 */
function sunflowerStillLife(w: number, h: number): Img {
  const rng = new Random(hashString("sunflowers-martin-house/painting"));
  const noise = new Noise(rng.int(0, 1e9));
  const u = w / 1200;
  const img = new Img(w, h);
  const greens = [hex("#4f6b2a"), hex("#6f8a34"), hex("#3e5a22")];
  img.fill(mottled(hex("#6f9fa0"), hex("#93bcb2"), noise, 0.004 / u));
  // The window: sky, a hedge line and the field the flowers came from.
  const wx = w * 0.05;
  const wy = h * 0.06;
  const ww = w * 0.34;
  const wh = h * 0.46;
  const fieldTop = wy + wh * 0.58;
  fillPoly(img, rect(wx, wy, ww, fieldTop - wy), (_, y) =>
    mix(hex("#3f86cc"), hex("#cfe6f2"), (y - wy) / (fieldTop - wy)),
  );
  for (let i = 0; i < 4; i++)
    fillPoly(
      img,
      blob(rng, wx + rng.range(0.15, 0.85) * ww, wy + rng.range(0.1, 0.35) * wh, 40 * u, 12 * u, 0.3),
      hex("#ffffff"),
      0.9,
    );
  treeLine(
    img,
    rng,
    fieldTop + 2 * u,
    36 * u,
    [{ shadow: hex("#2d4a2a"), mid: hex("#4f7336"), light: hex("#8aa552"), trunk: hex("#2a2a20") }],
    hex("#b9d2d6"),
    0.3,
    wx + 24 * u,
    wx + ww - 24 * u,
  );
  fillPoly(img, rect(wx, fieldTop, ww, wy + wh - fieldTop), mottled(hex("#5f7f2a"), hex("#8a9a3a"), noise, 0.02 / u));
  for (let i = 0; i < 420; i++) {
    const t = rng.next();
    const s = (2 + t * 8) * u;
    fillPoly(
      img,
      ellipse(wx + rng.next() * ww, fieldTop + (wy + wh - fieldTop) * t, s, s * 0.6, 0, 10),
      rng.pick([hex("#f2c233"), hex("#e8a92a")]),
    );
  }
  const bar = 16 * u;
  const frameColour = hex("#ece6d8");
  for (const r of [
    rect(wx - bar, wy - bar, ww + bar * 2, bar),
    rect(wx - bar, wy + wh, ww + bar * 2, bar * 1.6),
    rect(wx - bar, wy, bar, wh),
    rect(wx + ww, wy, bar, wh),
  ])
    fillPoly(img, r, frameColour);
  fillPoly(img, rect(wx + ww / 2 - bar / 3, wy, (bar * 2) / 3, wh), frameColour);
  fillPoly(img, rect(wx, wy + wh * 0.42, ww, (bar * 2) / 3), frameColour);

  const table = h * 0.74;
  fillPoly(img, rect(0, table, w, h - table), mottled(hex("#c98a3a"), hex("#a86c2c"), noise, 0.01 / u));
  fillPoly(img, rect(0, table, w, 6 * u), hex("#e3ad62"));
  const vx = w * 0.55;
  fillPoly(img, ellipse(vx + w * 0.1, table + h * 0.05, w * 0.16, h * 0.03), hex("#7a4a20"), 0.6);
  fillPoly(img, ellipse(vx + w * 0.14, table - h * 0.12, w * 0.09, h * 0.15), hex("#5a8886"), 0.5);
  const heads: [number, number, number, number, number][] = [
    [0.55, 0.16, 0.085, 0.9, 0],
    [0.38, 0.24, 0.075, 0.8, -0.4],
    [0.72, 0.22, 0.08, 0.75, 0.5],
    [0.27, 0.44, 0.07, 0.55, -0.9],
    [0.85, 0.4, 0.072, 0.5, 1.0],
    [0.47, 0.36, 0.065, 0.95, 0.1],
    [0.65, 0.4, 0.06, 0.6, 0.3],
    [0.33, 0.6, 0.05, 0.45, -1.3],
    [0.79, 0.57, 0.055, 0.4, 1.4],
  ];
  const mouth: Pt = [vx, table - h * 0.27];
  for (const [fx, fy] of heads)
    strokeLine(
      img,
      curve(mouth, [(fx * w + vx) / 2, fy * h + h * 0.08], [fx * w, fy * h]),
      4 * u,
      3 * u,
      hex("#5b7a2a"),
    );
  for (let i = 0; i < 7; i++) {
    const angle = rng.chance(0.5) ? rng.range(-2.8, -2) : rng.range(-1.1, -0.3);
    leaf(
      img,
      rng,
      vx + rng.range(-0.1, 0.1) * w,
      mouth[1] - rng.range(0, 0.15) * h,
      w * rng.range(0.09, 0.14),
      angle,
      rng.pick(greens),
    );
  }
  for (const [fx, fy, fr, facing, tilt] of heads)
    sunflower(img, rng, fx * w, fy * h, fr * w, facing, tilt, fr * w > 150);
  const jug: Pt[] = [];
  for (let i = 0; i <= 60; i++)
    jug.push([vx + w * 0.1 * (Math.sin((i / 60) * Math.PI) * 0.9 + 0.35), mouth[1] + (i / 60) * (table - mouth[1])]);
  for (let i = 60; i >= 0; i--)
    jug.push([vx - w * 0.1 * (Math.sin((i / 60) * Math.PI) * 0.9 + 0.35), mouth[1] + (i / 60) * (table - mouth[1])]);
  fillPoly(img, jug, (x) => mix(hex("#f2e6cc"), hex("#a89a80"), smoothstep(vx - w * 0.1, vx + w * 0.13, x)));
  // The jug's outline clipped to a horizontal band gives its painted stripe.
  fillPoly(
    img,
    jug.filter(([, y]) => y > table - h * 0.15 && y < table - h * 0.1),
    hex("#3d5f9a"),
    0.85,
  );
  fillPoly(img, ellipse(vx - w * 0.05, table - h * 0.17, w * 0.015, h * 0.05), hex("#ffffff"), 0.6);
  for (let i = 0; i < 5; i++)
    fillPoly(
      img,
      ellipse(rng.range(0.3, 0.85) * w, table + rng.range(0.03, 0.2) * h, 14 * u, 5 * u, rng.range(0, 3)),
      hex("#e9b62c"),
    );
  return img;
}

/**
 * Four photographs of one painting, as the listing describes: the whole
 * canvas, two details (brushwork grows with the zoom) and the painting framed
 * on the wall at the charity auction.
 */
function sunflowersMartinHouse(view: "painting" | "heads" | "flower" | "framed"): Render {
  return (w, h, rng) => {
    const angle = defaultAngle(new Noise(rng.int(0, 1e9)), 3);
    if (view === "painting") return paintOil(sunflowerStillLife(w, h), rng, { radii: [14, 7, 3.5], angle });
    if (view === "heads")
      return paintOil(crop(sunflowerStillLife(w * 2, h * 2), Math.round(w * 0.6), Math.round(h * 0.1), w, h), rng, {
        radii: [28, 14, 7],
        impasto: 5,
        angle,
      });
    if (view === "flower")
      return paintOil(crop(sunflowerStillLife(w * 3, h * 3), Math.round(w * 1.15), 0, w, h), rng, {
        radii: [40, 20, 10],
        impasto: 7,
        angle,
      });
    const painting = paintOil(sunflowerStillLife(Math.round(w * 0.52), Math.round(h * 0.52)), rng, {
      radii: [7.5, 3.8, 2],
      impasto: 1.6,
      angle,
    });
    const framed = frameArtwork(
      painting,
      { colour: hex("#b48a3c"), width: Math.round(w * 0.045), depth: Math.round(w * 0.014), wall: hex("#e8e0cc") },
      new Noise(rng.int(0, 1e9)),
    );
    return hangOnWall(framed, w, h, rng);
  };
}

// --- The artist at work ---------------------------------------------------------------

function artistPortrait(): Render {
  return (w, h, rng) => {
    const noise = new Noise(rng.int(0, 1e9));
    const img = new Img(w, h);
    img.fill((x, y) =>
      mix(
        mix(hex("#b3a58e"), hex("#6f6354"), smoothstep(w * 0.2, w, x)),
        hex("#9a8c78"),
        noise.fbm(x * 0.005, y * 0.005) * 0.4,
      ),
    );
    const floor = h * 0.78;
    // The window: sky and a garden tree beyond painted glazing bars.
    const wx = w * 0.06;
    const wy = h * 0.08;
    const ww = w * 0.34;
    const wh = h * 0.52;
    fillPoly(
      img,
      [
        [wx + ww, wy + wh * 0.1],
        [w * 0.95, floor - h * 0.25],
        [w * 0.95, floor],
        [wx + ww, wy + wh],
      ],
      hex("#e8d6b0"),
      0.35,
    );
    fillPoly(img, rect(wx - 14, wy - 14, ww + 28, wh + 28), hex("#e9e3d4"));
    fillPoly(img, rect(wx, wy, ww, wh), (_, y) => mix(hex("#cfe0ea"), hex("#f8f5ea"), (y - wy) / wh));
    tree(
      img,
      rng,
      wx + ww * 0.6,
      wy + wh * 1.1,
      wh * 0.7,
      ww * 0.9,
      hazeTree(
        { shadow: hex("#4f6a3a"), mid: hex("#7f9a56"), light: hex("#c2d08a"), trunk: hex("#5a5048") },
        hex("#e8efe8"),
        0.4,
      ),
    );
    fillPoly(img, rect(wx + ww / 2 - 5, wy, 10, wh), hex("#efe9dc"));
    fillPoly(img, rect(wx, wy + wh * 0.45 - 5, ww, 10), hex("#efe9dc"));
    fillPoly(img, rect(wx - 24, wy + wh + 10, ww + 48, 18), hex("#f4efe2"));
    fillPoly(
      img,
      groundBelow(w, h, () => floor),
      (x, y) => mix(hex("#7a5a3c"), hex("#4e3826"), smoothstep(floor, h, y) * 0.5 + smoothstep(0, w, x) * 0.4),
    );
    for (let i = 0; i < 9; i++) {
      const x = -w * 0.5 + i * w * 0.22;
      strokeLine(
        img,
        [
          [w * 0.35 + (x - w * 0.35) * 0.3, floor],
          [x, h],
        ],
        1.2,
        2,
        hex("#3b2a1c"),
        0.7,
      );
    }
    fillPoly(
      img,
      [
        [wx, floor + h * 0.02],
        [wx + ww, floor + h * 0.02],
        [wx + ww + w * 0.3, h],
        [wx + w * 0.1, h],
      ],
      hex("#e6c894"),
      0.35,
    );
    // Easel and the canvas in progress, turned towards the window light.
    const easel = hex("#6b4a2e");
    strokeLine(
      img,
      [
        [w * 0.7, floor + h * 0.1],
        [w * 0.8, h * 0.18],
      ],
      7,
      5,
      easel,
    );
    strokeLine(
      img,
      [
        [w * 0.92, floor + h * 0.08],
        [w * 0.81, h * 0.18],
      ],
      7,
      5,
      easel,
    );
    strokeLine(
      img,
      [
        [w * 0.86, floor + h * 0.05],
        [w * 0.82, h * 0.2],
      ],
      6,
      5,
      scale(easel, 0.8),
    );
    const canvasPts: Pt[] = [
      [w * 0.66, h * 0.26],
      [w * 0.9, h * 0.23],
      [w * 0.92, h * 0.58],
      [w * 0.67, h * 0.56],
    ];
    fillPoly(img, canvasPts, hex("#efe8d8"));
    fillPoly(
      img,
      [
        [w * 0.675, h * 0.275],
        [w * 0.89, h * 0.245],
        [w * 0.905, h * 0.43],
        [w * 0.68, h * 0.43],
      ],
      hex("#8fb5cf"),
    );
    fillPoly(
      img,
      [
        [w * 0.68, h * 0.43],
        [w * 0.905, h * 0.43],
        [w * 0.91, h * 0.565],
        [w * 0.68, h * 0.55],
      ],
      hex("#e0a23c"),
    );
    for (let i = 0; i < 14; i++)
      fillPoly(
        img,
        blob(rng, rng.range(0.69, 0.89) * w, rng.range(0.36, 0.52) * h, 14, 10, 0.4),
        rng.pick([hex("#c8602a"), hex("#6f8a34"), hex("#f0cf6e"), hex("#3e5a22")]),
        0.9,
      );
    strokeLine(
      img,
      [
        [w * 0.64, h * 0.58],
        [w * 0.94, h * 0.6],
      ],
      6,
      6,
      easel,
    );
    // The painter: back three-quarter view, lit from the window on the left.
    const fx = w * 0.48;
    const top = h * 0.19;
    for (const side of [-1, 1])
      strokeLine(
        img,
        [
          [fx + side * w * 0.04, h * 0.6],
          [fx + side * w * 0.05, floor + h * 0.06],
        ],
        w * 0.04,
        w * 0.032,
        hex("#2f3a52"),
      );
    const smock: Paint = (x) => mix(hex("#f2ead8"), hex("#8a8a92"), smoothstep(fx - w * 0.12, fx + w * 0.12, x));
    fillPoly(
      img,
      [
        [fx - w * 0.07, top + h * 0.07],
        [fx + w * 0.07, top + h * 0.07],
        [fx + w * 0.13, top + h * 0.14],
        [fx + w * 0.14, h * 0.62],
        [fx - w * 0.14, h * 0.62],
        [fx - w * 0.13, top + h * 0.14],
      ],
      smock,
    );
    strokeLine(
      img,
      curve([fx + w * 0.1, top + h * 0.13], [fx + w * 0.15, top + h * 0.24], [w * 0.66, h * 0.36]),
      w * 0.035,
      w * 0.025,
      smock,
    );
    fillPoly(img, ellipse(w * 0.665, h * 0.36, w * 0.018, w * 0.016), hex("#c98e68"));
    strokeLine(
      img,
      [
        [w * 0.66, h * 0.365],
        [w * 0.71, h * 0.345],
      ],
      2.5,
      1.5,
      hex("#5a3a24"),
    );
    strokeLine(
      img,
      curve([fx - w * 0.11, top + h * 0.14], [fx - w * 0.16, top + h * 0.28], [fx - w * 0.1, h * 0.46]),
      w * 0.035,
      w * 0.025,
      smock,
    );
    fillPoly(img, ellipse(fx - w * 0.13, h * 0.47, w * 0.1, w * 0.06, -0.3), hex("#b58d5c"));
    for (const c of ["#c8402a", "#f0cf6e", "#3f6fb0", "#f4f1e8", "#6f8a34"])
      fillPoly(img, ellipse(fx - w * 0.13 + rng.range(-40, 40), h * 0.47 + rng.range(-14, 10), 9, 6), hex(c));
    fillPoly(img, ellipse(fx + w * 0.035, top + h * 0.035, w * 0.03, w * 0.045), hex("#c98e68"));
    fillPoly(img, blob(rng, fx, top, w * 0.07, w * 0.085, 0.08), (x) =>
      mix(hex("#8a4a2a"), hex("#3a2016"), smoothstep(fx - w * 0.07, fx + w * 0.07, x)),
    );
    fillPoly(img, blob(rng, fx - w * 0.02, top - w * 0.08, w * 0.04, w * 0.035, 0.1), hex("#6a3420"));
    // A stool with jars of brushes catching the light.
    fillPoly(img, rect(w * 0.08, h * 0.66, w * 0.2, h * 0.025), hex("#5a3e28"));
    strokeLine(
      img,
      [
        [w * 0.1, h * 0.685],
        [w * 0.09, h * 0.86],
      ],
      5,
      5,
      hex("#4a3220"),
    );
    strokeLine(
      img,
      [
        [w * 0.26, h * 0.685],
        [w * 0.27, h * 0.86],
      ],
      5,
      5,
      hex("#4a3220"),
    );
    for (const [jx, c] of [
      [0.12, "#9fb1b0"],
      [0.19, "#b6a27a"],
    ] as const) {
      fillPoly(img, rect(w * jx, h * 0.6, w * 0.05, h * 0.06), hex(c));
      for (let k = 0; k < 4; k++)
        strokeLine(
          img,
          [
            [w * (jx + 0.01 + k * 0.01), h * 0.61],
            [w * (jx + k * 0.015 - 0.005), h * 0.52],
          ],
          2,
          1.2,
          hex("#3a2a1c"),
        );
    }
    return paintOil(img, rng, {
      radii: [14, 7, 3.5],
      ground: hex("#8a6244"),
      angle: defaultAngle(noise, 2.5, Math.PI / 2),
    });
  };
}

// ---------------------------------------------------------------------------
// Catalogue and main
// ---------------------------------------------------------------------------

interface ImageSpec {
  name: string;
  width: number;
  height: number;
  render: Render;
}

const LANDSCAPE = { width: 1200, height: 900 };
const PORTRAIT = { width: 900, height: 1200 };

const SPECS: readonly ImageSpec[] = [
  { name: "roundhay-park-autumn-1", ...LANDSCAPE, render: roundhayParkAutumn(1) },
  { name: "roundhay-park-autumn-2", ...LANDSCAPE, render: roundhayParkAutumn(2) },
  { name: "morning-light-headingley-1", ...LANDSCAPE, render: morningLightHeadingley() },
  { name: "tide-pools-whitby-1", ...LANDSCAPE, render: tidePoolsWhitby(1) },
  { name: "tide-pools-whitby-2", ...LANDSCAPE, render: tidePoolsWhitby(2) },
  { name: "tide-pools-whitby-3", ...LANDSCAPE, render: tidePoolsWhitby(3) },
  { name: "wild-poppies-1", ...LANDSCAPE, render: wildPoppies(1) },
  { name: "wild-poppies-2", ...PORTRAIT, render: wildPoppies(2) },
  { name: "kirkstall-abbey-mist-1", ...LANDSCAPE, render: kirkstallAbbeyMist() },
  { name: "robin-hoods-bay-boats-1", ...LANDSCAPE, render: robinHoodsBayBoats(1) },
  { name: "robin-hoods-bay-boats-2", ...LANDSCAPE, render: robinHoodsBayBoats(2) },
  { name: "paper-lanterns-relief-1", ...LANDSCAPE, render: paperLanternsRelief(1) },
  { name: "paper-lanterns-relief-2", ...LANDSCAPE, render: paperLanternsRelief(2) },
  { name: "coral-garden-1", ...LANDSCAPE, render: coralGarden() },
  { name: "yorkshire-dales-print-1", ...LANDSCAPE, render: yorkshireDalesPrint() },
  { name: "blue-hour-print-1", ...LANDSCAPE, render: blueHourPrint() },
  { name: "family-portrait-commission-1", ...PORTRAIT, render: familyPortraitCommission(1) },
  { name: "family-portrait-commission-2", ...LANDSCAPE, render: familyPortraitCommission(2) },
  { name: "pet-portrait-biscuit-1", ...PORTRAIT, render: petPortraitBiscuit() },
  { name: "sunflowers-martin-house-1", ...LANDSCAPE, render: sunflowersMartinHouse("painting") },
  { name: "sunflowers-martin-house-2", ...LANDSCAPE, render: sunflowersMartinHouse("heads") },
  { name: "sunflowers-martin-house-3", ...LANDSCAPE, render: sunflowersMartinHouse("flower") },
  { name: "sunflowers-martin-house-4", ...LANDSCAPE, render: sunflowersMartinHouse("framed") },
  { name: "artist-portrait", ...PORTRAIT, render: artistPortrait() },
];

/** Float RGB -> RGBA bytes -> JPEG; steps the quality down if a busy image would be too heavy. */
function encodeJpeg(img: Img): { data: Buffer; quality: number } {
  const rgba = Buffer.alloc(img.w * img.h * 4);
  const d = img.data;
  for (let i = 0, j = 0; i < img.w * img.h; i++, j += 3) {
    rgba[i * 4] = Math.round(clamp(d[j]!, 0, 1) * 255);
    rgba[i * 4 + 1] = Math.round(clamp(d[j + 1]!, 0, 1) * 255);
    rgba[i * 4 + 2] = Math.round(clamp(d[j + 2]!, 0, 1) * 255);
    rgba[i * 4 + 3] = 255;
  }
  let quality = 80;
  let jpeg = jpegJs.encode({ data: rgba, width: img.w, height: img.h }, quality);
  while (jpeg.data.length > 200 * 1024 && quality > 60) {
    quality -= 5;
    jpeg = jpegJs.encode({ data: rgba, width: img.w, height: img.h }, quality);
  }
  return { data: jpeg.data, quality };
}

interface RenderResult {
  name: string;
  bytes: number;
  quality: number;
  ms: number;
}

const OUT_DIR = join(dirname(fileURLToPath(import.meta.url)), "..", "seed", "images");

function renderToFile(spec: ImageSpec): RenderResult {
  const t0 = Date.now();
  const img = spec.render(spec.width, spec.height, new Random(hashString(spec.name)));
  const jpeg = encodeJpeg(img);
  writeFileSync(join(OUT_DIR, `${spec.name}.jpg`), jpeg.data);
  return { name: spec.name, bytes: jpeg.data.length, quality: jpeg.quality, ms: Date.now() - t0 };
}

/** Runs one worker thread that renders specs from the shared queue until it is empty. */
function runWorker(queue: ImageSpec[], onResult: (r: RenderResult) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url));
    const next = (): void => {
      const spec = queue.shift();
      if (spec) worker.postMessage(spec.name);
      else void worker.terminate().then(() => resolve());
    };
    worker.on("message", (result: RenderResult) => {
      onResult(result);
      next();
    });
    worker.on("error", reject);
    next();
  });
}

function workerMain(): void {
  parentPort?.on("message", (name: string) => {
    const spec = SPECS.find((s) => s.name === name);
    if (!spec) throw new Error(`Unknown image ${name}`);
    parentPort?.postMessage(renderToFile(spec));
  });
}

async function main(): Promise<void> {
  mkdirSync(OUT_DIR, { recursive: true });
  // Optional name filters make iterating on one scene quick: `... generate-demo-images.ts poppies`.
  const filters = process.argv.slice(2);
  const queue = SPECS.filter((s) => filters.length === 0 || filters.some((f: string) => s.name.includes(f)));
  const started = Date.now();
  const results: RenderResult[] = [];
  const report = (r: RenderResult): void => {
    results.push(r);
    console.log(
      `${`${r.name}.jpg`.padEnd(36)} ${(r.bytes / 1024).toFixed(1).padStart(7)} KB  q${r.quality}  ${(r.ms / 1000).toFixed(1)} s`,
    );
  };
  // Every image is seeded by its own name, so rendering them in parallel changes nothing in the output.
  const threads = Math.min(availableParallelism(), queue.length);
  if (threads <= 1) queue.forEach((spec) => report(renderToFile(spec)));
  else await Promise.all(Array.from({ length: threads }, () => runWorker(queue, report)));
  const total = results.reduce((sum, r) => sum + r.bytes, 0);
  console.log(
    `${results.length} images, ${(total / 1024).toFixed(1)} KB total, ${((Date.now() - started) / 1000).toFixed(1)} s -> ${OUT_DIR}`,
  );
}

if (isMainThread) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
} else {
  workerMain();
}
