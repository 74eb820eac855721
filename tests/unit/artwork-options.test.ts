import { describe, expect, it } from "vitest";
import { availabilityOf, stockText } from "~/artworks/options";
import { changeRows, parseChange } from "~/forms/row-changes";
import { priceText } from "~/artworks/price";
import { formatPence, penceOf } from "~/ui/money";

describe("prices in pence", () => {
  it("reads pounds as the artist types them, and nothing else", () => {
    expect(penceOf("45")).toBe(4500);
    expect(penceOf(" £45.5 ")).toBe(4550);
    expect(penceOf("£ 1,200.05")).toBe(120005);
    for (const typed of ["", "forty", "45.555", "-5", "1,20", "£", "4 5"]) expect(penceOf(typed)).toBeNull();
  });

  it("writes them as the site shows prices, and a card's range", () => {
    expect(formatPence(4500)).toBe("£45");
    expect(formatPence(120005)).toBe("£1,200.05");
    expect(priceText("450", [])).toBe("£450");
    expect(priceText(null, [])).toBe("Contact for pricing");
    expect(priceText("450", [6500, 3500])).toBe("from £35");
    expect(priceText(null, [4500, 4500])).toBe("£45");
  });
});

describe("what is left", () => {
  it("says it as the artwork page does, and sells the artwork out only with its last option", () => {
    expect(stockText({ edition: 50, sold: 38 })).toBe("12 of 50 left");
    expect(stockText({ edition: 25, sold: 25 })).toBe("Sold out");
    expect(stockText({ edition: null, sold: 900 })).toBe("Open edition");
    const option = { id: "a", label: "A4", size: "", pricePence: 1 };
    expect(availabilityOf([], "no")).toBe("no");
    expect(
      availabilityOf(
        [
          { ...option, edition: 1, sold: 1 },
          { ...option, edition: null, sold: 3 },
        ],
        "no",
      ),
    ).toBe("yes");
    expect(availabilityOf([{ ...option, edition: 1, sold: 1 }], "yes")).toBe("no");
  });
});

describe("option rows", () => {
  const blank = () => "new";
  it("adds, moves and removes rows, and ignores a move past either end", () => {
    expect(changeRows(["a", "b"], { kind: "add" }, blank)).toEqual(["a", "b", "new"]);
    expect(changeRows(["a", "b", "c"], { kind: "up", row: 2 }, blank)).toEqual(["a", "c", "b"]);
    expect(changeRows(["a", "b", "c"], { kind: "down", row: 0 }, blank)).toEqual(["b", "a", "c"]);
    expect(changeRows(["a", "b", "c"], { kind: "remove", row: 1 }, blank)).toEqual(["a", "c"]);
    const rows = ["a", "b"];
    expect(changeRows(rows, { kind: "up", row: 0 }, blank)).toBe(rows);
    expect(changeRows(rows, { kind: "down", row: 1 }, blank)).toBe(rows);
    expect(changeRows(rows, { kind: "remove", row: 5 }, blank)).toBe(rows);
  });

  it("reads only the changes its buttons send", () => {
    expect(parseChange("options:add")).toEqual({ group: "options", change: { kind: "add" } });
    expect(parseChange("prices:up:3")).toEqual({ group: "prices", change: { kind: "up", row: 3 } });
    for (const value of [
      null,
      "",
      "add",
      "up:3",
      "options:up",
      "options:up:-1",
      "options:sideways:1",
      "options:remove:1e3",
      "options:down:1000",
      "__proto__:add:1",
    ]) {
      expect(parseChange(value)).toBeNull();
    }
  });
});
