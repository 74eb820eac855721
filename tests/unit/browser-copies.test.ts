import { afterEach, describe, expect, it, vi } from "vitest";
import { makeImageCopies } from "~/images/browser-copies";

/** A browser's canvas and bitmap, counting how often an image is decoded. */
function fakeBrowser() {
  const decoded = vi.fn(async (file: File) => ({ width: 3000, height: 2000, close: () => {}, file }));
  vi.stubGlobal("createImageBitmap", decoded);
  vi.stubGlobal("document", {
    createElement: () => ({
      width: 0,
      height: 0,
      getContext: () => ({ drawImage: () => {} }),
      toBlob(done: (blob: Blob) => void, type: string) {
        done(new Blob([`${this.width}x${this.height}`], { type }));
      },
    }),
  });
  return decoded;
}

afterEach(() => vi.unstubAllGlobals());

describe("the copies the browser makes of a chosen image", () => {
  it("are made once per file, so sending the form again after a refusal does not encode it again", async () => {
    const decoded = fakeBrowser();
    const poppies = new File(["jpeg"], "poppies.jpg", { type: "image/jpeg" });
    const first = await makeImageCopies(poppies);
    expect(await first.display?.text()).toBe("1600x1067");
    expect(await first.medium?.text()).toBe("800x533");
    expect(await first.thumbnail?.text()).toBe("480x320");
    expect(await makeImageCopies(poppies)).toBe(first);
    expect(decoded).toHaveBeenCalledTimes(1);

    // Another file, even with the same name and bytes, is another choice.
    await makeImageCopies(new File(["jpeg"], "poppies.jpg", { type: "image/jpeg" }));
    expect(decoded).toHaveBeenCalledTimes(2);
  });
});
