// /post/:id as whole requests through the Worker and the production build, against the real local D1:
// the page, its structured data, the 404 branch and the enquiry action (document POST and fetcher).
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/platform/db.server";
import { messages } from "~/messages/schema";
import { upsertArtworks } from "~/artworks/queries.server";
import { fetchApp, ORIGIN } from "./helpers";
import { freshClientIp } from "../support/addresses";

const database = db(env);
const SITE_URL = "https://art.example";

beforeAll(async () => {
  await upsertArtworks(database, [
    {
      id: "pt-harbour",
      title: "Harbour <at> Dusk",
      description: "Boats at rest.\nThe tide coming in.",
      medium: "Oil on canvas",
      categories: ["oil", "artwork print"],
      category: "oil",
      size: "50 x 40 cm",
      price: "450",
      imageUrls: ["posts/1_harbour-1.jpg", "posts/1_harbour-2.jpg"],
      available: "yes",
    },
    {
      id: "pt-sold",
      title: "Sold Meadow",
      description: "A meadow in June.",
      medium: "Watercolour",
      categories: [],
      // An older post: only the single `category`.
      category: "watercolor",
      size: "A3",
      price: "200-300",
      imageUrls: ["posts/1_meadow.jpg"],
      available: "no",
    },
    {
      id: "pt-noprice",
      title: "Quiet Corner",
      description: "Unpriced.",
      medium: "Acrylic",
      categories: ["acrylic"],
      category: "acrylic",
      size: "30 x 30 cm",
      price: null,
      imageUrls: [],
      available: "yes",
    },
  ]);
});

type LdOffer = { "@type": string; priceCurrency: string; price?: string; availability: string; url: string };
type LdArtwork = {
  "@type": string;
  name: string;
  image: string[];
  artMedium: string;
  width?: string;
  height?: string;
  creator: { "@type": string; name: string };
  offers: LdOffer;
};

function jsonLd(html: string): LdArtwork {
  const match = /<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/.exec(html);
  expect(match, "a JSON-LD script").toBeTruthy();
  return JSON.parse(match![1]!) as LdArtwork;
}

function enquire(id: string, fields: Record<string, string>, suffix = "?enquire=1"): Promise<Response> {
  return fetchApp(`/post/${id}${suffix}`, {
    method: "POST",
    headers: {
      Origin: ORIGIN,
      "Content-Type": "application/x-www-form-urlencoded",
      "CF-Connecting-IP": freshClientIp(),
    },
    body: new URLSearchParams(fields).toString(),
  });
}

function storedFrom(email: string) {
  return database.select().from(messages).where(eq(messages.email, email));
}

const VALID = {
  name: "Grace Hopper",
  email: "grace@example.com",
  address: "1 Park Row\nLeeds LS1 5AB",
  message: "Is this still available?",
};

describe("/post/:id", () => {
  it("renders an available artwork with its price, specifications, text and enquiry link", async () => {
    const response = await fetchApp("/post/pt-harbour");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Harbour &lt;at&gt; Dusk</h1>");
    expect(html).toContain("Available for Purchase");
    expect(html).not.toContain(">SOLD<");
    expect(html).toContain("£450");
    expect(html).toContain(">Dimensions</dt>");
    expect(html).toContain("50 x 40 cm");
    expect(html).toContain(">Medium</dt>");
    expect(html).toContain("Oil on canvas");
    expect(html).toContain(">Oil</a>");
    expect(html).toContain(">Artwork Print</a>");
    // Line breaks of the description are kept (rendered with white-space: pre-line).
    expect(html).toContain("Boats at rest.\nThe tide coming in.");
    expect(html).toContain("Shipping included within UK");
    expect(html).toContain("pounds sterling");
    expect(html).toContain("Royal Mail");
    expect(html).toContain(`© ${new Date().getFullYear()} Amara Okoye`);
    expect(html).toMatch(/<a[^>]*href="\/post\/pt-harbour\?enquire=1"[^>]*>.*Make Enquiry/);
    expect(html).toContain("Share</button>");
    // Both images, with alt text naming the artwork and the position.
    expect(html).toContain('src="/images/posts/1_harbour-1.jpg"');
    expect(html).toContain('alt="Harbour &lt;at&gt; Dusk, image 1 of 2"');
    // More than one image: index and navigation.
    expect(html).toContain("image-gallery-index");
    expect(html).toContain('aria-label="Next Slide"');
    expect(html).toContain("image-gallery-thumbnails-wrapper");
    // The enquiry dialog is not in the page until a visitor starts to enquire (its code loads then); the
    // link above still leads to the form without JavaScript.
    expect(html).not.toContain('class="modal');
  });

  it("gives title, description, canonical, Open Graph product tags and VisualArtwork JSON-LD", async () => {
    const response = await fetchApp("/post/pt-harbour");
    const html = await response.text();
    expect(html).toContain("<title>Harbour &lt;at&gt; Dusk | Amara Okoye Art</title>");
    expect(html).toContain('<meta name="description" content="Boats at rest. The tide coming in."/>');
    expect(html).toContain(`<link rel="canonical" href="${SITE_URL}/post/pt-harbour"/>`);
    expect(html).toContain(`<meta property="og:url" content="${SITE_URL}/post/pt-harbour"/>`);
    expect(html).toContain('<meta property="og:type" content="product"/>');
    expect(html).toContain(`<meta property="og:image" content="${SITE_URL}/images/posts/1_harbour-1.jpg"/>`);
    expect(html).toContain(`<meta name="twitter:image" content="${SITE_URL}/images/posts/1_harbour-1.jpg"/>`);

    // The inline script carries the CSP nonce and cannot be closed early by the title's "<".
    const nonce = /'nonce-([^']+)'/.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1];
    expect(html).toContain(`<script type="application/ld+json" nonce="${nonce}">`);
    expect(html).not.toContain('"name":"Harbour <at> Dusk"');
    expect(html).toContain("\\u003cat>");

    const ld = jsonLd(html);
    expect(ld["@type"]).toBe("VisualArtwork");
    expect(ld.name).toBe("Harbour <at> Dusk");
    expect(ld.image).toEqual([`${SITE_URL}/images/posts/1_harbour-1.jpg`, `${SITE_URL}/images/posts/1_harbour-2.jpg`]);
    expect(ld.artMedium).toBe("Oil on canvas");
    expect(ld.width).toBe("50 cm");
    expect(ld.height).toBe("40 cm");
    expect(ld.creator).toEqual({ "@type": "Person", name: "Amara Okoye" });
    expect(ld.offers).toMatchObject({
      "@type": "Offer",
      priceCurrency: "GBP",
      price: "450",
      availability: "https://schema.org/InStock",
      url: `${SITE_URL}/post/pt-harbour`,
    });
  });

  it("marks a sold legacy artwork SOLD, shows its single category and a one-image gallery without controls", async () => {
    const html = await (await fetchApp("/post/pt-sold")).text();
    expect(html).toContain(">SOLD</span>");
    expect(html).toMatch(/<span class="post__dot"[^>]*><\/span>Sold<\/p>/);
    expect(html).not.toContain("Available for Purchase");
    expect(html).toContain("£200–£300");
    expect(html).toContain(">Category</dt>");
    expect(html).toContain(">Watercolor</a>");
    expect(html).toContain('alt="Sold Meadow"');
    expect(html).not.toContain("image-gallery-index");
    expect(html).not.toContain('aria-label="Next Slide"');
    expect(html).not.toContain("image-gallery-thumbnails-wrapper");
    expect(html).not.toContain("image-gallery-bullets");
    expect(html).not.toContain("Open Fullscreen");
    // One image still opens full size: without JavaScript the link is the original itself.
    expect(html).toMatch(/<a href="[^"]+" class="post-gallery__zoom">.*View Sold Meadow full size<\/span><\/a>/);

    const ld = jsonLd(html);
    expect(ld.offers.availability).toBe("https://schema.org/SoldOut");
    expect(ld.offers.priceCurrency).toBe("GBP");
    // A range: the lower bound.
    expect(ld.offers.price).toBe("200");
  });

  it("shows 'Contact for pricing' without a price and 'Image not available' without images", async () => {
    const html = await (await fetchApp("/post/pt-noprice")).text();
    expect(html).toContain("Contact for pricing");
    expect(html).toContain("Image not available");
    const ld = jsonLd(html);
    expect(ld.offers.price).toBeUndefined();
    expect(ld.offers.priceCurrency).toBe("GBP");
    expect(html).not.toContain('property="og:image"');
  });

  it("answers an unknown id with 404, 'Artwork not found' and a way back to the gallery", async () => {
    const response = await fetchApp("/post/no-such-artwork");
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("Artwork not found");
    expect(html).toMatch(/<a[^>]*href="\/gallery"[^>]*>.*Return to Gallery/);
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    // The page's own branch inside the layout, not the root error boundary.
    expect(html).not.toContain("Something went wrong");
    expect(html).toContain("Artist • Creator • Designer");
  });

  it("renders the enquiry modal open with ?enquire=1, titled with the artwork, all four fields required", async () => {
    const html = await (await fetchApp("/post/pt-harbour?enquire=1")).text();
    expect(html).toMatch(/<div class="modal">/);
    const dialog = /<div[^>]*role="dialog"[^>]*>/.exec(html)?.[0] ?? "";
    expect(dialog).toContain('aria-modal="true"');
    const labelledBy = /aria-labelledby="([^"]+)"/.exec(dialog)?.[1];
    expect(html).toContain(`id="${labelledBy}" class="modal__title">Harbour &lt;at&gt; Dusk</h2>`);
    expect(html).toMatch(/<form[^>]*method="post"[^>]*action="\/post\/pt-harbour\?enquire=1"/);
    for (const label of ["Full Name", "Email Address", "Address", "Message"]) expect(html).toContain(label);
    expect(html).toMatch(/<input[^>]*name="name"[^>]*required/);
    expect(html).toMatch(/<input[^>]*name="email"[^>]*type="email"|<input[^>]*type="email"[^>]*name="email"/);
    expect(html).toMatch(/<textarea[^>]*name="address"[^>]*required/);
    expect(html).toMatch(/<textarea[^>]*name="message"[^>]*required/);
    expect(html).toContain(">Send Enquiry</button>");
    // Without JavaScript, Cancel is a link back to the page.
    expect(html).toMatch(/<a href="\/post\/pt-harbour" class="button button--ghost">Cancel<\/a>/);
  });
});

describe("enquiry action", () => {
  it("stores a valid enquiry with the artwork's title, and shows 'Enquiry Sent!' without JavaScript", async () => {
    const response = await enquire("pt-harbour", VALID);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Enquiry Sent!");
    expect(html).not.toContain("Is this still available?</textarea>");

    const rows = await storedFrom("grace@example.com");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: "enquiry",
      // Stored first; delivery through MailChannels runs after the response.
      status: expect.stringMatching(/^(pending|sending|sent)$/),
      artworkId: "pt-harbour",
      artworkTitle: "Harbour <at> Dusk",
      name: "Grace Hopper",
      address: "1 Park Row\nLeeds LS1 5AB",
      message: "Is this still available?",
    });
  });

  it("answers the fetcher's data request with 200 and ok", async () => {
    const response = await enquire("pt-sold", { ...VALID, email: "fetcher@example.com" }, ".data?enquire=1");
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body).toContain('"ok"');
    expect(body).not.toContain("formError");
    expect(await storedFrom("fetcher@example.com")).toHaveLength(1);
  });

  it("rejects an invalid e-mail address with 400, the field's message, everything typed kept, nothing stored", async () => {
    const response = await enquire("pt-harbour", { ...VALID, email: "grace@nowhere", message: "Keep <this> text" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Please enter a valid email address, like name@example.com.");
    expect(html).toMatch(/<input[^>]*name="name"[^>]*value="Grace Hopper"/);
    expect(html).toMatch(/<input[^>]*name="email"[^>]*value="grace@nowhere"/);
    expect(html).toMatch(
      /<input[^>]*aria-invalid="true"[^>]*name="email"|<input[^>]*name="email"[^>]*aria-invalid="true"/,
    );
    expect(html).toMatch(/<textarea[^>]*name="address"[^>]*>1 Park Row\nLeeds LS1 5AB<\/textarea>/);
    expect(html).toMatch(/<textarea[^>]*name="message"[^>]*>Keep &lt;this&gt; text<\/textarea>/);
    expect(html).not.toContain("Enquiry Sent!");
    // The modal stays open so the visitor sees the message.
    expect(html).toMatch(/<div class="modal">/);
    expect(await storedFrom("grace@nowhere")).toHaveLength(0);

    const data = await enquire("pt-harbour", { ...VALID, email: "grace@nowhere" }, ".data?enquire=1");
    expect(data.status).toBe(400);
    const body = await data.text();
    expect(body).toContain("Please enter a valid email address");
    expect(body).toContain("grace@nowhere");
  });

  it("rejects missing or blank fields with 400 and a message for each", async () => {
    const before = await database.select().from(messages);
    const cases: Record<string, string>[] = [{}, { name: " ", email: "", address: "\n", message: "  " }];
    for (const fields of cases) {
      const response = await enquire("pt-harbour", fields);
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(html).toContain("Please enter your full name.");
      expect(html).toContain("Please enter your email address.");
      expect(html).toContain("Please enter your address.");
      expect(html).toContain("Please enter a message.");
    }
    expect(await database.select().from(messages)).toHaveLength(before.length);
  });

  it("answers an enquiry about an unknown artwork with 404 and stores nothing", async () => {
    const response = await enquire("no-such-artwork", { ...VALID, email: "ghost@example.com" });
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Artwork not found");
    const data = await enquire("no-such-artwork", { ...VALID, email: "ghost@example.com" }, ".data");
    expect(data.status).toBe(404);
    expect(await storedFrom("ghost@example.com")).toHaveLength(0);
  });

  it("says the enquiry could not be sent, with 503 and the values kept, when it cannot be stored", async () => {
    await env.DB.exec("ALTER TABLE messages RENAME TO messages_unavailable");
    try {
      const response = await enquire("pt-harbour", { ...VALID, email: "unlucky@example.com", message: "Lost words" });
      expect(response.status).toBe(503);
      const html = await response.text();
      expect(html).toContain("Sorry, your enquiry could not be sent. Please try again.");
      expect(html).toMatch(/<input[^>]*name="email"[^>]*value="unlucky@example.com"/);
      expect(html).toMatch(/<textarea[^>]*name="message"[^>]*>Lost words<\/textarea>/);
      expect(html).not.toContain("Enquiry Sent!");
    } finally {
      await env.DB.exec("ALTER TABLE messages_unavailable RENAME TO messages");
    }
    expect(await storedFrom("unlucky@example.com")).toHaveLength(0);
  });

  it("refuses an enquiry posted from another site", async () => {
    const response = await fetchApp("/post/pt-harbour?enquire=1", {
      method: "POST",
      headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ ...VALID, email: "evil@example.com" }).toString(),
    });
    expect(response.status).toBe(403);
    expect(await storedFrom("evil@example.com")).toHaveLength(0);
  });
});
