import { describe, expect, it } from "vitest";
import { charityNumberOf } from "~/charities/number";
import { pledgeOf, saleShare, shareLine, shareOf, shareText } from "~/charities/share";

describe("a registered charity's number", () => {
  it.each([
    ["1012345", "1012345"],
    ["220949", "220949"],
    [" 1012345-1 ", "1012345-1"],
    ["sc 016092", "SC016092"],
    ["SC016092", "SC016092"],
    ["nic100002", "NIC100002"],
  ])("%j is %j", (typed, number) => expect(charityNumberOf(typed)).toBe(number));

  it.each(["", "12345", "12345678", "SC01609", "SC0160921", "NI100002", "NIC10002", "1012345-123", "CH1012345"])(
    "%j is none of the three forms",
    (typed) => expect(charityNumberOf(typed)).toBeNull(),
  );
});

describe("a share of a sale", () => {
  it.each([
    ["25%", { percent: 25 }],
    [" 100 % ", { percent: 100 }],
    ["£50", { pence: 5000 }],
    ["£12.50", { pence: 1250 }],
  ])("%j reads as %j", (typed, share) => expect(shareOf(typed)).toEqual(share));

  it.each(["0%", "101%", "12.5%", "50", "£0", "£", "half", "-5%"])("%j is refused", (typed) =>
    expect(shareOf(typed)).toBeNull(),
  );

  it("pledges its share of the price paid, rounded to the penny; a fixed amount never more than the price", () => {
    expect(pledgeOf({ percent: 25 }, 40000)).toBe(10000);
    expect(pledgeOf({ percent: 33 }, 4550)).toBe(1502);
    expect(pledgeOf({ pence: 5000 }, 40000)).toBe(5000);
    expect(pledgeOf({ pence: 5000 }, 3000)).toBe(3000);
  });

  it("reads as the page says it", () => {
    expect(shareText({ pence: 1250 })).toBe("£12.50");
    expect(shareLine({ percent: 25 }, { name: "Candlelighters", number: "1012345" })).toBe(
      "25% of this sale supports Candlelighters, registered charity 1012345",
    );
  });

  it("gives a print option's own share to the artwork's charity, and nothing without one", () => {
    const artwork = { charityId: "candlelighters", percent: 25 };
    expect(saleShare(artwork, undefined)).toEqual(artwork);
    expect(saleShare(artwork, { pence: 500 })).toEqual({ charityId: "candlelighters", pence: 500 });
    expect(saleShare(null, { pence: 500 })).toBeNull();
  });
});
