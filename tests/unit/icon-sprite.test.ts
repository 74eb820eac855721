import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { iconSprite, NAMES, SPRITE } from "../../scripts/generate-icon-sprite";

describe("the icon sprite", () => {
  it("is what `npm run icons` draws from the installed lucide-react (run it after an upgrade)", async () => {
    const { sprite, names } = await iconSprite();
    expect(await readFile(SPRITE, "utf8")).toBe(sprite);
    expect(await readFile(NAMES, "utf8")).toBe(names);
  });
});
