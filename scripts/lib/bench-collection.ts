// The large collection `npm run bench` measures against: 500 artworks over every category (each
// showing demo photographs with their 480 px thumbnails; the prints with two options), a print with 12
// options (one of its prints sold, with a certificate), 50 events and 200 testimonials, on top of
// the demo content that `seed()` has already stored (the photographs themselves are in R2 once).
import { db } from "../../app/platform/db.server";
import type { NewEvent } from "../../app/events/schema";
import type { NewArtwork } from "../../app/artworks/schema";
import type { NewTestimonial } from "../../app/testimonials/schema";
import { CATEGORIES } from "../../app/artworks/categories";
import { OPTIONS_MAX, optionName, type ArtworkOption } from "../../app/artworks/options";
import { addDays, todayIn } from "../../app/ui/dates";
import { upsertEvents } from "../../app/events/queries.server";
import { upsertArtworks } from "../../app/artworks/queries.server";
import { upsertTestimonials } from "../../app/testimonials/queries.server";
import { upsertSales } from "../../app/sales/queries.server";
import type { NewSale } from "../../app/sales/schema";
import { withLocalEnv } from "./local-env";
import { DEMO_ARTWORKS, demoImageKey, demoImageCopies } from "../../seed/demo-content";

export const BENCH_COLLECTION = { artworks: 500, events: 50, testimonials: 200 } as const;

export function benchArtworks(count: number): NewArtwork[] {
  const photographs = DEMO_ARTWORKS.flatMap((artwork) => artwork.images);
  const start = Date.parse("2024-01-01T09:00:00.000Z");
  return Array.from({ length: count }, (_, i) => {
    const files = [photographs[i % photographs.length]!, photographs[(i + 7) % photographs.length]!];
    const category = CATEGORIES[i % CATEGORIES.length]!;
    return {
      id: `bench-${String(i).padStart(3, "0")}`,
      title: `Study ${i + 1}: light over the Dales`,
      description:
        "A bench artwork with a description of typical length: the brushwork, the light of a Yorkshire morning, " +
        "and what the painting was made for. Framed in natural oak and ready to hang.",
      medium: "Oil on canvas",
      categories: [category],
      category,
      size: "40 x 30 cm",
      price: i % 3 === 0 ? null : String(150 + (i % 20) * 25),
      available: i % 5 === 0 ? "no" : "yes",
      // Prints come in sizes: a limited A4 and an open A3 (the shop cards' "from £…" is read for them).
      ...(category === "artwork print" ? { price: null, available: "yes" as const, options: benchOptions(2) } : {}),
      imageUrls: files.map(demoImageKey),
      imageCopies: demoImageCopies(files),
      createdAt: new Date(start + i * 3_600_000).toISOString(),
    };
  });
}

/** `count` options of a print, A-sizes and editions alternating limited and open, some sold out. */
function benchOptions(count: number): ArtworkOption[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `size-${i}`,
    label: `${["A5", "A4", "A3", "A2"][i % 4]} giclée print${i >= 4 ? ` on ${["cotton rag", "matte", "satin"][i % 3]}` : ""}`,
    size: `${21 + i * 3} × ${15 + i * 2} cm`,
    pricePence: 2500 + i * 1500,
    edition: i % 2 === 0 ? 50 : null,
    sold: i % 6 === 0 ? 50 : i * 3,
  }));
}

/** The print with the most options the site takes (12): its page is measured as the heaviest artwork page. */
export const BENCH_PRINT: NewArtwork = {
  id: "bench-print-12",
  title: "The Dales in Twelve Sizes",
  description: "A giclée print of the original oil, in every size and paper the studio prints.",
  medium: "Giclée print",
  categories: ["artwork print"],
  category: "artwork print",
  size: "From A5 to A2",
  price: null,
  available: "yes",
  options: benchOptions(OPTIONS_MAX),
  imageUrls: [demoImageKey(DEMO_ARTWORKS[0]!.images[0]!)],
  imageCopies: demoImageCopies([DEMO_ARTWORKS[0]!.images[0]!]),
  createdAt: "2023-06-01T09:00:00.000Z",
};

/** A print of the 12-option artwork, sold: its certificate's page and PDF are measured. */
export const BENCH_SALE = {
  id: "bench-sale",
  artworkId: BENCH_PRINT.id,
  artworkTitle: BENCH_PRINT.title,
  optionId: BENCH_PRINT.options![0]!.id,
  optionName: optionName(BENCH_PRINT.options![0]!),
  editionNumber: 1,
  editionSize: BENCH_PRINT.options![0]!.edition,
  pricePence: BENCH_PRINT.options![0]!.pricePence,
  soldOn: "2026-11-01",
  certificateNumber: "BE4C00000000C001",
  createdAt: "2026-11-01T10:00:00.000Z",
} satisfies NewSale;

function benchEvents(count: number, today: string): NewEvent[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `bench-event-${i}`,
    name: `Open studio ${i + 1}`,
    description: "Paintings on show and for sale, with proceeds to children's charities in Leeds.",
    date: addDays(today, i - Math.floor(count / 2)),
    location: "Leeds Central Library",
  }));
}

function benchTestimonials(count: number): NewTestimonial[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `bench-testimonial-${i}`,
    author: `Collector ${i + 1}`,
    message: "The painting arrived beautifully packed and looks even better on our wall than it did online.",
    approved: i % 4 !== 0,
  }));
}

export async function seedBenchCollection(persistTo: string): Promise<void> {
  await withLocalEnv(persistTo, async (env) => {
    const database = db(env);
    await upsertArtworks(database, [...benchArtworks(BENCH_COLLECTION.artworks), BENCH_PRINT]);
    await upsertSales(database, [], [BENCH_SALE]);
    // Small chunks: D1 binds at most 100 parameters a statement.
    const events = benchEvents(BENCH_COLLECTION.events, todayIn());
    for (let i = 0; i < events.length; i += 10) await upsertEvents(database, events.slice(i, i + 10));
    const testimonials = benchTestimonials(BENCH_COLLECTION.testimonials);
    for (let i = 0; i < testimonials.length; i += 15) await upsertTestimonials(database, testimonials.slice(i, i + 15));
  });
}
