import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { iconSpriteModule, OUTPUT } from "../../scripts/generate-icon-sprite";

describe("the icon sprite", () => {
  it("is what `npm run icons` draws from the installed lucide-react (run it after an upgrade)", async () => {
    expect(await readFile(OUTPUT, "utf8")).toBe(await iconSpriteModule());
  });
});
