import { describe, expect, it } from "vitest";
import { artworkJsonLd, dimensionsOf, priceAmount, scriptJson } from "~/artworks/jsonld";
import { pageImage, type ArtworkView } from "~/artworks/view";
import { SITE } from "~/ui/site";

const PAGE_URL = "https://art.example/post/abc";

const artwork: ArtworkView = {
  id: "abc",
  title: "Morning Light",
  description: "Sun over the dales.",
  medium: "Oil on canvas",
  size: "50 x 40 cm",
  year: null,
  price: "200-300",
  priceText: "£200–£300",
  conversion: null,
  charityLine: null,
  ratesNote: null,
  available: "yes",
  reservedUntil: null,
  options: [],
  categories: ["oil", "custom"],
  images: ["posts/1700_morning light.jpg", "https://legacy.example/a.jpg"].map((stored) => pageImage(stored, {})),
};

describe("priceAmount", () => {
  it("reads single prices and ranges, with or without the pound sign", () => {
    expect(priceAmount("150")).toEqual({ price: "150" });
    expect(priceAmount(" £99.50 ")).toEqual({ price: "99.50" });
    expect(priceAmount("200-300")).toEqual({ price: "200", max: "300" });
    expect(priceAmount("£200 – £300")).toEqual({ price: "200", max: "300" });
  });

  it("gives no amount for text or an empty price", () => {
    expect(priceAmount("Contact for pricing")).toBeNull();
    expect(priceAmount("")).toBeNull();
    expect(priceAmount(null)).toBeNull();
  });
});

describe("dimensionsOf", () => {
  it("reads width and height, and depth when given", () => {
    expect(dimensionsOf("50 x 40 cm")).toEqual({ width: "50 cm", height: "40 cm" });
    expect(dimensionsOf("A3 (42 x 29.7 cm)")).toEqual({ width: "42 cm", height: "29.7 cm" });
    expect(dimensionsOf("30×20×5 mm")).toEqual({ width: "30 mm", height: "20 mm", depth: "5 mm" });
  });

  it("writes inches as in", () => {
    expect(dimensionsOf('16 x 20"')).toEqual({ width: "16 in", height: "20 in" });
    expect(dimensionsOf("16 x 20 inches")).toEqual({ width: "16 in", height: "20 in" });
  });

  it("gives nothing without a unit or two numbers", () => {
    expect(dimensionsOf("50 x 40")).toBeNull();
    expect(dimensionsOf("Large")).toBeNull();
    expect(dimensionsOf("50 x 40 cmyk")).toBeNull();
  });
});

describe("artworkJsonLd", () => {
  it("describes an available piece with absolute images, dimensions and a price range", () => {
    expect(artworkJsonLd(artwork, PAGE_URL)).toEqual({
      "@context": "https://schema.org",
      "@type": "VisualArtwork",
      name: "Morning Light",
      url: PAGE_URL,
      image: ["https://art.example/images/posts/1700_morning%20light.jpg", "https://legacy.example/a.jpg"],
      description: "Sun over the dales.",
      artMedium: "Oil on canvas",
      artform: "Oil, Custom",
      size: "50 x 40 cm",
      width: "50 cm",
      height: "40 cm",
      creator: { "@type": "Person", name: SITE.artistName },
      offers: {
        "@type": "Offer",
        priceCurrency: "GBP",
        price: "200",
        priceSpecification: {
          "@type": "PriceSpecification",
          priceCurrency: "GBP",
          minPrice: "200",
          maxPrice: "300",
        },
        availability: "https://schema.org/InStock",
        url: PAGE_URL,
      },
    });
  });

  it("marks a sold piece SoldOut and leaves out what it cannot read", () => {
    const ld = artworkJsonLd(
      { ...artwork, available: "no", price: "Contact for pricing", size: "Large", categories: [] },
      PAGE_URL,
    );
    expect(ld.offers).toEqual({
      "@type": "Offer",
      priceCurrency: "GBP",
      availability: "https://schema.org/SoldOut",
      url: PAGE_URL,
    });
    expect(ld.artform).toBeUndefined();
    expect(ld).not.toHaveProperty("width");
    expect(ld).not.toHaveProperty("height");
  });
});

describe("scriptJson", () => {
  it("escapes < so the JSON cannot close its script element", () => {
    const text = scriptJson({ name: "</script><script>alert(1)</script>" });
    expect(text).not.toContain("<");
    expect(text).toBe('{"name":"\\u003c/script>\\u003cscript>alert(1)\\u003c/script>"}');
    expect(JSON.parse(text)).toEqual({ name: "</script><script>alert(1)</script>" });
  });
});
