import { describe, expect, it } from "vitest";
import { editionText, nextEditionNumber, printSold } from "~/sales/editions";

describe("the next print number of a limited edition", () => {
  it("follows the prints counted sold before their sales were recorded", () => {
    expect(nextEditionNumber({ edition: 50, sold: 38 }, [])).toBe(39);
    expect(nextEditionNumber({ edition: 50, sold: 40 }, [39, 40])).toBe(41);
    expect(nextEditionNumber({ edition: 50, sold: 0 }, [])).toBe(1);
  });

  it("skips numbers given by hand, and comes back to a lower free one when the top is used", () => {
    expect(nextEditionNumber({ edition: 50, sold: 2 }, [1, 3])).toBe(2);
    expect(nextEditionNumber({ edition: 5, sold: 2 }, [4, 5])).toBe(1);
    expect(nextEditionNumber({ edition: 3, sold: 3 }, [1, 2, 3])).toBeNull();
  });

  it("is none for an open edition", () => {
    expect(nextEditionNumber({ edition: null, sold: 10 }, [])).toBeNull();
  });

  it("reads as a certificate writes it", () => {
    expect(editionText(7, 50)).toBe("7/50");
    expect(printSold({ optionName: "A4 print · 29.7 × 21 cm", editionNumber: 7, editionSize: 50 })).toBe(
      "A4 print · 29.7 × 21 cm · 7/50",
    );
    expect(printSold({ optionName: "Card", editionNumber: null, editionSize: null })).toBe("Card");
    expect(printSold({ optionName: null, editionNumber: null, editionSize: null })).toBe("");
  });
});
