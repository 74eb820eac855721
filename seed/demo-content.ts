// Demo content for local development and the end-to-end tests: a believable collection over all six
// categories. Fixed ids make `npm run seed` idempotent; images live in seed/images/ and are uploaded
// to R2 under posts/{timestamp}_{file}, the same key shape real uploads use.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { NewArtwork } from "../app/artworks/schema";
import type { NewEvent } from "../app/events/schema";
import type { NewTestimonial } from "../app/testimonials/schema";
import type { NewCollector, NewSale } from "../app/sales/schema";
import type { Charity, Donation } from "../app/charities/schema";
import { copyKeyFor } from "../app/images/storage.server";
import { addDays } from "../app/ui/dates";
import { webpWidth } from "../app/images/bytes";
import { COPY_KINDS, type ImageCopies, type CopiesByImage, type CopyKind } from "../app/images/references";
import { SITE } from "~/ui/site";

type DemoArtwork = Omit<NewArtwork, "imageUrls"> & { images: string[] };

/** Upload timestamp shared by every demo image key. */
export const DEMO_IMAGE_TIMESTAMP = 1735689600000;
export const DEMO_IMAGE_DIR = fileURLToPath(new URL("./images", import.meta.url));

export function demoImageKey(file: string): string {
  return `posts/${DEMO_IMAGE_TIMESTAMP}_${file}`;
}

/** The copies the admin's browser would have made of each demo photograph, committed beside it. */
export const DEMO_COPIES_DIR = join(DEMO_IMAGE_DIR, "copies");

export function demoCopyFile(file: string, kind: CopyKind): string {
  return file.replace(/\.jpg$/, `.${kind}.webp`);
}

/** The copies of demo photographs that exist, stored under the keys uploads give them. */
export function demoImageCopies(files: string[]): CopiesByImage {
  const copiesOf = (file: string) => {
    const copies: ImageCopies = {};
    for (const kind of COPY_KINDS) {
      const path = join(DEMO_COPIES_DIR, demoCopyFile(file, kind));
      if (!existsSync(path)) continue;
      const width = webpWidth(readFileSync(path));
      if (!width) throw new Error(`${path} is not a WebP image: run \`npm run images:copies\`.`);
      copies[kind] = { key: copyKeyFor(demoImageKey(file), kind), width };
    }
    return copies;
  };
  return Object.fromEntries(files.map((file) => [demoImageKey(file), copiesOf(file)]));
}

const images = (slug: string, count: number) => Array.from({ length: count }, (_, i) => `${slug}-${i + 1}.jpg`);

export const DEMO_ARTWORKS: DemoArtwork[] = [
  {
    id: "demo-roundhay-autumn",
    title: "Roundhay Park in Autumn",
    description:
      "Late October light across the upper lake at Roundhay Park, painted wet-in-wet with a palette knife for the turning beeches. The surface is thick enough to catch the light from a window.",
    medium: "Oil on stretched canvas",
    categories: ["oil"],
    category: "oil",
    size: "50 x 40 cm",
    price: "450",
    available: "yes",
    createdAt: "2026-10-28T10:00:00.000Z",
    images: images("roundhay-park-autumn", 2),
  },
  {
    id: "demo-headingley-morning",
    title: "Morning Light over Headingley",
    description:
      "Terraced rooftops and chimney pots after a night shift, the sky just turning from grey to a pale lemon. One of the first paintings I ever sold.",
    medium: "Oil on linen board",
    categories: ["oil"],
    category: "oil",
    size: "40 x 30 cm",
    price: "380",
    available: "no",
    charityShare: { charityId: "demo-charity-little-lights", percent: 25 },
    createdAt: "2026-09-14T09:30:00.000Z",
    images: images("morning-light-headingley", 1),
  },
  {
    id: "demo-whitby-tide-pools",
    title: "Tide Pools at Whitby",
    description:
      "Rock pools below the abbey at low tide: turquoise water, dark weed and the odd flash of a crab. Three views of the same afternoon, including a close-up of the textured surface.",
    medium: "Acrylic on canvas",
    categories: ["acrylic"],
    category: "acrylic",
    size: "60 x 45 cm",
    price: "320",
    available: "yes",
    createdAt: "2026-08-30T14:00:00.000Z",
    images: images("tide-pools-whitby", 3),
  },
  {
    id: "demo-wild-poppies",
    title: "Wild Poppies",
    description:
      "A field edge near Harewood in June. The original is acrylic; signed giclée prints are also available on request.",
    medium: "Acrylic on canvas board",
    categories: ["acrylic", "artwork print"],
    category: "acrylic",
    size: "30 x 40 cm",
    price: "200-300",
    available: "yes",
    createdAt: "2026-07-19T11:00:00.000Z",
    images: images("wild-poppies", 2),
  },
  {
    id: "demo-kirkstall-mist",
    title: "Kirkstall Abbey in Mist",
    description:
      "The abbey ruins emerging from a winter mist off the river Aire, built up in soft granulating washes on cold-pressed paper.",
    medium: "Watercolour on cotton paper",
    categories: ["watercolor"],
    category: "watercolor",
    size: "A3 (42 x 29.7 cm)",
    price: "180",
    available: "yes",
    createdAt: "2026-06-02T16:45:00.000Z",
    images: images("kirkstall-abbey-mist", 1),
  },
  {
    id: "demo-robin-hoods-bay",
    title: "Boats at Robin Hood's Bay",
    description: "Small fishing boats pulled up on the slipway, painted quickly on a family holiday.",
    medium: "Watercolour and ink",
    categories: ["watercolor"],
    category: "watercolor",
    size: "36 x 26 cm",
    price: "160",
    available: "no",
    createdAt: "2026-05-11T08:15:00.000Z",
    images: images("robin-hoods-bay-boats", 2),
  },
  {
    id: "demo-paper-lanterns",
    title: "Paper Lanterns (Relief)",
    description:
      "Layered hand-cut paper and card, lit from behind so the lanterns glow. Mounted in a deep box frame ready to hang.",
    medium: "Cut paper relief in a box frame",
    categories: ["3d art"],
    category: "3d art",
    size: "35 x 35 x 6 cm",
    price: "Contact for pricing",
    available: "yes",
    createdAt: "2026-04-20T13:20:00.000Z",
    images: images("paper-lanterns-relief", 2),
  },
  {
    id: "demo-coral-garden",
    title: "Coral Garden",
    description: "Sculpted air-dry clay and acrylic on a wooden panel, inspired by a children's ward mural project.",
    medium: "Mixed media relief on panel",
    categories: ["3d art"],
    category: "3d art",
    size: "40 x 30 x 5 cm",
    price: "275",
    available: "yes",
    createdAt: "2026-03-08T10:10:00.000Z",
    images: images("coral-garden", 1),
  },
  {
    id: "demo-dales-print",
    title: "Yorkshire Dales, Limited Print",
    description: "Giclée print of the original oil, edition of 50, signed and numbered, on 310 gsm archival paper.",
    medium: "Giclée print",
    categories: ["artwork print"],
    category: "artwork print",
    size: "A4 (29.7 x 21 cm) and A3 (42 x 29.7 cm)",
    price: null,
    available: "yes",
    // A limited edition in two sizes, numbered separately.
    options: [
      { id: "dales-a4", label: "A4 giclée print", size: "29.7 × 21 cm", pricePence: 4500, edition: 50, sold: 38 },
      { id: "dales-a3", label: "A3 giclée print", size: "42 × 29.7 cm", pricePence: 6500, edition: 25, sold: 25 },
    ],
    charityShare: { charityId: "demo-charity-harbour-house", pence: 1000 },
    createdAt: "2026-02-14T12:00:00.000Z",
    images: images("yorkshire-dales-print", 1),
  },
  {
    id: "demo-blue-hour-print",
    title: "Blue Hour, Leeds",
    description: "The city skyline at dusk from Armley. Print of a watercolour, unframed, with a white border.",
    medium: "Giclée print of a watercolour",
    categories: ["artwork print", "watercolor"],
    category: "artwork print",
    size: "30 x 20 cm or 45 x 30 cm",
    price: null,
    available: "yes",
    // An open edition: printed to order, never sold out. The large print gives its own share.
    options: [
      { id: "blue-hour-small", label: "Small print", size: "30 × 20 cm", pricePence: 3500, edition: null, sold: 14 },
      {
        id: "blue-hour-large",
        label: "Large print",
        size: "45 × 30 cm",
        pricePence: 5500,
        edition: null,
        sold: 6,
        share: { pence: 1500 },
      },
    ],
    charityShare: { charityId: "demo-charity-little-lights", percent: 20 },
    createdAt: "2026-01-22T18:30:00.000Z",
    images: images("blue-hour-print", 1),
  },
  {
    id: "demo-family-commission",
    title: "Family Portrait Commission",
    description:
      "A commissioned portrait of a family of four, painted from several photographs. Commissions open: get in touch with your ideas.",
    medium: "Oil on canvas",
    categories: ["custom"],
    category: "custom",
    size: "60 x 80 cm",
    price: null,
    available: "no",
    createdAt: "2025-12-05T15:00:00.000Z",
    images: images("family-portrait-commission", 2),
  },
  {
    id: "demo-pet-portrait",
    title: "Pet Portrait: Biscuit",
    description: "A golden retriever called Biscuit. Pet portraits take around four weeks from photographs you send.",
    medium: "Acrylic on canvas",
    categories: ["custom"],
    category: "custom",
    size: "30 x 40 cm",
    price: "Contact for pricing",
    available: "yes",
    createdAt: "2025-11-18T09:00:00.000Z",
    images: images("pet-portrait-biscuit", 1),
  },
  {
    // An older post from the first version of the site: it has only `category`, no `categories`.
    id: "demo-sunflowers-legacy",
    title: "Sunflowers for Martin House",
    description:
      "Painted for a charity auction in aid of Martin House Children's Hospice. Four views: the finished painting, details and the painting in its frame.",
    medium: "Oil on canvas",
    categories: [],
    category: "oil",
    size: "70 x 50 cm",
    price: "650",
    available: "yes",
    createdAt: "2025-09-01T10:00:00.000Z",
    images: images("sunflowers-martin-house", 4),
  },
];

export function demoArtworks(): NewArtwork[] {
  return DEMO_ARTWORKS.map(({ images: files, ...artwork }) => ({
    ...artwork,
    imageUrls: files.map(demoImageKey),
    imageCopies: demoImageCopies(files),
  }));
}

/** One past event, one today, two upcoming, relative to `today` (YYYY-MM-DD). */
export function demoEvents(today: string): NewEvent[] {
  return [
    {
      id: "demo-event-open-studio",
      name: "Open Studio Weekend",
      description: "See work in progress, try a palette knife and have a cup of tea in the studio.",
      date: addDays(today, 12),
      location: "Chapel Allerton, Leeds",
      createdAt: "2026-10-01T09:00:00.000Z",
    },
    {
      id: "demo-event-charity-auction",
      name: "Charity Art Auction",
      description: "Six original paintings auctioned in aid of children's charities. All proceeds donated.",
      date: addDays(today, 45),
      location: "Leeds Town Hall",
      createdAt: "2026-10-02T09:00:00.000Z",
    },
    {
      id: "demo-event-market",
      name: "Christmas Makers Market",
      description: "Prints, cards and small originals at the market stall, today only.",
      date: today,
      location: "Kirkgate Market, Leeds",
      createdAt: "2026-10-03T09:00:00.000Z",
    },
    {
      id: "demo-event-exhibition",
      name: "Summer Exhibition: Yorkshire Light",
      description: "A group exhibition of Yorkshire landscape painters.",
      date: addDays(today, -40),
      location: null,
      createdAt: "2026-06-01T09:00:00.000Z",
    },
  ];
}

export const DEMO_TESTIMONIALS: NewTestimonial[] = [
  {
    id: "demo-testimonial-1",
    author: "Rachel W.",
    message:
      "The Roundhay painting looks even better in our living room than online. Beautifully packed and delivered within a week.",
    approved: true,
    createdAt: "2026-10-30T19:00:00.000Z",
  },
  {
    id: "demo-testimonial-2",
    author: "James & Priya",
    message:
      "We commissioned a family portrait for my parents' anniversary. She captured everyone perfectly; my mum cried.",
    approved: true,
    createdAt: "2026-08-12T20:00:00.000Z",
  },
  {
    id: "demo-testimonial-3",
    author: "Helen M.",
    message: "Lovely to know the money goes to children's charities. The print quality is superb.",
    approved: true,
    createdAt: "2026-05-03T10:00:00.000Z",
  },
  {
    id: "demo-testimonial-4",
    author: "Tom",
    message: "Our dog portrait is spot on, right down to the grey whiskers.",
    approved: true,
    createdAt: "2026-02-21T12:00:00.000Z",
  },
  {
    id: "demo-testimonial-5",
    author: "Sophie K.",
    message: "Saw the open studio and loved it. Can't wait for the next one!",
    approved: false,
    createdAt: "2026-11-10T08:00:00.000Z",
  },
  {
    id: "demo-testimonial-6",
    author: "A visitor",
    message: "Gorgeous colours in the watercolours.",
    approved: false,
    createdAt: "2026-11-15T08:00:00.000Z",
  },
];

export const DEMO_PORTRAIT = { file: "artist-portrait.jpg", key: SITE.portraitKey } as const;

/** The charities of the demo (made up: their numbers are only of the right form), the first the default. */
export const DEMO_CHARITIES: Charity[] = [
  {
    id: "demo-charity-little-lights",
    name: "Little Lights Children's Fund",
    number: "1012345",
    website: null,
    about: "Brightens a stay in hospital for children in West Yorkshire, and helps their families stay close.",
    isDefault: true,
    usualShare: { percent: 25 },
    createdAt: "2026-01-05T09:00:00.000Z",
    updatedAt: "2026-01-05T09:00:00.000Z",
  },
  {
    id: "demo-charity-harbour-house",
    name: "Harbour House Children's Hospice",
    number: "SC012345",
    website: null,
    about: "Care and short breaks for children with life-shortening conditions, and their families.",
    isDefault: false,
    usualShare: { pence: 1000 },
    createdAt: "2026-01-05T09:05:00.000Z",
    updatedAt: "2026-01-05T09:05:00.000Z",
  },
];

/** What the artist has given so far: part of what the Headingley sale pledged. */
export const DEMO_DONATIONS: Donation[] = [
  {
    id: "demo-donation-little-lights",
    charityId: "demo-charity-little-lights",
    amountPence: 9000,
    givenOn: "2026-10-15",
    reference: "LL-2026-014",
    createdAt: "2026-10-15T19:00:00.000Z",
  },
];

/** A collector of the demo: two purchases, an original and the last A3 print of the Dales edition. */
export const DEMO_COLLECTORS: NewCollector[] = [
  { id: "demo-collector-priya", name: "Priya Shah", email: "priya.shah@example.com", address: "12 Otley Road, Leeds" },
];

export const DEMO_SALES: NewSale[] = [
  {
    id: "demo-sale-headingley",
    artworkId: "demo-headingley-morning",
    artworkTitle: "Morning Light over Headingley",
    pricePence: 38000,
    soldOn: "2026-09-20",
    payment: "bank-transfer",
    shipping: "hand-delivered",
    note: "Delivered on the way home from a shift.",
    collectorId: "demo-collector-priya",
    charityId: "demo-charity-little-lights",
    charityShare: { percent: 25 },
    pledgePence: 9500,
    // Fixed, so a newcomer can open /certificate/DE5A-1E00-0000-0001 on a fresh demo.
    certificateNumber: "DE5A1E0000000001",
    createdAt: "2026-09-20T18:00:00.000Z",
  },
  {
    id: "demo-sale-dales-a3",
    artworkId: "demo-dales-print",
    artworkTitle: "Yorkshire Dales, Limited Print",
    optionId: "dales-a3",
    optionName: "A3 giclée print · 42 × 29.7 cm",
    editionNumber: 25,
    editionSize: 25,
    pricePence: 6500,
    soldOn: "2026-11-02",
    payment: "card",
    shipping: "post",
    collectorId: "demo-collector-priya",
    charityId: "demo-charity-harbour-house",
    charityShare: { pence: 1000 },
    pledgePence: 1000,
    certificateNumber: "DE5A1E0000000002",
    createdAt: "2026-11-02T11:00:00.000Z",
  },
];

/** How buyers pay the demo artist: what a quote's deposit or a reply's instructions say until she writes her own. */
export const DEMO_PAYMENT_INSTRUCTIONS =
  "Bank transfer to A. Okoye, sort code 00-00-00, account 00000000 (a demo account: set your own on the Sales page).";

/**
 * The demo's commission requests, as the form stores them: the message that carried each (its details above
 * the client's words), the pipeline's row, a reference photo (private in R2), and for the one under way a
 * progress photo and the client's private link.
 */
export const DEMO_COMMISSION_REQUESTS = [
  {
    message: {
      id: "demo-commission-biscuit",
      kind: "commission" as const,
      name: "Hannah Brooks",
      email: "hannah.brooks@example.com",
      status: "sent" as const,
      message: [
        "Subject: A pet",
        "Medium: Oil",
        "Size: 30 × 40 cm",
        "Budget: £250 to £400",
        "Wanted by: 2027-03-14",
        "Reference photos: 1 (in the Inbox, under Commissions)",
        "",
        "Our spaniel Biscuit turns ten in March. Could you paint him in the garden, ears flying? My favourite photo is attached.",
      ].join("\n"),
      createdAt: "2026-11-20T19:30:00.000Z",
    },
    commission: {
      id: "demo-commission-biscuit",
      subject: "pet" as const,
      medium: "Oil",
      size: "30 × 40 cm",
      budgetMinPence: 25_000,
      budgetMaxPence: 40_000,
      wantedBy: "2027-03-14",
      createdAt: "2026-11-20T19:30:00.000Z",
    },
    photo: { id: "demo-commission-photo-1", name: "biscuit-in-the-garden.jpg", file: "pet-portrait-biscuit-1.jpg" },
    progress: null,
  },
  {
    message: {
      id: "demo-commission-okafor",
      kind: "commission" as const,
      name: "Grace Okafor",
      email: "grace.okafor@example.com",
      status: "sent" as const,
      message: [
        "Subject: A person or a family",
        "Medium: Acrylic",
        "Size: 40 × 50 cm",
        "Budget: £400 to £600",
        "Wanted by: No date given",
        "Reference photos: 1 (in the Inbox, under Commissions)",
        "",
        "The four of us on the beach at Whitby last summer, for my parents' anniversary.",
      ].join("\n"),
      createdAt: "2026-10-02T18:10:00.000Z",
    },
    commission: {
      id: "demo-commission-okafor",
      subject: "people" as const,
      medium: "Acrylic",
      size: "40 × 50 cm",
      budgetMinPence: 40_000,
      budgetMaxPence: 60_000,
      wantedBy: null,
      stage: "in-progress" as const,
      quotePence: 48_000,
      depositPence: 12_000,
      expectedOn: "2026-12-18",
      // Fixed, so a newcomer can open /commissions/progress/DemoProgressLink… on a fresh demo.
      progressToken: "DemoProgressLinkOkafor000000000000000000",
      createdAt: "2026-10-02T18:10:00.000Z",
    },
    photo: { id: "demo-commission-photo-2", name: "whitby-beach.jpg", file: "family-portrait-commission-1.jpg" },
    progress: {
      id: "demo-progress-photo-1",
      file: "family-portrait-commission-2.jpg",
      caption: "The first layers: the sea and the four of you.",
      createdAt: "2026-11-18T17:45:00.000Z",
    },
  },
];
